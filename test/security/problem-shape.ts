/** The spec's two error shapes (Errors): `{"detail": <string>}`, and for 422 `{"detail": [{loc, msg, type}]}`. */
import { expect } from 'vitest';
import { jsonOf, type Json } from '../helpers/http';

/** Asserts `res` is a plain error of `status` with a string detail, and returns the body. */
export async function expectPlainError(res: Response, status: number, what = ''): Promise<Json> {
  expect(res.status, what).toBe(status);
  expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
  const body = await jsonOf(res);
  expect(typeof body.detail, `${what}: ${JSON.stringify(body)}`).toBe('string');
  return body;
}

/** Asserts `res` is a 422 in the spec's validation shape, naming `field` under body, and returns the issues. */
export async function expectValidationError(res: Response, field: string, what = ''): Promise<Json[]> {
  expect(res.status, what).toBe(422);
  const body = await jsonOf(res);
  expect(Array.isArray(body.detail), `${what}: ${JSON.stringify(body)}`).toBe(true);
  for (const issue of body.detail as Json[]) {
    expect(issue, what).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
  }
  expect((body.detail as Json[]).map((i) => i.loc.join('.')), what).toContain(`body.${field}`);
  return body.detail as Json[];
}
