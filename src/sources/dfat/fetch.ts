import { fetchListFile, type FetchListOutcome, type ListValidators } from '../common/fetch-list-file';

/** DFAT's Consolidated List workbook (International relations > Security > Sanctions > Consolidated list). */
export const DFAT_CONSOLIDATED_LIST_URL = 'https://www.dfat.gov.au/sites/default/files/Australian_Sanctions_Consolidated_List.xlsx';

export interface FetchDfatOptions {
  url?: string;
  localPath?: string;
  previous?: ListValidators;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

/** Downloads the DFAT list if it changed since `previous`, or hands back a local copy to parse. */
export function fetchDfatList(options: FetchDfatOptions = {}): Promise<FetchListOutcome> {
  return fetchListFile({ ...options, url: options.url ?? DFAT_CONSOLIDATED_LIST_URL, fileName: 'dfat-consolidated.xlsx' });
}
