/**
 * A full re-screen of every active enrolment (when the matcher or its thresholds change), in pages any
 * number of workers share. The pages are planned once, as ranges of enrolment ids; a page is screened in
 * chunks, and each chunk's customers are recorded (one `rescreen_screenings` row each, which cannot be
 * written twice) in the same transaction that moves the page's cursor past them. A page taken over
 * after its worker died resumes at the cursor, so no customer is recorded twice and none is skipped;
 * only the chunk the dead worker had in hand is screened again (its alerts are keyed by the re-screen,
 * so they are raised once). A customer whose re-screen keeps throwing is recorded as failed with its
 * chunk and passed over (`enrolment-failures.ts`).
 */
import { hostname } from 'node:os';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { Screening } from '../screening/screening';
import { recordFailures, rescreenOrFailure, type EnrolmentFailure, type OnEnrolmentFailed } from './enrolment-failures';
import { alertsOfPass, DEFAULT_SWEEP_CONCURRENCY, ENROLMENT_TO_SWEEP_COLUMNS, forEachWithConcurrency, rescreenEnrolment, screenedVersions, type EnrolmentToSweep } from './enrolment-rescreen';

/** Customers screened and recorded together: small enough that a taken-over page repeats little. */
export const DEFAULT_RESCREEN_CHUNK = 200;

/** Which worker process screened a page: what the records name. */
export const workerIdentity = (): string => `${hostname()}:${process.pid}`;

export interface RescreenPageResult {
  processed: number;
  /** Customers of the page recorded as failed (`enrolment-failures.ts`), not counted in `processed`. */
  failed: number;
  alerts: number;
  webhookEventIds: string[];
}

/**
 * Splits the active enrolments into pages of `pageSize` ids, once per re-screen (a retry finds the plan
 * made). The last page is open-ended, so customers enrolled during the re-screen are screened too.
 */
export async function planRescreenPages(em: EntityManager, input: { rescreenKey: string; pageSize: number }): Promise<{ pages: number }> {
  return em.transactional(async (tx) => {
    await sql(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`rescreen:${input.rescreenKey}`]);
    const [planned] = await sql<{ n: number }[]>(tx, 'select count(*)::int as n from rescreen_pages where rescreen_key = ?', [input.rescreenKey]);
    if (planned!.n > 0) return { pages: planned!.n };
    const bounds = await sql<{ id: string }[]>(
      tx,
      `select id from (select id, row_number() over (order by id) as rn from monitoring_enrolments where active) t where rn % ? = 0 order by id`,
      [input.pageSize],
    );
    const ranges = [...bounds.map((b) => b.id), null].map((last, i) => ({ page_number: i, after_id: i === 0 ? null : bounds[i - 1]!.id, last_id: last }));
    await sql(
      tx,
      `insert into rescreen_pages (rescreen_key, page_number, after_id, last_id)
       select ?, x.page_number, x.after_id, x.last_id from jsonb_to_recordset(?::jsonb) as x(page_number int, after_id uuid, last_id uuid)`,
      [input.rescreenKey, JSON.stringify(ranges)],
    );
    return { pages: ranges.length };
  });
}

interface PageRow {
  after_id: string | null;
  last_id: string | null;
  cursor: string | null;
  status: 'pending' | 'done';
}

/**
 * Screens the rest of one page; `onProgress` is called after each customer (the activity heartbeats with
 * it); `attempt` is the activity's, which decides whether a customer that throws fails the page or is
 * recorded and passed over.
 */
export async function rescreenPage(
  em: EntityManager,
  screening: Screening,
  input: { rescreenKey: string; pageNumber: number; chunkSize?: number; concurrency?: number; attempt?: number },
  onProgress: (processed: number) => void = () => {},
  onFailed: OnEnrolmentFailed = () => {},
): Promise<RescreenPageResult> {
  const worker = workerIdentity();
  const key = [input.rescreenKey, input.pageNumber] as const;
  const [page] = await sql<PageRow[]>(
    em,
    `update rescreen_pages set attempts = attempts + 1, started_by = coalesce(started_by, ?) where rescreen_key = ? and page_number = ? returning after_id, last_id, cursor, status`,
    [worker, ...key],
  );
  if (!page) throw new Error(`re-screen ${input.rescreenKey} has no page ${input.pageNumber}`);
  if (page.status === 'pending') {
    await screening.index.rebuild(); // the re-screen sees the lists as they are now
    const pass = { sweepKey: input.rescreenKey, versions: screenedVersions(screening) };
    const chunkOf = (after: string | null) =>
      sql<EnrolmentToSweep[]>(
        em.fork(),
        `select ${ENROLMENT_TO_SWEEP_COLUMNS} from monitoring_enrolments e join scans s on s.id = e.scan_id
          where e.active and (?::uuid is null or e.id > ?::uuid) and (?::uuid is null or e.id <= ?::uuid) order by e.id limit ?`,
        [after, after, page.last_id, page.last_id, input.chunkSize ?? DEFAULT_RESCREEN_CHUNK],
      );
    // Pipelined: the next chunk is read, and the last one recorded, while this one is screened. Chunks are
    // still recorded in order, each only once the one before it is (the cursor check needs that).
    let cursor = page.cursor ?? page.after_id;
    let next = chunkOf(cursor);
    let recording: Promise<unknown> = Promise.resolve();
    let processed = 0;
    try {
      for (;;) {
        const chunk = await next;
        if (chunk.length === 0) break;
        next = chunkOf(chunk.at(-1)!.id);
        next.catch(() => {}); // awaited on the next turn; a failure then fails the page
        // Progress per customer, not per chunk (the activity passes it on at most once a second):
        // a chunk whose customers all alert takes seconds.
        const failures: EnrolmentFailure[] = [];
        await forEachWithConcurrency(chunk, input.concurrency ?? DEFAULT_SWEEP_CONCURRENCY, async (enrolment) => {
          const failure = await rescreenOrFailure(enrolment.id, input.attempt ?? 1, () => rescreenEnrolment(em.fork(), screening, enrolment, pass));
          if (failure) failures.push(failure);
          onProgress((processed += 1));
        });
        const from = cursor;
        cursor = chunk.at(-1)!.id;
        await recording;
        recording = recordChunk(em.fork(), input, worker, from, chunk, failures).then(() => failures.forEach(onFailed));
        recording.catch(() => {}); // awaited before the next chunk is recorded, and before the attempt ends
      }
    } finally {
      // An attempt never ends with a record still in flight: the next attempt reads the cursor it moves.
      await recording.catch(() => {});
    }
    await recording;
    await sql(em, `update rescreen_pages set status = 'done', completed_by = ?, completed_at = now() where rescreen_key = ? and page_number = ? and status = 'pending'`, [worker, ...key]);
  }
  const screened = await sql<{ enrolment_id: string }[]>(em, 'select enrolment_id from rescreen_screenings where rescreen_key = ? and page_number = ?', [...key]);
  const [{ failed }] = (await sql<{ failed: number }[]>(em, 'select failed from rescreen_pages where rescreen_key = ? and page_number = ?', [...key])) as [{ failed: number }];
  return { processed: screened.length, failed, ...(await alertsOfPass(em, input.rescreenKey, screened.map((r) => r.enrolment_id))) };
}

/**
 * Records a screened chunk (its failed customers apart) and moves the page's cursor past it, provided
 * the cursor is still where this attempt left it: an attempt presumed dead (its heartbeats stopped) that
 * wakes up finds the page moved on by its successor and stops, recording nothing.
 */
async function recordChunk(
  em: EntityManager,
  input: { rescreenKey: string; pageNumber: number },
  worker: string,
  from: string | null,
  chunk: EnrolmentToSweep[],
  failures: readonly EnrolmentFailure[],
): Promise<void> {
  const to = chunk.at(-1)!.id;
  const failed = new Set(failures.map((f) => f.enrolmentId));
  const screened = chunk.filter((e) => !failed.has(e.id));
  await em.transactional(async (tx) => {
    const moved = await sql<{ page_number: number }[]>(
      tx,
      `update rescreen_pages set cursor = ?, processed = processed + ?, failed = failed + ?
        where rescreen_key = ? and page_number = ? and coalesce(cursor, after_id) is not distinct from ?::uuid returning page_number`,
      [to, screened.length, failures.length, input.rescreenKey, input.pageNumber, from],
    );
    if (moved.length === 0) throw new Error(`page ${input.pageNumber} of re-screen ${input.rescreenKey} was taken over`);
    await sql(
      tx,
      `insert into rescreen_screenings (rescreen_key, enrolment_id, page_number, screened_by, screened_at) select ?, unnest(?::uuid[]), ?, ?, now()`,
      [input.rescreenKey, `{${screened.map((e) => e.id).join(',')}}`, input.pageNumber, worker],
    );
    await recordFailures(tx, input.rescreenKey, failures, worker);
  });
}
