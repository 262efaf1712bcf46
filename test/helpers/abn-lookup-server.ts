/**
 * A local stand-in for the ABN Lookup JSON web service (abr.business.gov.au/json/) that speaks its
 * real protocol, so the client is tested against the wire format rather than a stubbed `fetch`:
 *
 * - `GET /json/AbnDetails.aspx?abn=…&callback=…&guid=…`, `/json/AcnDetails.aspx?acn=…` and
 *   `/json/MatchingNames.aspx?name=…&maxResults=…`;
 * - the answer is compact JSON wrapped in the caller's `callback` (JSONP), served as
 *   `text/javascript; charset=utf-8` with HTTP 200, whatever the outcome;
 * - the GUID is checked on every call: a wrong or missing one answers "The GUID entered is not
 *   recognised as a Registered Party" with every identifying field empty, as the service does;
 * - an unknown ABN or ACN answers "No record found" with empty fields; a malformed one (failing its
 *   checksum) "Search text is not a valid ABN or ACN";
 * - it is seeded with the three real answers captured in 2018, kept in test/fixtures/registers (the trust
 *   AbnDetails answer as it is; the Bunnings answer, which came from AcnDetails with the 9-digit ACN
 *   in `Abn`, served as it is by AcnDetails and with its real ABN 26 008 672 179 by AbnDetails; the
 *   MatchingNames hits for "department of industry"), plus any records the test gives;
 * - it counts requests per path, keeps each request's query, and can be told to fail (HTTP 500, an
 *   HTML error page) or to stall for the next few requests.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAbn, checkAcn } from '../../src/sources/common/business-numbers';

/** The captured answers, copied whole from the shared data by `npx tsx scripts/cut-fixtures.ts registers`. */
const CAPTURED_DIR = resolve(__dirname, '../fixtures/registers/formats/abn-lookup');

/** An answer as the service sends it (PascalCase keys, every one optional). */
export type AbnLookupAnswer = Record<string, unknown>;

export const GUID_NOT_RECOGNISED = 'The GUID entered is not recognised as a Registered Party';
export const NO_RECORD_FOUND = 'No record found';
export const NOT_A_VALID_NUMBER = 'Search text is not a valid ABN or ACN';

/** The real answers captured from the service, as it sent them. */
export function capturedAbnLookupAnswers(): { trustAbnDetails: AbnLookupAnswer; companyAcnDetails: AbnLookupAnswer; matchingNames: AbnLookupAnswer } {
  const read = (name: string) => JSON.parse(readFileSync(resolve(CAPTURED_DIR, name), 'utf8')) as AbnLookupAnswer;
  return {
    trustAbnDetails: read('AbnDetails_trust_2018.json'),
    companyAcnDetails: read('AcnDetails_company_2018.json'),
    matchingNames: read('MatchingNames_2018.json'),
  };
}

/** The captured Bunnings answer's ABN (its `Abn` held the ACN 008 672 179). */
export const CAPTURED_COMPANY_ABN = '26008672179';
export const CAPTURED_COMPANY_ACN = '008672179';
export const CAPTURED_TRUST_ABN = '74172177893';

/** An AbnDetails/AcnDetails answer with every identifying field empty and `Message` saying why. */
export function emptyDetails(message: string): AbnLookupAnswer {
  return {
    Abn: '',
    AbnStatus: '',
    AbnStatusEffectiveFrom: '',
    Acn: '',
    AddressDate: null,
    AddressPostcode: '',
    AddressState: '',
    BusinessName: [],
    EntityName: '',
    EntityTypeCode: '',
    EntityTypeName: '',
    Gst: null,
    Message: message,
  };
}

export interface AbnLookupServerOptions {
  guid: string;
  /** AbnDetails answers, keyed by their 11-digit `Abn`; they replace a captured answer with the same ABN. Those with an `Acn` are served by AcnDetails too. */
  records?: AbnLookupAnswer[];
  /** MatchingNames hits (`{ Abn, AbnStatus, IsCurrent, Name, NameType, Postcode, Score, State }`) beyond those built from the records. */
  names?: AbnLookupAnswer[];
  /** Seed with the captured answers (default true). */
  captured?: boolean;
}

export interface AbnLookupServer {
  /** `http://127.0.0.1:<port>/json/`, as `ABN_LOOKUP_BASE_URL`. */
  baseUrl: string;
  /** Requests per path (`/json/AbnDetails.aspx`, ...), failed ones included. */
  requests: Map<string, number>;
  /** Requests to `page` (`AbnDetails.aspx`, ...) so far. */
  count(page: string): number;
  /** Every request's path and query, in order (the GUID included: this is a test double). */
  received: { path: string; query: Record<string, string> }[];
  /** Adds or replaces an AbnDetails answer (a changed registration). */
  put(answer: AbnLookupAnswer): void;
  /** The next `n` requests answer HTTP 500 with an HTML error page. */
  failNext(n: number): void;
  /** The next `n` requests wait `ms` before answering (for timeouts). */
  stallNext(n: number, ms: number): void;
  close(): Promise<void>;
}

const ACTIVE_CODE = '0000000001';
const CANCELLED_CODE = '0000000002';
const CALLBACK_NAME = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/;

const digitsOf = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, '') : '');
const tokens = (value: string): string[] => value.toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Every query word begins some word of the name (words compared on their first six letters, so INDUSTRY finds INDUSTRIES). */
function matches(query: string[], name: string): boolean {
  const words = tokens(name);
  return query.every((q) => {
    const stem = q.slice(0, 6);
    return words.some((w) => w.startsWith(stem));
  });
}

/** The MatchingNames hits an AbnDetails answer stands for: its entity name and each business name. */
function namesOf(answer: AbnLookupAnswer): AbnLookupAnswer[] {
  const status = stringOf(answer.AbnStatus).toLowerCase() === 'cancelled' ? CANCELLED_CODE : ACTIVE_CODE;
  const common = { Abn: answer.Abn, AbnStatus: status, IsCurrent: true, Postcode: stringOf(answer.AddressPostcode), State: stringOf(answer.AddressState) };
  const business = Array.isArray(answer.BusinessName) ? answer.BusinessName.filter((n): n is string => typeof n === 'string') : [];
  return [
    ...(stringOf(answer.EntityName) ? [{ ...common, Name: answer.EntityName, NameType: 'Entity Name' }] : []),
    ...[...new Set(business)].map((name) => ({ ...common, Name: name, NameType: 'Business Name' })),
  ];
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
}

export async function startAbnLookupServer(options: AbnLookupServerOptions): Promise<AbnLookupServer> {
  const byAbn = new Map<string, AbnLookupAnswer>();
  const byAcn = new Map<string, AbnLookupAnswer>();
  const extraNames: AbnLookupAnswer[] = [...(options.names ?? [])];
  const put = (answer: AbnLookupAnswer): void => {
    const abn = digitsOf(answer.Abn);
    if (!/^\d{11}$/.test(abn)) throw new Error(`An AbnDetails record needs an 11-digit Abn; got ${JSON.stringify(answer.Abn)}`);
    byAbn.set(abn, answer);
    const acn = digitsOf(answer.Acn);
    if (/^\d{9}$/.test(acn)) byAcn.set(acn, answer);
  };

  if (options.captured !== false) {
    const captured = capturedAbnLookupAnswers();
    put(captured.trustAbnDetails);
    put({ ...captured.companyAcnDetails, Abn: CAPTURED_COMPANY_ABN });
    byAcn.set(CAPTURED_COMPANY_ACN, captured.companyAcnDetails); // as captured: the ACN in `Abn`
    const names = captured.matchingNames.Names;
    if (Array.isArray(names)) extraNames.push(...(names as AbnLookupAnswer[]));
  }
  for (const record of options.records ?? []) put(record);

  const requests = new Map<string, number>();
  const received: AbnLookupServer['received'] = [];
  let failures = 0;
  let stalls = 0;
  let stallMs = 0;

  const answerFor = (page: string, query: URLSearchParams): AbnLookupAnswer | null => {
    const refused = query.get('guid') !== options.guid;
    switch (page) {
      case 'AbnDetails.aspx': {
        if (refused) return emptyDetails(GUID_NOT_RECOGNISED);
        const abn = digitsOf(query.get('abn'));
        if (!checkAbn(abn).valid) return emptyDetails(NOT_A_VALID_NUMBER);
        return byAbn.get(abn) ?? emptyDetails(NO_RECORD_FOUND);
      }
      case 'AcnDetails.aspx': {
        if (refused) return emptyDetails(GUID_NOT_RECOGNISED);
        const acn = digitsOf(query.get('acn'));
        if (!checkAcn(acn).valid) return emptyDetails(NOT_A_VALID_NUMBER);
        return byAcn.get(acn) ?? emptyDetails(NO_RECORD_FOUND);
      }
      case 'MatchingNames.aspx': {
        if (refused) return { Message: GUID_NOT_RECOGNISED, Names: [] };
        const query_ = tokens(query.get('name') ?? '');
        if (query_.length === 0) return { Message: 'No name search criteria entered', Names: [] };
        const max = Math.max(1, Number.parseInt(query.get('maxResults') ?? '10', 10) || 10);
        const wanted = query_.join(' ');
        const generated = [...byAbn.values()].flatMap(namesOf).map((n): AbnLookupAnswer => ({ ...n, Score: tokens(stringOf(n.Name)).join(' ') === wanted ? 100 : 90 }));
        const hits = [...extraNames, ...generated]
          .filter((n) => matches(query_, stringOf(n.Name)))
          .sort((a, b) => (Number(b.Score) || 0) - (Number(a.Score) || 0))
          .slice(0, max)
          .map((n) => ({ Abn: n.Abn, AbnStatus: n.AbnStatus, IsCurrent: n.IsCurrent, Name: n.Name, NameType: n.NameType, Postcode: n.Postcode, Score: n.Score, State: n.State }));
        return { Message: '', Names: hits };
      }
      default:
        return null;
    }
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    received.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const respond = (): void => {
      if (failures > 0) {
        failures -= 1;
        sendHtml(res, 500, "<!DOCTYPE html><html><head><title>Runtime Error</title></head><body><h1>Server Error in '/' Application.</h1></body></html>");
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        sendHtml(res, 405, '<html><body>The HTTP verb used to access this page is not allowed.</body></html>');
        return;
      }
      const page = url.pathname.startsWith('/json/') ? url.pathname.slice('/json/'.length) : '';
      const answer = answerFor(page, url.searchParams);
      if (!answer) {
        sendHtml(res, 404, '<html><body><h2>The resource cannot be found.</h2></body></html>');
        return;
      }
      const requested = url.searchParams.get('callback') ?? '';
      const callback = CALLBACK_NAME.test(requested) ? requested : 'callback';
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'private' }).end(`${callback}(${JSON.stringify(answer)})`);
    };
    if (stalls > 0) {
      stalls -= 1;
      const timer = setTimeout(respond, stallMs);
      res.on('close', () => clearTimeout(timer));
    } else {
      respond();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });

  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/json/`,
    requests,
    count: (page) => requests.get(`/json/${page}`) ?? 0,
    received,
    put,
    failNext: (n) => {
      failures = n;
    },
    stallNext: (n, ms) => {
      stalls = n;
      stallMs = ms;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
