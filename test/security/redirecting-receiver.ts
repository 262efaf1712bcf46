/**
 * A public-looking webhook receiver that answers every request with a redirect, and a second receiver
 * standing for the private service it points to. Both HTTPS under one test CA, so a sender that
 * followed the redirect would reach the second one and be seen there.
 */
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeCertificates } from '../helpers/https-receiver';

export interface RedirectPair {
  /** The receiver that redirects; its status and Location are set per request with `redirect`. */
  url: string;
  /** The private target the redirects point to. */
  targetUrl: string;
  caPath: string;
  /** How many requests each server saw. */
  hits: { redirector: number; target: number };
  redirect(status: number, location: string): void;
  close(): Promise<void>;
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export async function startRedirectPair(): Promise<RedirectPair> {
  const { caPath, key, cert } = makeCertificates(mkdtempSync(join(tmpdir(), 'redirect-receiver-')));
  const hits = { redirector: 0, target: 0 };
  let answer = { status: 302, location: '' };
  const target = createServer({ key, cert }, (req, res) => {
    hits.target += 1;
    req.resume().on('end', () => res.end('metadata'));
  });
  const redirector = createServer({ key, cert }, (req, res) => {
    hits.redirector += 1;
    req.resume().on('end', () => {
      res.writeHead(answer.status, { Location: answer.location });
      res.end();
    });
  });
  const [redirectorPort, targetPort] = [await listen(redirector), await listen(target)];
  const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    url: `https://localhost:${redirectorPort}/hooks`,
    targetUrl: `https://127.0.0.1:${targetPort}/latest/meta-data/`,
    caPath,
    hits,
    redirect: (status, location) => {
      answer = { status, location };
    },
    close: async () => {
      await Promise.all([close(redirector), close(target)]);
    },
  };
}
