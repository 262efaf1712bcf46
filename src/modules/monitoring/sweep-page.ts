/**
 * One page of a monitoring sweep: re-screen active enrolments (in id order, after a cursor, up to a last
 * id when the page was planned: `candidate-pages.ts`) in full (see `enrolment-rescreen.ts`). A sweep of a new list version (`versionId` set) pages only over the
 * enrolments its changes reached (`change-candidates.ts`); a scheduled sweep over every enrolment. The
 * page's result is read back from the alerts this sweep holds for the page's enrolments, not from what
 * this attempt raised, so a retry hands over every event an earlier attempt committed but never returned.
 * An enrolment whose re-screen keeps throwing is recorded and passed over (`enrolment-failures.ts`).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { Screening } from '../screening/screening';
import { relistedBy } from './change-candidates';
import { failuresOfPass, recordFailures, rescreenOrFailure, type EnrolmentFailure, type OnEnrolmentFailed } from './enrolment-failures';
import { alertsOfPass, DEFAULT_SWEEP_CONCURRENCY, ENROLMENT_TO_SWEEP_COLUMNS, forEachWithConcurrency, rescreenEnrolment, screenedVersions, type EnrolmentToSweep } from './enrolment-rescreen';
import { workerIdentity } from './rescreen-pages';

export interface SweepPageResult {
  /** Enrolments of the page re-screened (those recorded as failed not counted). */
  processed: number;
  /** Enrolments of the page recorded as failed, by this attempt or an earlier one. */
  failed: number;
  alerts: number;
  /** `monitoring.alert` events to deliver. */
  webhookEventIds: string[];
  /** Id of the last enrolment seen; null when the sweep is done. */
  nextCursor: string | null;
}

/**
 * `onProgress` is called after each enrolment (the activity heartbeats with it); `attempt` is the
 * activity's, which decides whether an enrolment that throws fails the page or is passed over.
 */
export async function sweepPage(
  em: EntityManager,
  screening: Screening,
  input: { sweepKey: string; after: string | null; upTo?: string; pageSize: number; concurrency?: number; versionId?: string; attempt?: number },
  onProgress: (done: number) => void = () => {},
  onFailed: OnEnrolmentFailed = () => {},
): Promise<SweepPageResult> {
  await screening.index.rebuild(); // the sweep must see the list version that started it
  const onlyCandidates = input.versionId !== undefined;
  const page = await sql<EnrolmentToSweep[]>(
    em,
    `select ${ENROLMENT_TO_SWEEP_COLUMNS}
       from monitoring_enrolments e join scans s on s.id = e.scan_id
      where e.active and (?::uuid is null or e.id > ?::uuid) and (?::uuid is null or e.id <= ?::uuid)
        ${onlyCandidates ? 'and e.id in (select enrolment_id from change_rescreen_candidates where sweep_key = ?)' : ''}
      order by e.id limit ?`,
    [input.after, input.after, input.upTo ?? null, input.upTo ?? null, ...(onlyCandidates ? [input.sweepKey] : []), input.pageSize],
  );
  const nextCursor = page.length === input.pageSize ? page.at(-1)!.id : null;
  const pass = {
    sweepKey: input.sweepKey,
    versions: screenedVersions(screening),
    relisted: input.versionId !== undefined ? await relistedBy(em, input.versionId) : undefined,
  };
  let done = 0;
  const failures: EnrolmentFailure[] = [];
  await forEachWithConcurrency(page, input.concurrency ?? DEFAULT_SWEEP_CONCURRENCY, async (enrolment) => {
    const failure = await rescreenOrFailure(enrolment.id, input.attempt ?? 1, () => rescreenEnrolment(em.fork(), screening, enrolment, pass));
    if (failure) failures.push(failure);
    onProgress((done += 1));
  });
  await recordFailures(em, input.sweepKey, failures, workerIdentity());
  failures.forEach(onFailed);
  const ids = page.map((e) => e.id);
  const failed = await failuresOfPass(em, input.sweepKey, ids);
  return { processed: page.length - failed, failed, ...(await alertsOfPass(em, input.sweepKey, ids)), nextCursor };
}
