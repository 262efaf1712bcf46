/**
 * Loading one register file as a version, whatever the register: the file's hash is compared with the
 * newest version first (identical → recorded as `unchanged`, no new version, nothing parsed), then the
 * register's writer streams the records into PostgreSQL inside one transaction, so a file that breaks
 * part-way changes nothing, and the load is closed as a new version or as failed with its reason.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { UnexpectedFormatError } from '../../sources/listed-entity';
import { beginLoad, fileSha256, finishLoad, latestContentHash, type RegisterLoadOutcome } from './register-load.store';

export interface LoadProblem {
  location: string;
  message: string;
}

export interface LoadProgress {
  records: number;
  problems: number;
}

/**
 * Streams one file's records into the database under `loadId` and answers how many it stored; rows it
 * cannot read go into `problems` (kept with the load even when the file later fails). The transaction
 * is the caller's.
 */
export type RegisterWriter = (
  tx: EntityManager,
  input: { path: string; loadId: string; problems: LoadProblem[] },
  onProgress: (progress: LoadProgress) => void,
) => Promise<number>;

export async function storeRegisterFile(
  em: EntityManager,
  source: string,
  writer: RegisterWriter,
  input: { path: string; origin: string; workflowId: string | null },
  onProgress: (progress: LoadProgress) => void = () => {},
): Promise<RegisterLoadOutcome> {
  const contentSha256 = await fileSha256(input.path);
  const unchanged = (await latestContentHash(em, source)) === contentSha256;
  const loadId = await beginLoad(em, { source, origin: input.origin, workflowId: input.workflowId, contentSha256 });
  if (unchanged) {
    await finishLoad(em, loadId, { status: 'unchanged', recordCount: 0, problems: [] });
    return { loadId, source, status: 'unchanged', versionNumber: null, recordCount: 0, problemCount: 0, contentSha256 };
  }
  const problems: LoadProblem[] = [];
  let records = 0;
  let versionNumber: number | null;
  try {
    versionNumber = await em.transactional(async (tx) => {
      records = await writer(tx, { path: input.path, loadId, problems }, onProgress);
      return finishLoad(tx, loadId, { status: 'succeeded', recordCount: records, problems });
    });
  } catch (err) {
    const reason = { location: 'file', message: err instanceof Error ? err.message : String(err) };
    await finishLoad(em, loadId, { status: 'failed', recordCount: 0, problems: [...problems, reason] }).catch(() => {});
    throw err;
  }
  onProgress({ records, problems: problems.length });
  return { loadId, source, status: 'succeeded', versionNumber, recordCount: records, problemCount: problems.length, contentSha256 };
}

/** What a register parser yields: a problem, or an event `record` picks a record from (info events pick nothing). */
type ParseEvent = { problem: LoadProblem } | object;

/**
 * A writer that streams a parser's records in batches of `size` to `flush` (given the 1-based number
 * of the batch's first record), reporting progress after each batch. With `requireRecords` a file that
 * held no readable record fails: an empty register must never read as "nobody is listed any more".
 */
export function batchedWriter<E extends ParseEvent, R>(options: {
  source: string;
  parse: (path: string) => AsyncIterable<E>;
  record: (event: E) => R | null;
  size: number;
  flush: (tx: EntityManager, loadId: string, firstRecordNo: number, batch: R[]) => Promise<void>;
  requireRecords: boolean;
}): RegisterWriter {
  return async (tx, { path, loadId, problems }, onProgress) => {
    let batch: R[] = [];
    let records = 0;
    for await (const event of options.parse(path)) {
      if ('problem' in event) {
        problems.push(event.problem);
        continue;
      }
      const record = options.record(event);
      if (record === null) continue;
      batch.push(record);
      if (batch.length === options.size) {
        await options.flush(tx, loadId, records + 1, batch);
        records += batch.length;
        batch = [];
        onProgress({ records, problems: problems.length });
      }
    }
    if (batch.length) await options.flush(tx, loadId, records + 1, batch);
    records += batch.length;
    if (records === 0 && options.requireRecords) {
      throw new UnexpectedFormatError(options.source, `no readable record in the file${problems.length ? ` (${problems.length} unreadable rows)` : ''}`);
    }
    return records;
  };
}
