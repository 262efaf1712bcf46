/**
 * Which enrolled customers a new list version can have changed: each entity the version added or
 * changed (as `list_version_changes` records against the previous version) is searched, under each of
 * its names, in the index of enrolled customers (`customer-index.ts`). The customers found are the
 * version's candidates, stored once per sweep; only they are re-screened in full, so the work grows
 * with the size of the change, not with the number of customers. Removed entities are not searched: a
 * delisting raises nothing.
 *
 * Customers with a one-word name are also checked the scan's way: those a changed entity's words reach
 * (`thin-customers.ts`), so this too costs work in proportion to the change. The reverse search
 * is a superset filter, not the verdict: it runs below the scan threshold by
 * `REVERSE_MARGIN`, because token rarity is measured among customers here and among listed names in a
 * scan, so the two directions score a pair slightly differently. The full re-screen of each candidate
 * decides, with the scan's own semantics (threshold, filters, rulings).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_MATCH_THRESHOLD, entityIdOf, MatchIndex } from '../../matching';
import { sql } from '../../db/sql';
import type { ListedEntity } from '../../sources/listed-entity';
import type { CustomerIndex } from './customer-index';
import type { ThinCustomers } from './thin-customers';

/** How far below the scan threshold the reverse search reaches (see above; `bench:rescreen` measures its recall). */
export const REVERSE_MARGIN = 0.15;
/** Customers one name may reach: a common name on a list reaches every customer who bears it. */
const REVERSE_LIMIT = 1_000_000;
/** Customer kinds a listed name is searched among: both, so a scan's type mismatches are candidates too. */
const CUSTOMER_KINDS = ['person', 'organisation'] as const;

export interface ChangeCandidates {
  /** Entities the version added or changed. */
  changedEntities: number;
  candidates: number;
}

/** Enrolment ids whose names the listed entity's names reach in `index`. */
export function customersReachedBy(index: MatchIndex, entity: ListedEntity, found: Set<string>): void {
  const entityType = entity.kind === 'person' ? 'person' : 'organisation';
  const threshold = DEFAULT_MATCH_THRESHOLD - REVERSE_MARGIN;
  for (const name of [entity.primaryName, ...entity.aliases.map((a) => a.name)]) {
    const result = index.search({ name, entityType }, { threshold, kinds: CUSTOMER_KINDS, typeMismatches: false, limit: REVERSE_LIMIT });
    for (const match of result.matches) found.add(match.sourceId);
  }
}

/**
 * Customers of `thin` (one-word names, `thin-customers.ts`) a scan against only the changed entities
 * would match: of those the entities' words reach, each is checked the scan's way, once per name and
 * type (a scan's answer depends on nothing else; many customers share a one-word name).
 */
export function thinCustomersMatching(entities: readonly ListedEntity[], thin: readonly ThinCustomers[], found: Set<string>): void {
  const changed = MatchIndex.build(entities);
  const threshold = DEFAULT_MATCH_THRESHOLD - REVERSE_MARGIN;
  const answers = new Map<string, boolean>();
  for (const customer of thin.flatMap((customers) => customers.reachedBy(entities))) {
    if (found.has(customer.id)) continue;
    const key = `${customer.entity_type}\u0000${customer.name}`;
    let matched = answers.get(key);
    if (matched === undefined) {
      matched = changed.search({ name: customer.name, entityType: customer.entity_type }, { threshold }).matches.length > 0;
      answers.set(key, matched);
    }
    if (matched) found.add(customer.id);
  }
}

/** The entities a version added or changed, as stored with it. */
export async function changedEntitiesOf(em: EntityManager, versionId: string): Promise<ListedEntity[]> {
  const rows = await sql<{ entity: ListedEntity }[]>(
    em,
    `select e.entity from list_version_changes c
       join listed_entities e on e.list_version_id = c.list_version_id and e.source_id = c.source_id
      where c.list_version_id = ? and c.change in ('added', 'changed')`,
    [versionId],
  );
  return rows.map((row) => row.entity);
}

/** Entity ids the version lists that its previous version did not. */
export async function relistedBy(em: EntityManager, versionId: string): Promise<Set<string>> {
  const rows = await sql<{ source: string; source_id: string }[]>(
    em,
    `select v.source, c.source_id from list_version_changes c join list_versions v on v.id = c.list_version_id
      where c.list_version_id = ? and c.change = 'added'`,
    [versionId],
  );
  return new Set(rows.map((row) => entityIdOf({ source: row.source, sourceId: row.source_id })));
}

/**
 * Finds and stores the candidates of the version's sweep, once: a retried call returns what the first
 * stored. `onProgress` is called per entity searched (the activity heartbeats with it).
 */
export async function findChangeCandidates(
  em: EntityManager,
  customers: CustomerIndex,
  input: { sweepKey: string; versionId: string },
  onProgress: (searched: number) => void = () => {},
): Promise<ChangeCandidates> {
  const stored = await storedCandidates(em, input.sweepKey);
  if (stored) return stored;
  const entities = await changedEntitiesOf(em, input.versionId);
  const { base, delta, thin } = await customers.current();
  const found = new Set<string>();
  entities.forEach((entity, i) => {
    customersReachedBy(base, entity, found);
    customersReachedBy(delta, entity, found);
    if (i % 50 === 49) onProgress(i + 1);
  });
  thinCustomersMatching(entities, thin, found);
  await em.transactional(async (tx) => {
    await sql(
      tx,
      `insert into change_rescreen_candidates (sweep_key, enrolment_id) select ?, unnest(?::uuid[]) on conflict do nothing`,
      [input.sweepKey, `{${[...found].join(',')}}`],
    );
    await sql(
      tx,
      `insert into change_rescreens (sweep_key, list_version_id, changed_entities, candidates, created_at) values (?, ?, ?, ?, now()) on conflict do nothing`,
      [input.sweepKey, input.versionId, entities.length, found.size],
    );
  });
  return (await storedCandidates(em, input.sweepKey))!;
}

async function storedCandidates(em: EntityManager, sweepKey: string): Promise<ChangeCandidates | undefined> {
  const [row] = await sql<{ changed_entities: number; candidates: number }[]>(em, 'select changed_entities, candidates from change_rescreens where sweep_key = ?', [sweepKey]);
  return row ? { changedEntities: row.changed_entities, candidates: row.candidates } : undefined;
}
