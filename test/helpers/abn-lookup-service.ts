/**
 * A local stand-in for the ABN Lookup JSON web service that speaks its real protocol: `AbnDetails.aspx`,
 * `AcnDetails.aspx` and `MatchingNames.aspx` under `/json/`, the GUID checked on every call, answers as
 * compact JSON wrapped in the caller's `callback` (JSONP, `text/javascript`), "not found" and a refused
 * GUID answered the way the service does (HTTP 200, empty identifiers, the reason in `Message`). It
 * counts requests, and can be told to fail the next few with a 500.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sharedDataFile } from './shared-data';

type Answer = Record<string, unknown>;

const EMPTY_DETAILS = { Abn: '', AbnStatus: '', AddressDate: null, AddressPostcode: '', AddressState: '', BusinessName: [], EntityName: '', EntityTypeCode: '', EntityTypeName: '', Gst: null };

/** The real AbnDetails answer captured in the shared data (ABN 74 172 177 893), or null without the shared folder. */
export function capturedAbnDetails(): Answer | null {
  const path = sharedDataFile('registers', 'formats', 'abn-lookup', 'AbnDetails_trust_2018.json');
  return path ? (JSON.parse(readFileSync(path, 'utf8')) as Answer) : null;
}

export interface AbnLookupService {
  baseUrl: string;
  /** Requests per page (`AbnDetails.aspx`, ...). */
  requests: Map<string, number>;
  failNext(count: number): void;
  close(): Promise<void>;
}

export async function startAbnLookupService(options: { guid: string; abnDetails?: Answer[]; matchingNames?: Answer[] }): Promise<AbnLookupService> {
  const byAbn = new Map((options.abnDetails ?? []).map((a) => [String(a.Abn), a]));
  const requests = new Map<string, number>();
  let failures = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const page = url.pathname.replace(/^\/json\//, '');
    requests.set(page, (requests.get(page) ?? 0) + 1);
    if (failures > 0) {
      failures -= 1;
      res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body><h1>Server Error in \'/\' Application.</h1></body></html>');
      return;
    }
    const callback = url.searchParams.get('callback') ?? 'callback';
    const refused = url.searchParams.get('guid') !== options.guid;
    let answer: Answer;
    if (page === 'AbnDetails.aspx') {
      const abn = (url.searchParams.get('abn') ?? '').replace(/\s+/g, '');
      const record = byAbn.get(abn);
      answer = refused
        ? { ...EMPTY_DETAILS, Message: 'The GUID entered is not recognised as a Registered Party' }
        : (record ?? { ...EMPTY_DETAILS, Message: /^\d{11}$/.test(abn) ? 'No record found' : 'Search text is not a valid ABN or ACN' });
    } else if (page === 'MatchingNames.aspx') {
      answer = refused ? { Message: 'The GUID entered is not recognised as a Registered Party', Names: [] } : { Message: '', Names: options.matchingNames ?? [] };
    } else if (page === 'AcnDetails.aspx') {
      answer = refused ? { ...EMPTY_DETAILS, Message: 'The GUID entered is not recognised as a Registered Party' } : { ...EMPTY_DETAILS, Message: 'No record found' };
    } else {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<html><body>The resource cannot be found.</body></html>');
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(`${callback}(${JSON.stringify(answer)})`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/json/`,
    requests,
    failNext: (count) => {
      failures = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
