/**
 * What every fuzz answer must satisfy (spec: Errors): no 5xx (a 501 only where the document declares
 * it), and every error a JSON body in one of the spec's two shapes, `{"detail": "..."}` or the 422
 * list of `{loc, msg, type}`. A refusable request must be answered 4xx.
 */
import { z } from 'zod';
import type { FuzzResponse } from './fuzz-client';
import type { FuzzRequest } from './request-cases';

const PlainError = z.object({ detail: z.string().min(1) });

const ValidationErrorBody = z.object({
  detail: z
    .array(z.object({ loc: z.array(z.union([z.string(), z.number().int()])).min(1), msg: z.string(), type: z.string() }))
    .min(1),
});

/** Where the answer breaks the contract, or undefined when it keeps it. */
export function contractBreach(request: FuzzRequest, response: FuzzResponse): string | undefined {
  const { status } = response;
  if (response.transportError) return `no HTTP answer: ${response.transportError}`;
  if (status >= 500 && !(status === 501 && request.op.declaredStatuses.has(501))) return `server error ${status}: ${preview(response.body)}`;
  if (request.refusable && (status < 400 || status >= 500)) return `refusable request answered ${status}`;
  if (status < 400) return undefined;
  if (!/^application\/(problem\+)?json\b/.test(response.contentType)) return `error ${status} with Content-Type ${JSON.stringify(response.contentType)}`;
  let body: unknown;
  try {
    body = JSON.parse(response.body.toString('utf8'));
  } catch {
    return `error ${status} whose body is not JSON: ${preview(response.body)}`;
  }
  const shape = status === 422 ? ValidationErrorBody : PlainError;
  const parsed = shape.safeParse(body);
  if (!parsed.success) return `error ${status} not in the spec's shape: ${preview(response.body)}`;
  if (status === 422) {
    const places = ['body', 'query', 'path', 'header'];
    const misplaced = (parsed.data as z.infer<typeof ValidationErrorBody>).detail.find((issue) => !places.includes(String(issue.loc[0])));
    if (misplaced) return `422 issue located outside body/query/path: ${JSON.stringify(misplaced.loc)}`;
  }
  return undefined;
}

const preview = (body: Buffer) => body.toString('utf8').slice(0, 300);

/** A failing request, shortened for the test report. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.body ? ` body(${request.body.length} B)=${request.body.toString('utf8').slice(0, 200)}` : '';
  return `${request.op.method} ${request.url.slice(0, 300)} [${request.label}] ${JSON.stringify(request.headers['content-type'] ?? null)}${body}`;
}
