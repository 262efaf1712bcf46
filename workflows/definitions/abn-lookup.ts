/** The ABN Lookup workflow's contract (`abn-lookup-<abn>`): one ABN in, the web service's answer out. */
import type { AbnLookupRecord } from '../../src/sources/abn-lookup/map';

export interface AbnLookupInput {
  abn: string;
}

/** What the `abn-lookup-<abn>` workflow answers. */
export interface AbnLookupAnswer {
  record: AbnLookupRecord;
  fetchedAt: string;
  fromCache: boolean;
}
