/**
 * Sends fuzz requests over a small keep-alive pool with a fixed number in flight, so thousands of
 * requests reach the app quickly without swamping a 2-core machine. A transport failure (reset, hang
 * up) is reported as a response with status 0: the server must answer every request, however hostile.
 */
import { Pool } from 'undici';
import type { FuzzRequest } from './request-cases';

export interface FuzzResponse {
  status: number;
  contentType: string;
  body: Buffer;
  /** From sending to the last byte of the answer. */
  elapsedMs: number;
  /** Set when no HTTP answer came back. */
  transportError?: string;
}

/** Sends `requests` to `baseUrl`, `concurrency` at a time, calling `check` with each answer as it arrives. */
export async function sendAll(
  baseUrl: string,
  requests: FuzzRequest[],
  concurrency: number,
  check: (request: FuzzRequest, response: FuzzResponse) => void,
): Promise<void> {
  const pool = new Pool(baseUrl, { connections: concurrency, pipelining: 1, keepAliveTimeout: 30_000, headersTimeout: 60_000, bodyTimeout: 60_000 });
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      check(request, await sendOne(pool, request));
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await pool.close();
  }
}

async function sendOne(pool: Pool, request: FuzzRequest): Promise<FuzzResponse> {
  const started = performance.now();
  const elapsedMs = () => performance.now() - started;
  try {
    const res = await pool.request({
      method: request.op.method,
      path: request.url,
      headers: request.headers,
      ...(request.body ? { body: request.body } : {}),
    });
    const body = Buffer.from(await res.body.arrayBuffer());
    const contentType = res.headers['content-type'];
    return { status: res.statusCode, contentType: Array.isArray(contentType) ? contentType.join(',') : (contentType ?? ''), body, elapsedMs: elapsedMs() };
  } catch (err) {
    return { status: 0, contentType: '', body: Buffer.alloc(0), elapsedMs: elapsedMs(), transportError: (err as Error).message };
  }
}
