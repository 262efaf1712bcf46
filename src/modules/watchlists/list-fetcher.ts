/**
 * One way to obtain any source's files for a refresh: a local file given by an operator (CLI, tests),
 * or a conditional download from the official URL using the validators of the last successful run.
 */
import { access } from 'node:fs/promises';
import type { ListUrls } from './pipeline.settings';
import type { ListKind } from '../../sources/listed-entity';
import type { FetchListOutcome, ListValidators } from '../../sources/common/fetch-list-file';
import { fetchDfatList } from '../../sources/dfat/fetch';
import { fetchOfacLists } from '../../sources/ofac/fetch';
import { fetchOpenSanctionsList } from '../../sources/opensanctions/fetch';
import { fetchUnList } from '../../sources/un/fetch';

/** What a refresh is asked to read: local files, or nothing (then the official URLs). */
export interface RefreshRequest {
  source: string;
  file?: string;
  altFile?: string;
  addFile?: string;
  listKind?: ListKind;
  /** The publisher's date of an operator's or the snapshot's copy (YYYY-MM-DD), stored with the version. */
  publishedAt?: string;
}

export type FetchedList =
  | { status: 'not_modified' }
  | { status: 'ready'; path: string; altPath?: string; addPath?: string; origin: string; validators: Record<string, ListValidators>; publishedAt?: string };

function validatorsOf(outcome: FetchListOutcome): ListValidators {
  return outcome.status === 'downloaded' ? { etag: outcome.etag, lastModified: outcome.lastModified } : {};
}

function originOf(outcome: FetchListOutcome): string {
  return outcome.status === 'downloaded' ? outcome.url : outcome.status === 'local' ? `file:${outcome.path}` : 'not modified';
}

function pathOf(outcome: FetchListOutcome): string {
  if (outcome.status === 'not_modified') throw new Error('no file for an unmodified list');
  return outcome.path;
}

/**
 * EveryPolitician stopped publishing in 2019 and its data is a folder of CSV files, not one download:
 * it is loaded from a folder an operator supplies (`lists ingest --source everypolitician --file <folder>`).
 * Asking for a download is a mistake retrying cannot fix, hence ENOENT (the activity fails it at once).
 */
export class EveryPoliticianNeedsFolderError extends Error {
  readonly code = 'ENOENT';
  constructor() {
    super('everypolitician has no download: supply its folder (the country folder or a chamber folder) as the file');
    this.name = 'EveryPoliticianNeedsFolderError';
  }
}

/**
 * The files for one refresh: the operator's file or folder as given, or a conditional download of the
 * source's official files.
 */
export async function fetchList(request: RefreshRequest, previous: Record<string, ListValidators>, urls: ListUrls = {}): Promise<FetchedList> {
  const { source } = request;
  if (request.file) {
    for (const path of [request.file, request.altFile, request.addFile]) if (path) await access(path);
    return { status: 'ready', path: request.file, altPath: request.altFile, addPath: request.addFile, origin: `file:${request.file}`, validators: {}, publishedAt: request.publishedAt };
  }
  if (source === 'ofac') {
    let files = await fetchOfacLists({ previous, urls: urls.ofac });
    if (Object.values(files).every((f) => f.status === 'not_modified')) return { status: 'not_modified' };
    // A partial 304 leaves us without one of the three files: fetch them all afresh.
    if (Object.values(files).some((f) => f.status === 'not_modified')) files = await fetchOfacLists({ urls: urls.ofac });
    return {
      status: 'ready',
      path: pathOf(files.sdn),
      altPath: pathOf(files.alt),
      addPath: pathOf(files.add),
      origin: originOf(files.sdn),
      validators: { sdn: validatorsOf(files.sdn), alt: validatorsOf(files.alt), add: validatorsOf(files.add) },
    };
  }
  const options = { previous: previous.main };
  let outcome: FetchListOutcome;
  if (source === 'dfat') outcome = await fetchDfatList({ ...options, url: urls.dfat });
  else if (source === 'un') outcome = await fetchUnList({ ...options, url: urls.un });
  else if (source.startsWith('opensanctions:')) outcome = await fetchOpenSanctionsList({ ...options, dataset: source.slice('opensanctions:'.length) });
  else if (source === 'everypolitician') throw new EveryPoliticianNeedsFolderError();
  else throw new Error(`Unknown list source "${source}"`);
  if (outcome.status === 'not_modified') return { status: 'not_modified' };
  return { status: 'ready', path: pathOf(outcome), origin: originOf(outcome), validators: { main: validatorsOf(outcome) } };
}
