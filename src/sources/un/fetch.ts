import { fetchListFile, type FetchListOutcome, type ListValidators } from '../common/fetch-list-file';

/** The UN Security Council Consolidated List as XML. */
export const UN_CONSOLIDATED_LIST_URL = 'https://scsanctions.un.org/resources/xml/en/consolidated.xml';

export interface FetchUnOptions {
  url?: string;
  localPath?: string;
  previous?: ListValidators;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

/** Downloads the UN list if it changed since `previous`, or hands back a local copy to parse. */
export function fetchUnList(options: FetchUnOptions = {}): Promise<FetchListOutcome> {
  return fetchListFile({ ...options, url: options.url ?? UN_CONSOLIDATED_LIST_URL, fileName: 'un-consolidated.xml' });
}
