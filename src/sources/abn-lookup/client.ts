/**
 * The ABN Lookup JSON web service (abr.business.gov.au/json/): AbnDetails and MatchingNames over its
 * JSONP protocol, with the GUID the ABR issues on registration. The GUID is a secret: it is sent in
 * the query string, as the service requires, and never put into an error or a log line.
 */
import { parseJsonp } from './jsonp';
import { mapAbnDetails, mapMatchingNames, type AbnLookupRecord, type MatchingName } from './map';

/** The service refused the request itself (an unknown or unauthorised GUID): a configuration fault, not "not found". */
export class AbnLookupRejectedError extends Error {
  constructor(message: string) {
    super(`ABN Lookup refused the request: ${message}`);
    this.name = 'AbnLookupRejectedError';
  }
}

const REFUSED = /guid|not (?:recognised|authorised|authorized)|registered party/i;

export class AbnLookupClient {
  private readonly fetchImpl: typeof fetch;
  private readonly timeoutMs: number;

  constructor(private readonly options: { baseUrl: string; guid: string; fetchImpl?: typeof fetch; timeoutMs?: number }) {
    this.fetchImpl = options.fetchImpl ?? fetch;
    this.timeoutMs = options.timeoutMs ?? 5_000;
  }

  async abnDetails(abn: string): Promise<AbnLookupRecord> {
    const record = mapAbnDetails(abn, await this.call('AbnDetails.aspx', { abn }));
    if (!record.found && record.message && REFUSED.test(record.message)) throw new AbnLookupRejectedError(record.message);
    return record;
  }

  async matchingNames(name: string, maxResults = 10): Promise<MatchingName[]> {
    const json = await this.call('MatchingNames.aspx', { name, maxResults: String(maxResults) });
    const message = typeof (json as { Message?: unknown })?.Message === 'string' ? (json as { Message: string }).Message : '';
    if (message && REFUSED.test(message)) throw new AbnLookupRejectedError(message);
    return mapMatchingNames(json);
  }

  private async call(page: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(page, this.options.baseUrl.endsWith('/') ? this.options.baseUrl : `${this.options.baseUrl}/`);
    for (const [key, value] of Object.entries({ ...params, callback: 'callback', guid: this.options.guid })) url.searchParams.set(key, value);
    const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(this.timeoutMs), headers: { accept: 'application/javascript, application/json' } });
    if (!response.ok) throw new Error(`ABN Lookup ${page} answered ${response.status} ${response.statusText}`);
    return parseJsonp(await response.text());
  }
}
