/**
 * An enrolment whose re-screen keeps throwing (a stored request the screening now refuses, a row it
 * cannot read) must not hold its page, and every page after it, for the hours a page is retried. A
 * page's first attempts fail as under any outage: the activity is retried with backoff, which waits out
 * a database or index that went away for everyone. From attempt `PASS_OVER_FROM_ATTEMPT` on, an
 * enrolment that still throws is recorded as failed under the pass's key (`rescreen_failures`) and
 * passed over, and the page goes on with the others. Nothing marks the enrolment itself: the next sweep
 * re-screens it like every other, and its failure stays on the record of the pass it failed in.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

/** The page attempt from which an enrolment that throws is recorded and passed over (the first two wait out outages). */
export const PASS_OVER_FROM_ATTEMPT = 3;

export interface EnrolmentFailure {
  enrolmentId: string;
  /** The error's message, as recorded and logged. */
  error: string;
}

/** Failures recorded by one page, as the activity logs them. */
export type OnEnrolmentFailed = (failure: EnrolmentFailure) => void;

/**
 * Runs one enrolment's re-screen. On a page attempt before `PASS_OVER_FROM_ATTEMPT` a throw fails the
 * page, as before; from it on, the throw is answered as the enrolment's failure instead.
 */
export async function rescreenOrFailure(enrolmentId: string, attempt: number, rescreen: () => Promise<void>): Promise<EnrolmentFailure | null> {
  if (attempt < PASS_OVER_FROM_ATTEMPT) {
    await rescreen();
    return null;
  }
  try {
    await rescreen();
    return null;
  } catch (err) {
    return { enrolmentId, error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
}

/** Records the failures of a pass (`passKey`: the sweep's or the re-screen's key); one recorded earlier stands. */
export async function recordFailures(em: EntityManager, passKey: string, failures: readonly EnrolmentFailure[], worker: string): Promise<void> {
  if (failures.length === 0) return;
  await sql(
    em,
    `insert into rescreen_failures (pass_key, enrolment_id, error, failed_by, failed_at)
     select ?, x.enrolment_id, x.error, ?, now() from jsonb_to_recordset(?::jsonb) as x(enrolment_id uuid, error text)
     on conflict do nothing`,
    [passKey, worker, JSON.stringify(failures.map((f) => ({ enrolment_id: f.enrolmentId, error: f.error })))],
  );
}

/** How many of these enrolments the pass recorded as failed, whichever attempt recorded them. */
export async function failuresOfPass(em: EntityManager, passKey: string, enrolmentIds: readonly string[]): Promise<number> {
  if (enrolmentIds.length === 0) return 0;
  const [row] = await sql<{ n: number }[]>(em, 'select count(*)::int as n from rescreen_failures where pass_key = ? and enrolment_id = any(?::uuid[])', [passKey, `{${enrolmentIds.join(',')}}`]);
  return row!.n;
}
