/**
 * Requests from a chosen loopback address: the client socket is bound to `localAddress` (127.0.0.2,
 * 127.0.0.3, ...; all of 127/8 is the loopback interface on Linux), so the server sees a different
 * client address for real, without any proxy header it would have to trust.
 */
import { request } from 'node:http';

export interface AddressedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** POSTs `fields` form-encoded to `url` from `localAddress`. */
export function postFormFrom(url: string, localAddress: string, fields: Record<string, string>, headers: Record<string, string> = {}): Promise<AddressedResponse> {
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', localAddress, agent: false, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}
