/**
 * What reviewers' rulings mean for a monitoring sweep. A match set aside as previously cleared neither
 * alerts as new nor counts as removed while it stays cleared and unchanged; each sweep that set one
 * aside records it with the clearing case. A once-cleared match whose listed entity changed since is
 * alerted on again, once: until an alert of this enrolment has named it since the clearing.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { ScanMatch, SuppressedMatch } from '../screening/cleared-matches';

/** The matches of one re-screening: those shown (alertable) and those set aside. */
export interface SweepOutcome {
  shown: ScanMatch[];
  suppressed: SuppressedMatch[];
}

export interface SweepDifference {
  added: string[];
  removed: string[];
  changed: boolean;
}

/** Shown matches once cleared, changed since, that no alert of this enrolment has named since the clearing. */
async function reopenedSinceClearing(em: EntityManager, enrolmentId: string, shown: ScanMatch[]): Promise<string[]> {
  const reopened: string[] = [];
  for (const match of shown) {
    if (!match.previous_clearance) continue;
    const [row] = await sql<{ alerted: boolean }[]>(
      em,
      `select exists (select 1 from monitoring_alerts where enrolment_id = ? and created_at >= ? and new_matches @> ?::jsonb) as alerted`,
      [enrolmentId, match.previous_clearance.cleared_at, JSON.stringify([{ listed_entity_id: match.listed_entity_id }])],
    );
    if (!row?.alerted) reopened.push(match.listed_entity_id);
  }
  return reopened;
}

/**
 * New matches (shown and not known, or reopened by a change since clearing) and known ones gone from
 * the lists (neither shown nor set aside), compared with `known`.
 */
export async function sweepDifference(em: EntityManager, enrolmentId: string, known: string[], outcome: SweepOutcome): Promise<SweepDifference> {
  const knownSet = new Set(known);
  const shownIds = new Set(outcome.shown.map((m) => m.listed_entity_id));
  const present = new Set([...shownIds, ...outcome.suppressed.map((m) => m.listed_entity_id)]);
  const reopened = await reopenedSinceClearing(em, enrolmentId, outcome.shown);
  const added = [...new Set([...[...shownIds].filter((id) => !knownSet.has(id)), ...reopened])];
  const removed = [...knownSet].filter((id) => !present.has(id));
  return { added, removed, changed: added.length > 0 || removed.length > 0 };
}

/**
 * The matches known after a sweep: those shown, and known ones now set aside (a cleared match that was
 * never alerted stays unknown, so a later revocation of the clearing alerts on it).
 */
export function knownAfter(known: string[], outcome: SweepOutcome): string[] {
  const suppressed = new Set(outcome.suppressed.map((m) => m.listed_entity_id));
  return [...new Set([...outcome.shown.map((m) => m.listed_entity_id), ...known.filter((id) => suppressed.has(id))])];
}

/** Records that this sweep set these matches aside for the enrolment (once per sweep, whichever attempt). */
export async function recordSuppressions(em: EntityManager, enrolmentId: string, sweepKey: string, suppressed: SuppressedMatch[]): Promise<void> {
  if (suppressed.length === 0) return;
  const rows = suppressed.map((m) => ({
    listed_entity_id: m.listed_entity_id,
    case_id: m.suppression.case_id,
    cleared_by: m.suppression.cleared_by,
    cleared_at: m.suppression.cleared_at,
  }));
  await sql(
    em,
    `insert into monitoring_suppressions (enrolment_id, sweep_key, listed_entity_id, case_id, cleared_by, cleared_at, created_at)
     select ?, ?, x.listed_entity_id, x.case_id, x.cleared_by, x.cleared_at, now()
       from jsonb_to_recordset(?::jsonb) as x(listed_entity_id text, case_id uuid, cleared_by text, cleared_at timestamptz)
     on conflict do nothing`,
    [enrolmentId, sweepKey, JSON.stringify(rows)],
  );
}

/**
 * The suppressions sweeps recorded for the account's enrolments (one enrolment when `enrolmentId` is
 * given), newest first: what sweeps withheld, and on whose ruling. Filters like the alerts listing.
 */
export async function listSuppressions(em: EntityManager, accountId: string, page: { enrolmentId?: string; limit: number; offset: number }) {
  const rows = await sql<{ enrolment_id: string; sweep_key: string; listed_entity_id: string; case_id: string; cleared_by: string; cleared_at: Date; created_at: Date }[]>(
    em,
    `select s.* from monitoring_suppressions s join monitoring_enrolments e on e.id = s.enrolment_id
      where e.account_id = ? ${page.enrolmentId ? 'and s.enrolment_id = ?' : ''}
      order by s.created_at desc, s.enrolment_id, s.sweep_key, s.listed_entity_id limit ? offset ?`,
    [accountId, ...(page.enrolmentId ? [page.enrolmentId] : []), page.limit, page.offset],
  );
  return rows.map((r) => ({
    enrolment_id: r.enrolment_id,
    sweep: r.sweep_key,
    listed_entity_id: r.listed_entity_id,
    reason: 'previously_cleared' as const,
    case_id: r.case_id,
    cleared_by: r.cleared_by,
    cleared_at: new Date(r.cleared_at).toISOString(),
    recorded_at: new Date(r.created_at).toISOString(),
  }));
}
