/**
 * Remembered rulings applied to a new scan. A match whose listed entity a reviewer of this account ruled
 * a false positive for this customer, and whose content is byte-for-byte what the reviewer saw (same
 * content hash), is set aside: not counted, not scored, shown in `suppressed_matches` with the case and
 * the reviewer. One whose entity changed since is kept and says so, so the reviewer sees why it is back.
 * A `true_match` ruling for the customer always wins: that entity is never suppressed.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { CustomerScope } from './cleared-customer';
import type { MatchRecord } from './match-record';

/** Why a match was set aside, or why a once-cleared match is shown again. */
export interface ClearanceNote {
  reason: 'previously_cleared' | 'previously_cleared_but_changed';
  case_id: string;
  cleared_by: string;
  cleared_at: string;
  /** The list version the reviewer saw when clearing. */
  cleared_list_version: number | null;
}

/** A match kept in `matches`; `previous_clearance` only when it was cleared before and has changed since. */
export type ScanMatch = MatchRecord & { previous_clearance?: ClearanceNote };

/** A match set aside because it was cleared for this customer and is unchanged. */
export type SuppressedMatch = MatchRecord & { suppression: ClearanceNote };

/** What is remembered about one listed entity for this customer. */
export type RememberedRuling = { kind: 'confirmed' } | { kind: 'cleared'; note: ClearanceNote } | { kind: 'changed'; note: ClearanceNote };

interface RulingRow {
  listed_entity_id: string;
  ruling: 'false_positive' | 'true_match';
  case_id: string;
  ruled_by: string;
  ruled_at: Date;
  list_version: number | null;
  unchanged: boolean;
}

/** The part of a listed entity id after `<source>:`, as `listed_entities.source_id` holds it. */
export function sourceIdOf(match: Pick<MatchRecord, 'source' | 'listed_entity_id'>): string {
  return match.listed_entity_id.startsWith(`${match.source}:`) ? match.listed_entity_id.slice(match.source.length + 1) : match.listed_entity_id;
}

/**
 * The rulings in force for these matches' entities (one query; none when there are no matches or no
 * scope). Unchanged means the clearing's content hash equals the entity's hash in the version matched now.
 */
export async function rememberedRulings(em: EntityManager, scope: CustomerScope | null, matches: MatchRecord[]): Promise<Map<string, RememberedRuling>> {
  const remembered = new Map<string, RememberedRuling>();
  if (!scope || matches.length === 0 || (!scope.customerKey && !scope.enrolmentId)) return remembered;
  const probes = matches.map((m) => ({ listed_entity_id: m.listed_entity_id, list_version_id: m.list_version_id || null, source_id: sourceIdOf(m) }));
  const rows = await sql<RulingRow[]>(
    em,
    `select r.listed_entity_id, r.ruling, r.case_id, r.ruled_by, r.ruled_at, r.list_version,
            coalesce(r.content_hash is not null and r.content_hash = le.content_hash, false) as unchanged
       from match_rulings r
       join jsonb_to_recordset(?::jsonb) as m(listed_entity_id text, list_version_id uuid, source_id text) on m.listed_entity_id = r.listed_entity_id
       left join listed_entities le on le.list_version_id = m.list_version_id and le.source_id = m.source_id
      where r.account_id = ? and r.revoked_at is null and (r.customer_key = ? or r.enrolment_ids @> array[?::uuid])
      order by r.ruled_at desc, r.id`,
    [JSON.stringify(probes), scope.accountId, scope.customerKey, scope.enrolmentId ?? null],
  );
  for (const row of rows) {
    const before = remembered.get(row.listed_entity_id);
    if (before?.kind === 'confirmed') continue;
    if (row.ruling === 'true_match') {
      remembered.set(row.listed_entity_id, { kind: 'confirmed' });
      continue;
    }
    if (before?.kind === 'cleared') continue; // the newest unchanged clearing already stands
    const note = (reason: ClearanceNote['reason']): ClearanceNote => ({
      reason,
      case_id: row.case_id,
      cleared_by: row.ruled_by,
      cleared_at: new Date(row.ruled_at).toISOString(),
      cleared_list_version: row.list_version,
    });
    if (row.unchanged) remembered.set(row.listed_entity_id, { kind: 'cleared', note: note('previously_cleared') });
    else if (!before) remembered.set(row.listed_entity_id, { kind: 'changed', note: note('previously_cleared_but_changed') });
  }
  return remembered;
}

/** Splits matches into those kept (in order, with their positions) and those set aside. */
export function applyRulings(matches: MatchRecord[], remembered: Map<string, RememberedRuling>): { kept: ScanMatch[]; keptPositions: number[]; suppressed: SuppressedMatch[] } {
  const kept: ScanMatch[] = [];
  const keptPositions: number[] = [];
  const suppressed: SuppressedMatch[] = [];
  matches.forEach((match, position) => {
    const ruling = remembered.get(match.listed_entity_id);
    if (ruling?.kind === 'cleared') {
      suppressed.push({ ...match, suppression: ruling.note });
      return;
    }
    kept.push(ruling?.kind === 'changed' ? { ...match, previous_clearance: ruling.note } : match);
    keptPositions.push(position);
  });
  return { kept, keptPositions, suppressed };
}

/** The sentence added to `filter_explanation` for what remembered rulings did, or null when they did nothing. */
export function explainRulings(kept: ScanMatch[], suppressed: SuppressedMatch[]): string | null {
  const parts: string[] = [];
  if (suppressed.length > 0) {
    const cases = [...new Set(suppressed.map((m) => m.suppression.case_id))].join(', ');
    parts.push(`previously cleared: ${suppressed.length} match${suppressed.length === 1 ? '' : 'es'} ruled a false positive for this customer (case ${cases}) and unchanged since, moved to suppressed_matches`);
  }
  const changed = kept.filter((m) => m.previous_clearance).length;
  if (changed > 0) parts.push(`previously cleared but changed: ${changed} match${changed === 1 ? '' : 'es'} shown again because the listed entity changed since it was cleared`);
  return parts.length ? parts.join('; ') : null;
}
