/** Tests read JSON bodies loosely and assert on their shape; this keeps that loose typing in one place. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export async function jsonOf(res: Response): Promise<Json> {
  return (await res.json()) as Json;
}
