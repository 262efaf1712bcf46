/**
 * A real HTTPS webhook receiver on 127.0.0.1 with its own self-signed CA (made with openssl per run),
 * recording every request's raw body and headers. Responses can be scripted (e.g. 500, 500, then 200) and
 * held back for a while, so a test can kill a worker while its deliveries are in flight.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireProgram } from './required-tool';

export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
}

export interface HttpsReceiver {
  url: string;
  caPath: string;
  received: ReceivedWebhook[];
  /** Statuses to answer next, in order; afterwards 200. */
  script(statuses: number[]): void;
  /** Answers every later request only after `ms` (it is recorded on arrival). */
  hold(ms: number): void;
  close(): Promise<void>;
}

/** A CA and a server certificate for localhost and 127.0.0.1 signed by it, in `dir` (the CA is what the sender trusts). */
export function makeCertificates(dir: string): { caPath: string; key: Buffer; cert: Buffer } {
  const program = requireProgram('openssl', { for: "to make the HTTPS webhook receiver's certificates", install: 'apt-get install openssl' });
  const openssl = (...args: string[]) => execFileSync(program, args, { cwd: dir, stdio: 'pipe' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test Webhook CA');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=localhost');
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.ext');
  return { caPath: join(dir, 'ca.pem'), key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')) };
}

export async function startHttpsReceiver(): Promise<HttpsReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'receiver-'));
  const { caPath, key, cert } = makeCertificates(dir);
  const received: ReceivedWebhook[] = [];
  let scripted: number[] = [];
  let holdMs = 0;
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '/', headers: req.headers, rawBody: Buffer.concat(chunks) });
      res.statusCode = scripted.shift() ?? 200;
      setTimeout(() => res.end('ok'), holdMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/hooks/compliance`,
    caPath,
    received,
    script: (statuses) => {
      scripted = [...statuses];
    },
    hold: (ms) => {
      holdMs = ms;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it returns a value, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
