/**
 * Downloads AusTender contract notices for a time window from the OCDS API:
 * `GET {base}/findByDates/{contractPublished|contractLastModified}/{from}/{to}` with UTC instants
 * (`2024-01-01T00:00:00Z`), answering an OCDS release package of up to 100 releases whose
 * `links.next` (an absolute URL with a `cursor` parameter) names the next page; the last page has no
 * `next`. Every page's package is written as one NDJSON line to `destPath`, which
 * {@link parseAustenderFile} reads.
 *
 * A non-2xx answer, a body that is not JSON or not a release package, a `next` link already followed
 * (a paging loop) or more than `maxPages` pages throw with a message naming the URL, and the partial
 * file is removed: the Temporal activity retries, and a half-read window is never stored as complete.
 */
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';

export const AUSTENDER_BASE_URL = 'https://api.tenders.gov.au/ocds';

export interface FetchAustenderOptions {
  /** The API root, e.g. {@link AUSTENDER_BASE_URL}. */
  baseUrl: string;
  /** Which date the window applies to; `contractPublished` by default. */
  dateType?: 'contractPublished' | 'contractLastModified';
  from: Date;
  to: Date;
  destPath: string;
  /** Injected in tests; the global fetch otherwise. */
  fetchImpl?: typeof fetch;
  /** Called after each page is written (the activity heartbeats with it). */
  onPage?: (page: number, releases: number) => void;
  /** At most this many pages (100 releases each); 2,000 by default. */
  maxPages?: number;
  /** Per-request time limit; 60 s by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

const DEFAULT_MAX_PAGES = 2_000;

/** `2024-01-01T00:00:00Z`: the API's path parameters take whole seconds. */
export function austenderInstant(at: Date): string {
  if (Number.isNaN(at.getTime())) throw new Error('AusTender window: invalid date');
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The first page's URL for a window. */
export function findByDatesUrl(baseUrl: string, dateType: 'contractPublished' | 'contractLastModified', from: Date, to: Date): string {
  return `${baseUrl.replace(/\/+$/, '')}/findByDates/${dateType}/${austenderInstant(from)}/${austenderInstant(to)}`;
}

async function getPage(url: string, options: FetchAustenderOptions): Promise<Record<string, unknown>> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const response = await (options.fetchImpl ?? fetch)(url, {
    headers: { accept: 'application/json', 'user-agent': 'compliance-intelligence register loader' },
    redirect: 'follow',
    signal,
  });
  const body = await response.text();
  if (!response.ok) {
    throw new Error(`AusTender OCDS API: ${url} answered ${response.status} ${response.statusText}: ${body.slice(0, 200)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`AusTender OCDS API: ${url} answered ${response.status} with a body that is not JSON: ${JSON.stringify(body.slice(0, 200))}`);
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray((parsed as { releases?: unknown }).releases)) {
    throw new Error(`AusTender OCDS API: ${url} answered JSON that is not a release package (no releases array): ${body.slice(0, 200)}`);
  }
  return parsed as Record<string, unknown>;
}

function nextLink(pkg: Record<string, unknown>, current: string): string | null {
  const links = pkg.links;
  if (typeof links !== 'object' || links === null) return null;
  const next = (links as { next?: unknown }).next;
  if (typeof next !== 'string' || next.trim() === '') return null;
  return new URL(next.trim(), current).toString();
}

export async function fetchAustenderReleases(options: FetchAustenderOptions): Promise<{ pages: number; releases: number }> {
  const maxPages = options.maxPages ?? DEFAULT_MAX_PAGES;
  if (options.from.getTime() > options.to.getTime()) throw new Error('AusTender window: from is after to');
  let url: string | null = findByDatesUrl(options.baseUrl, options.dateType ?? 'contractPublished', options.from, options.to);
  const seen = new Set<string>();
  let pages = 0;
  let releases = 0;
  const out = createWriteStream(options.destPath, { encoding: 'utf8' });
  const failed = new Promise<never>((_resolve, reject) => out.once('error', reject));
  failed.catch(() => {});
  try {
    while (url !== null) {
      if (seen.has(url)) throw new Error(`AusTender OCDS API: paging loop, links.next points again to ${url} after ${pages} pages`);
      if (pages >= maxPages) throw new Error(`AusTender OCDS API: more than ${maxPages} pages for one window (next: ${url}); ask for a shorter window`);
      seen.add(url);
      const pkg = await getPage(url, options);
      const count = (pkg.releases as unknown[]).length;
      pages += 1;
      releases += count;
      if (!out.write(`${JSON.stringify(pkg)}\n`)) await Promise.race([once(out, 'drain'), failed]);
      options.onPage?.(pages, releases);
      // An empty page ends the window even if it still links onward: nothing further is there to read.
      url = count === 0 ? null : nextLink(pkg, url);
    }
    out.end();
    await Promise.race([once(out, 'finish'), failed]);
  } catch (err) {
    out.destroy();
    await rm(options.destPath, { force: true });
    throw err;
  }
  return { pages, releases };
}
