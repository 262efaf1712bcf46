/**
 * A webhook receiver that misbehaves as real ones do, one scripted fault per request: it reads the
 * request and never answers (the sender times out), or cuts the connection (`socket.destroy()`, a
 * reset), or answers an error status; then it recovers and answers 200. Every request is recorded with
 * what it was answered, so a test can tell how many deliveries succeeded, not just how many arrived.
 * HTTPS with its own CA, like the plain receiver (https-receiver.ts).
 */
import { mkdtempSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCertificates, type ReceivedWebhook } from './https-receiver';

/** What the receiver does with one request: never answer, reset the connection, or answer a status. */
export type ReceiverFault = 'no-answer' | 'reset' | number;

export interface FaultyWebhook extends ReceivedWebhook {
  answeredWith: ReceiverFault;
}

export interface FaultyReceiver {
  url: string;
  caPath: string;
  received: FaultyWebhook[];
  /** Faults for the next requests, in order; after them every request is answered 200. */
  script(faults: ReceiverFault[]): void;
  close(): Promise<void>;
}

export async function startFaultyReceiver(): Promise<FaultyReceiver> {
  const { caPath, key, cert } = makeCertificates(mkdtempSync(join(tmpdir(), 'faulty-receiver-')));
  const received: FaultyWebhook[] = [];
  const unanswered = new Set<ServerResponse>();
  let scripted: ReceiverFault[] = [];
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answeredWith = scripted.shift() ?? 200;
      received.push({ path: req.url ?? '/', headers: req.headers, rawBody: Buffer.concat(chunks), answeredWith });
      if (answeredWith === 'no-answer') {
        unanswered.add(res);
      } else if (answeredWith === 'reset') {
        req.socket.destroy();
      } else {
        res.statusCode = answeredWith;
        res.end('ok');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}/hooks/faulty`,
    caPath,
    received,
    script: (faults) => {
      scripted = [...faults];
    },
    close: async () => {
      for (const res of unanswered) res.socket?.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
