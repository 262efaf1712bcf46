import { fetchListFile, type FetchListOutcome, type ListValidators } from '../common/fetch-list-file';

/** Where OpenSanctions publishes each dataset's latest exports. */
export const OPENSANCTIONS_DATASETS_URL = 'https://data.opensanctions.org/datasets/latest';

export type OpenSanctionsExport = 'targets.simple.csv' | 'entities.ftm.json';

/** The URL of one export of one dataset, e.g. `…/latest/peps/entities.ftm.json`. */
export function openSanctionsExportUrl(dataset: string, exportName: OpenSanctionsExport, base = OPENSANCTIONS_DATASETS_URL): string {
  return `${base}/${encodeURIComponent(dataset)}/${exportName}`;
}

export interface FetchOpenSanctionsOptions {
  dataset: string;
  exportName?: OpenSanctionsExport;
  url?: string;
  localPath?: string;
  previous?: ListValidators;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Downloads a dataset export if it changed since `previous`. The file is named
 * `<dataset>-<export>` so the parser can tell which dataset it holds.
 */
export function fetchOpenSanctionsList(options: FetchOpenSanctionsOptions): Promise<FetchListOutcome> {
  const exportName = options.exportName ?? 'targets.simple.csv';
  return fetchListFile({
    url: options.url ?? openSanctionsExportUrl(options.dataset, exportName),
    localPath: options.localPath,
    previous: options.previous,
    fileName: `${options.dataset}-${exportName}`,
    fetchImpl: options.fetchImpl,
    signal: options.signal,
  });
}
