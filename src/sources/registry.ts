import { parseDfatList } from './dfat/parse';
import { DFAT_CONSOLIDATED_LIST_URL } from './dfat/fetch';
import { parseEveryPoliticianFolder } from './everypolitician/parse';
import { type ListKind, type ParseEvent, UnexpectedFormatError } from './listed-entity';
import { OFAC_SDN_URLS } from './ofac/fetch';
import { parseOfacList } from './ofac/parse';
import { OPENSANCTIONS_DATASETS_URL } from './opensanctions/fetch';
import { parseOpenSanctionsFtm, parseOpenSanctionsSimpleCsv } from './opensanctions/parse';
import { UN_CONSOLIDATED_LIST_URL } from './un/fetch';
import { parseUnList } from './un/parse';

/** Every published format the loaders read. */
export type ListFormat = 'dfat-xlsx' | 'un-xml' | 'ofac-csv' | 'opensanctions-simple-csv' | 'opensanctions-ftm' | 'everypolitician-csv';

/**
 * The lists we load; an OpenSanctions dataset is named after the colon (`opensanctions:peps`).
 * `everypolitician` is Australian federal parliamentarians (domestic PEPs) in EveryPolitician's layout.
 */
export type ListSource = 'dfat' | 'un' | 'ofac' | 'everypolitician' | `opensanctions:${string}`;

export interface ListFile {
  source: ListSource;
  /** The list file; for EveryPolitician a folder (the country folder, or one chamber folder). */
  path: string;
  /** OFAC only: ALT.CSV (aliases) to join on ent_num. */
  altPath?: string;
  /** OFAC only: ADD.CSV (addresses) to join on ent_num. */
  addPath?: string;
  /** OpenSanctions only: declares the export's list kind (e.g. `pep`); the other lists are sanctions lists. */
  listKind?: ListKind;
  /** Overrides the format worked out from the source and file name. */
  format?: ListFormat;
}

/** The official download locations, the defaults each source's fetch uses. */
export const OFFICIAL_LIST_URLS = {
  dfat: DFAT_CONSOLIDATED_LIST_URL,
  un: UN_CONSOLIDATED_LIST_URL,
  ofac: OFAC_SDN_URLS,
  /** Followed by `/<dataset>/targets.simple.csv` or `/<dataset>/entities.ftm.json`. */
  opensanctions: OPENSANCTIONS_DATASETS_URL,
} as const;

/**
 * The format of a list file: fixed for DFAT, UN, OFAC and EveryPolitician; for OpenSanctions the export is told
 * apart by its extension (`.csv` → targets.simple.csv, `.json`/`.jsonl`/`.ndjson` → FtM entities).
 */
export function listFormatOf(file: Pick<ListFile, 'source' | 'path' | 'format'>): ListFormat {
  if (file.format) return file.format;
  if (file.source === 'dfat') return 'dfat-xlsx';
  if (file.source === 'un') return 'un-xml';
  if (file.source === 'ofac') return 'ofac-csv';
  if (file.source === 'everypolitician') return 'everypolitician-csv';
  if (/\.csv$/i.test(file.path)) return 'opensanctions-simple-csv';
  if (/\.(?:json|jsonl|ndjson)$/i.test(file.path)) return 'opensanctions-ftm';
  throw new UnexpectedFormatError(file.source, `cannot tell the OpenSanctions export format of ${file.path}`);
}

/**
 * Parses one list file with the parser for its source and format, yielding entities in the common
 * shape and problems with their locations. A file that is not the expected format throws
 * UnexpectedFormatError before any entity is yielded.
 */
export async function* parseListFile(file: ListFile): AsyncIterable<ParseEvent> {
  const format = listFormatOf(file);
  switch (format) {
    case 'dfat-xlsx':
      return yield* parseDfatList(file.path, { source: file.source });
    case 'un-xml':
      return yield* parseUnList(file.path, { source: file.source });
    case 'ofac-csv':
      return yield* parseOfacList({ sdn: file.path, alt: file.altPath, add: file.addPath }, { source: file.source });
    case 'opensanctions-simple-csv':
      return yield* parseOpenSanctionsSimpleCsv(file.path, { dataset: openSanctionsDataset(file.source), listKind: file.listKind });
    case 'opensanctions-ftm':
      return yield* parseOpenSanctionsFtm(file.path, { dataset: openSanctionsDataset(file.source), listKind: file.listKind });
    case 'everypolitician-csv':
      return yield* parseEveryPoliticianFolder(file.path);
  }
}

function openSanctionsDataset(source: ListSource): string | undefined {
  const dataset = source.startsWith('opensanctions:') ? source.slice('opensanctions:'.length) : '';
  return dataset === '' ? undefined : dataset;
}
