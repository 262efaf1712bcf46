/**
 * The ABN Lookup JSON web service (abr.business.gov.au/json/): AbnDetails and MatchingNames over its
 * JSONP protocol, with the GUID the ABR issues on registration.
 *
 * The service answers HTTP 200 for "not found" and for a refused GUID alike, with the reason in
 * `Message`; so the message decides: a refused GUID throws `AbnLookupRejectedError` (a configuration
 * fault, never to be read or cached as "not found"), "No record found" and "not a valid ABN" come back
 * as `found: false`, and any other message (the service's own trouble) throws, so the caller retries
 * instead of storing a false "not found".
 *
 * The GUID is a secret: it is sent in the query string, as the service requires, and kept out of
 * every error message (the service's own messages included: its XML twin echoes the GUID back).
 */
import { parseJsonp } from './jsonp';
import { classifyMessage, mapAbnDetails, mapMatchingNames, type AbnLookupRecord, type MatchingName } from './map';

/** The service refused the request itself (an unknown, unregistered or cancelled GUID): a configuration fault, not "not found". */
export class AbnLookupRejectedError extends Error {
  constructor(readonly serviceMessage: string) {
    super(`ABN Lookup refused the request (check ABN_LOOKUP_GUID): ${serviceMessage}`);
    this.name = 'AbnLookupRejectedError';
  }
}

/** The service could not answer: unreachable, timed out, a non-2xx status, or a message that is neither "found" nor "not found". */
export class AbnLookupUnavailableError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'AbnLookupUnavailableError';
  }
}

export interface AbnLookupClientOptions {
  /** e.g. `https://abr.business.gov.au/json/` (a trailing slash is optional). */
  baseUrl: string;
  guid: string;
  fetchImpl?: typeof fetch;
  /** Per request; 5 s unless given. */
  timeoutMs?: number;
}

/** The callback name sent; the answer is parsed whatever name it comes back wrapped in. */
const CALLBACK = 'callback';

export class AbnLookupClient {
  private readonly baseUrl: string;
  private readonly guid: string;
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(options: AbnLookupClientOptions) {
    this.baseUrl = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
    this.guid = options.guid;
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  /** The registration of `abn` (11 digits; spaces ignored). */
  async abnDetails(abn: string): Promise<AbnLookupRecord> {
    const digits = abn.replace(/\s+/g, '');
    if (!/^\d{11}$/.test(digits)) throw new RangeError(`An ABN has 11 digits; got ${JSON.stringify(abn.slice(0, 20))}`);
    const record = mapAbnDetails(digits, await this.call('AbnDetails.aspx', { abn: digits }));
    const message = record.message === null ? null : this.redact(record.message);
    if (record.found) return { ...record, message };
    this.checkMessage('AbnDetails.aspx', message);
    return { ...record, message };
  }

  /** Names matching `name`, best first, as the service ranks them; [] when none match. */
  async matchingNames(name: string, maxResults = 10): Promise<MatchingName[]> {
    if (!name.trim()) throw new RangeError('A name to search for is required');
    if (!Number.isInteger(maxResults) || maxResults < 1) throw new RangeError(`maxResults must be a positive integer; got ${maxResults}`);
    const json = await this.call('MatchingNames.aspx', { name: name.trim(), maxResults: String(maxResults) });
    const names = mapMatchingNames(json);
    if (names.length === 0) {
      const message = (json as { Message?: unknown }).Message;
      this.checkMessage('MatchingNames.aspx', typeof message === 'string' ? this.redact(message) : null);
    }
    return names;
  }

  /** Throws for a refused GUID or the service's own trouble; "not found" (or no message) passes. */
  private checkMessage(page: string, message: string | null): void {
    const kind = classifyMessage(message);
    if (kind === 'refused') throw new AbnLookupRejectedError(message!);
    if (kind === 'other') throw new AbnLookupUnavailableError(`ABN Lookup ${page} answered with an error: ${message!}`);
  }

  private async call(page: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(page, this.baseUrl);
    for (const [key, value] of Object.entries({ ...params, callback: CALLBACK, guid: this.guid })) url.searchParams.set(key, value);
    let response: Response;
    try {
      response = await this.fetchImpl(url, {
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'text/javascript, application/javascript, application/json;q=0.9, */*;q=0.1' },
      });
    } catch (err) {
      throw new AbnLookupUnavailableError(`ABN Lookup ${page} could not be reached: ${this.describe(err)}`);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new AbnLookupUnavailableError(`ABN Lookup ${page} answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`, response.status);
    }
    let body: string;
    try {
      body = await response.text();
    } catch (err) {
      throw new AbnLookupUnavailableError(`ABN Lookup ${page} answer could not be read: ${this.describe(err)}`);
    }
    return parseJsonp(body);
  }

  /** Why a request failed, without the URL (which holds the GUID). */
  private describe(err: unknown): string {
    if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return `timed out after ${this.timeoutMs} ms`;
    const cause = err instanceof Error ? (err.cause as { code?: unknown } | undefined) : undefined;
    const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
    return this.redact(`${err instanceof Error ? err.message : String(err)}${code}`);
  }

  private redact(text: string): string {
    return this.guid ? text.split(this.guid).join('[guid]') : text;
  }
}
