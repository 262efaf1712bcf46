/**
 * A local stand-in for Cloudflare Turnstile's siteverify endpoint that speaks its real protocol, so the
 * client is tested against the wire format rather than a stubbed `fetch`:
 *
 * - `POST /turnstile/v0/siteverify` with a form (`application/x-www-form-urlencoded`) or JSON body of
 *   `secret`, `response` and optional `remoteip`;
 * - the answer is always JSON with HTTP 200, pass or fail: `{success, challenge_ts, hostname,
 *   error-codes, action, cdata}` on success, `{success: false, error-codes: [...]}` otherwise;
 * - the secret is checked first: none is `missing-input-secret`, a wrong one `invalid-input-secret`;
 * - then the token: none is `missing-input-response`; `pass` passes (every time, unlike a real
 *   single-use token, so tests may reuse it); anything else is `invalid-input-response`;
 * - it keeps each request's fields (the secret included: this is a test double) and can be told to
 *   fail the next few requests with HTTP 500 and an HTML page, as an outage would.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export const PASSING_TOKEN = 'pass';

export interface TurnstileServerOptions {
  secret: string;
}

export interface TurnstileServer {
  /** `http://127.0.0.1:<port>/turnstile/v0/siteverify`, as `TURNSTILE_VERIFY_URL`. */
  verifyUrl: string;
  /** Every request's fields, in order. */
  received: Record<string, string>[];
  /** The next `n` requests answer HTTP 500 with an HTML page. */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startTurnstileServer(options: TurnstileServerOptions): Promise<TurnstileServer> {
  const received: Record<string, string>[] = [];
  let failures = 0;

  const answer = (fields: Record<string, string>): Record<string, unknown> => {
    if (!fields.secret) return { success: false, 'error-codes': ['missing-input-secret'] };
    if (fields.secret !== options.secret) return { success: false, 'error-codes': ['invalid-input-secret'] };
    if (!fields.response) return { success: false, 'error-codes': ['missing-input-response'] };
    if (fields.response !== PASSING_TOKEN) return { success: false, 'error-codes': ['invalid-input-response'] };
    return { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost', 'error-codes': [], action: '', cdata: '', metadata: { interactive: false } };
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method !== 'POST' || url.pathname !== '/turnstile/v0/siteverify') {
        res.writeHead(405, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: false, 'error-codes': ['bad-request'] }));
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      let fields: Record<string, string>;
      try {
        fields = (req.headers['content-type'] ?? '').includes('application/json')
          ? Object.fromEntries(Object.entries(JSON.parse(raw) as Record<string, unknown>).map(([k, v]) => [k, String(v)]))
          : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ success: false, 'error-codes': ['bad-request'] }));
        return;
      }
      received.push(fields);
      if (failures > 0) {
        failures -= 1;
        res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body><h1>500 Internal Server Error</h1></body></html>');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer(fields)));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  return {
    verifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/turnstile/v0/siteverify`,
    received,
    failNext: (n) => {
      failures = n;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
