import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchListFile, type FetchListOutcome } from '../../../src/sources/common/fetch-list-file';
import { fetchOfacLists } from '../../../src/sources/ofac/fetch';
import { fetchOpenSanctionsList, openSanctionsExportUrl } from '../../../src/sources/opensanctions/fetch';
import { FIXTURES } from './collect-events';

interface Call {
  url: string;
  headers: Record<string, string>;
}

/** A fetch that records requests and answers with the given response. */
function fakeFetch(respond: (call: Call) => Response): { fetchImpl: typeof fetch; calls: Call[] } {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const call = { url: String(url), headers: { ...(init?.headers as Record<string, string>) } };
    calls.push(call);
    return respond(call);
  }) as typeof fetch;
  return { fetchImpl, calls };
}

const downloaded: string[] = [];
afterEach(() => {
  for (const path of downloaded.splice(0)) rmSync(dirname(path), { recursive: true, force: true });
});

function keep(outcome: FetchListOutcome): FetchListOutcome {
  if (outcome.status === 'downloaded') downloaded.push(outcome.path);
  return outcome;
}

describe('fetchListFile', () => {
  it('asks only for a changed list, sending the previous validators', async () => {
    const { fetchImpl, calls } = fakeFetch(() => new Response(null, { status: 304 }));
    const outcome = await fetchListFile({ url: 'https://example.test/list.xml', fileName: 'list.xml', fetchImpl, previous: { etag: '"v1"', lastModified: 'Tue, 24 Feb 2026 00:00:00 GMT' } });
    expect(outcome).toEqual({ status: 'not_modified' });
    expect(calls[0]!.headers).toMatchObject({ 'if-none-match': '"v1"', 'if-modified-since': 'Tue, 24 Feb 2026 00:00:00 GMT' });
  });

  it('downloads a changed list to a temporary file and returns its new validators', async () => {
    const { fetchImpl } = fakeFetch(() => new Response('<CONSOLIDATED_LIST/>', { status: 200, headers: { etag: '"v2"', 'last-modified': 'Fri, 27 Feb 2026 00:00:00 GMT' } }));
    const outcome = keep(await fetchListFile({ url: 'https://example.test/list.xml', fileName: 'list.xml', fetchImpl }));
    expect(outcome).toMatchObject({ status: 'downloaded', etag: '"v2"', lastModified: 'Fri, 27 Feb 2026 00:00:00 GMT' });
    if (outcome.status !== 'downloaded') throw new Error('not downloaded');
    expect(readFileSync(outcome.path, 'utf8')).toBe('<CONSOLIDATED_LIST/>');
  });

  it('fails on an error status rather than keep an error page as the list', async () => {
    const { fetchImpl } = fakeFetch(() => new Response('gone', { status: 503, statusText: 'Service Unavailable' }));
    await expect(fetchListFile({ url: 'https://example.test/list.xml', fileName: 'list.xml', fetchImpl })).rejects.toThrow(/503/);
  });

  it('hands back a local file without fetching, and fails for a missing one', async () => {
    const { fetchImpl, calls } = fakeFetch(() => new Response('unused'));
    const path = `${FIXTURES}/un/consolidated.xml`;
    expect(await fetchListFile({ url: 'https://example.test/x', fileName: 'x', localPath: path, fetchImpl })).toEqual({ status: 'local', path });
    await expect(fetchListFile({ url: 'https://example.test/x', fileName: 'x', localPath: `${FIXTURES}/missing.xml`, fetchImpl })).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });
});

describe('fetchOfacLists', () => {
  it('fetches SDN, ALT and ADD each on its own validators', async () => {
    const { fetchImpl, calls } = fakeFetch((call) => (call.url.endsWith('SDN.CSV') ? new Response(null, { status: 304 }) : new Response('1,2\r\n')));
    const outcomes = await fetchOfacLists({ fetchImpl, previous: { sdn: { etag: '"sdn"' } } });
    keep(outcomes.alt);
    keep(outcomes.add);
    expect(outcomes.sdn).toEqual({ status: 'not_modified' });
    expect([outcomes.alt.status, outcomes.add.status]).toEqual(['downloaded', 'downloaded']);
    expect(calls.find((call) => call.url.endsWith('SDN.CSV'))!.headers['if-none-match']).toBe('"sdn"');
    expect(existsSync(outcomes.alt.status === 'downloaded' ? outcomes.alt.path : '')).toBe(true);
  });
});

describe('fetchOpenSanctionsList', () => {
  it('downloads a dataset export under a name that tells the parser its dataset', async () => {
    const { fetchImpl, calls } = fakeFetch(() => new Response('"id","schema","name"\n'));
    const outcome = keep(await fetchOpenSanctionsList({ dataset: 'peps', exportName: 'entities.ftm.json', fetchImpl }));
    expect(calls[0]!.url).toBe(openSanctionsExportUrl('peps', 'entities.ftm.json'));
    expect(calls[0]!.url).toBe('https://data.opensanctions.org/datasets/latest/peps/entities.ftm.json');
    expect(outcome.status === 'downloaded' && outcome.path.endsWith('peps-entities.ftm.json')).toBe(true);
  });
});
