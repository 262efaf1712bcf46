import { fetchListFile, type FetchListOutcome, type ListValidators } from '../common/fetch-list-file';

/** OFAC Sanctions List Service exports: the SDN list and its alias and address tables. */
export const OFAC_SDN_URLS = {
  sdn: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/SDN.CSV',
  alt: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ALT.CSV',
  add: 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/ADD.CSV',
} as const;

export type OfacFile = keyof typeof OFAC_SDN_URLS;

export interface FetchOfacOptions {
  urls?: Partial<Record<OfacFile, string>>;
  localPaths?: Partial<Record<OfacFile, string>>;
  previous?: Partial<Record<OfacFile, ListValidators>>;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Fetches SDN.CSV, ALT.CSV and ADD.CSV, each conditionally on its own validators: they are
 * published together but an unchanged file still answers 304 on its own.
 */
export async function fetchOfacLists(options: FetchOfacOptions = {}): Promise<Record<OfacFile, FetchListOutcome>> {
  const fetchOne = (file: OfacFile) =>
    fetchListFile({
      url: options.urls?.[file] ?? OFAC_SDN_URLS[file],
      localPath: options.localPaths?.[file],
      previous: options.previous?.[file],
      fileName: `ofac-${file}.csv`,
      fetchImpl: options.fetchImpl,
      signal: options.signal,
    });
  const [sdn, alt, add] = await Promise.all([fetchOne('sdn'), fetchOne('alt'), fetchOne('add')]);
  return { sdn, alt, add };
}
