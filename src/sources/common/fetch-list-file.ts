import { createWriteStream } from 'node:fs';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** What a previous download returned, sent back so an unchanged list is not downloaded again. */
export interface ListValidators {
  etag?: string | null;
  lastModified?: string | null;
}

export type FetchListOutcome =
  | { status: 'not_modified' }
  | { status: 'downloaded'; path: string; url: string; etag: string | null; lastModified: string | null }
  | { status: 'local'; path: string };

export interface FetchListOptions {
  /** Where to download from; each source supplies its official URL as the default. */
  url: string;
  /** Read this file instead of downloading (offline runs, tests, a file an operator supplied). */
  localPath?: string;
  previous?: ListValidators;
  /** File name inside the fresh temporary directory the download is written to. */
  fileName: string;
  /** Injected in tests; the global fetch otherwise. */
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Fetches one published list file. Lists are re-checked often but change rarely, so the request is
 * conditional on the previous ETag / Last-Modified and a 304 comes back as `not_modified` without a
 * download. A download is streamed to a new temporary directory that the caller removes once
 * parsed; any other status is an error, because parsing an error page as a list would look like
 * every entity had been delisted.
 */
export async function fetchListFile(options: FetchListOptions): Promise<FetchListOutcome> {
  if (options.localPath !== undefined) {
    await access(options.localPath);
    return { status: 'local', path: options.localPath };
  }
  const headers: Record<string, string> = { 'user-agent': 'compliance-intelligence list loader' };
  if (options.previous?.etag) headers['if-none-match'] = options.previous.etag;
  if (options.previous?.lastModified) headers['if-modified-since'] = options.previous.lastModified;
  const response = await (options.fetchImpl ?? fetch)(options.url, { headers, signal: options.signal, redirect: 'follow' });
  if (response.status === 304) return { status: 'not_modified' };
  if (!response.ok || response.body === null) {
    throw new Error(`list download failed: ${options.url} answered ${response.status} ${response.statusText}`);
  }
  const directory = await mkdtemp(join(tmpdir(), 'list-'));
  const path = join(directory, options.fileName);
  try {
    await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(path));
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw error;
  }
  return {
    status: 'downloaded',
    path,
    url: options.url,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  };
}
