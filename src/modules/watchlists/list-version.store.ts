/**
 * Storing a refresh of one list: collects the parsed entities, and in one transaction either finds the
 * list unchanged (same content hash: no new version) or writes a new version with its entities, counts,
 * the parser's problems and the changes since the previous version.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ListedEntity, ParseEvent, ParseProblem } from '../../sources/listed-entity';
import { canonicalJson, listContentHash, sha256 } from '../../integrity/canonical-json';
import { countChanges, diffLists, type ListChange } from './list-diff';
import { sql } from '../../db/sql';

/** Problems kept verbatim on the version (all are counted); enough to diagnose a bad file. */
export const KEPT_PROBLEMS = 200;
const INSERT_BATCH = 2_000;

export interface CollectedList {
  entities: Map<string, { entity: ListedEntity; hash: string }>;
  problems: ParseProblem[];
  problemCount: number;
}

export interface StoreProgress {
  entities: number;
  problems: number;
}

/** Reads every event, hashing entities; a second entity with the same source id is reported, not kept. */
export async function collectList(events: AsyncIterable<ParseEvent>, onProgress?: (p: StoreProgress) => void): Promise<CollectedList> {
  const entities = new Map<string, { entity: ListedEntity; hash: string }>();
  const problems: ParseProblem[] = [];
  let problemCount = 0;
  const problem = (p: ParseProblem) => {
    problemCount += 1;
    if (problems.length < KEPT_PROBLEMS) problems.push(p);
  };
  for await (const event of events) {
    if ('problem' in event) problem(event.problem);
    else if (entities.has(event.entity.sourceId)) problem({ location: `entity ${event.entity.sourceId}`, message: 'duplicate source id; first kept' });
    else entities.set(event.entity.sourceId, { entity: event.entity, hash: sha256(canonicalJson(event.entity)) });
    if (onProgress && (entities.size + problemCount) % 1_000 === 0) onProgress({ entities: entities.size, problems: problemCount });
  }
  onProgress?.({ entities: entities.size, problems: problemCount });
  return { entities, problems, problemCount };
}

export interface StoredVersion {
  outcome: 'created' | 'unchanged';
  versionId: string;
  versionNumber: number;
  source: string;
  contentHash: string;
  entityCount: number;
  counts: Record<string, number>;
  problemCount: number;
  changes: { added: number; removed: number; changed: number };
}

function countByKind(list: CollectedList): Record<string, number> {
  const counts: Record<string, number> = { person: 0, organisation: 0, vessel: 0, other: 0 };
  for (const { entity } of list.entities.values()) counts[entity.kind] = (counts[entity.kind] ?? 0) + 1;
  return counts;
}

function listKindOf(list: CollectedList): string {
  const kinds = new Set([...list.entities.values()].map(({ entity }) => entity.listKind));
  return kinds.size === 1 ? [...kinds][0]! : kinds.size === 0 ? 'sanctions' : 'mixed';
}

interface VersionRow {
  id: string;
  source: string;
  version_number: number;
  content_hash: string;
  entity_count: number;
  counts: Record<string, number>;
  problem_count: number;
  added_count: number;
  removed_count: number;
  changed_count: number;
}

/**
 * The version a pipeline run already stored, if any: a storing activity retried after its transaction
 * committed reports that version as created instead of finding the list "unchanged".
 */
export async function versionStoredByRun(em: EntityManager, pipelineRunId: string): Promise<StoredVersion | undefined> {
  const [row] = await sql<VersionRow[]>(em, 'select * from list_versions where pipeline_run_id = ?', [pipelineRunId]);
  if (!row) return undefined;
  return {
    outcome: 'created',
    versionId: row.id,
    versionNumber: row.version_number,
    source: row.source,
    contentHash: row.content_hash,
    entityCount: row.entity_count,
    counts: row.counts,
    problemCount: row.problem_count,
    changes: { added: row.added_count, removed: row.removed_count, changed: row.changed_count },
  };
}

/** Writes a new version of `source` unless its content equals the current version. */
export async function storeListVersion(
  em: EntityManager,
  input: { source: string; origin: string; list: CollectedList; pipelineRunId?: string | null; publishedAt?: string },
): Promise<StoredVersion> {
  const hashes = new Map([...input.list.entities].map(([id, e]) => [id, e.hash]));
  const contentHash = listContentHash(hashes);
  return em.transactional(async (tx) => {
    await sql(tx, 'select pg_advisory_xact_lock(hashtext(?))', [`list:${input.source}`]);
    const [previous] = await sql<VersionRow[]>(tx, 
      'select * from list_versions where source = ? order by version_number desc limit 1',
      [input.source],
    );
    if (previous && previous.content_hash === contentHash) {
      return {
        outcome: 'unchanged',
        versionId: previous.id,
        versionNumber: previous.version_number,
        source: input.source,
        contentHash,
        entityCount: previous.entity_count,
        counts: previous.counts,
        problemCount: input.list.problemCount,
        changes: { added: 0, removed: 0, changed: 0 },
      };
    }
    const before = new Map<string, string>();
    if (previous) {
      const rows = await sql<{ source_id: string; content_hash: string }[]>(tx, 
        'select source_id, content_hash from listed_entities where list_version_id = ?',
        [previous.id],
      );
      for (const row of rows) before.set(row.source_id, row.content_hash);
    }
    const changes = diffLists(before, hashes);
    const versionId = randomUUID();
    const versionNumber = (previous?.version_number ?? 0) + 1;
    const counts = countByKind(input.list);
    const changeCounts = countChanges(changes);
    await sql(tx, 
      `insert into list_versions (id, source, version_number, list_kind, content_hash, entity_count, counts, problem_count, problems, origin,
         added_count, removed_count, changed_count, previous_version_id, pipeline_run_id, published_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [versionId, input.source, versionNumber, listKindOf(input.list), contentHash, input.list.entities.size, JSON.stringify(counts),
        input.list.problemCount, JSON.stringify(input.list.problems), input.origin, changeCounts.added, changeCounts.removed,
        changeCounts.changed, previous?.id ?? null, input.pipelineRunId ?? null, input.publishedAt ?? null],
    );
    await insertEntities(tx, versionId, input.list);
    await insertChanges(tx, versionId, changes);
    return { outcome: 'created', versionId, versionNumber, source: input.source, contentHash, entityCount: input.list.entities.size, counts, problemCount: input.list.problemCount, changes: changeCounts };
  });
}

async function insertEntities(tx: EntityManager, versionId: string, list: CollectedList): Promise<void> {
  const rows = [...list.entities].map(([source_id, { entity, hash }]) => ({ source_id, content_hash: hash, entity }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await sql(tx, 
      `insert into listed_entities (list_version_id, source_id, content_hash, entity)
       select ?, x.source_id, x.content_hash, x.entity from jsonb_to_recordset(?::jsonb) as x(source_id text, content_hash text, entity jsonb)`,
      [versionId, JSON.stringify(rows.slice(i, i + INSERT_BATCH))],
    );
  }
}

async function insertChanges(tx: EntityManager, versionId: string, changes: ListChange[]): Promise<void> {
  const rows = changes.map((c) => ({ source_id: c.sourceId, change: c.change, previous_hash: c.previousHash, current_hash: c.currentHash }));
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await sql(tx, 
      `insert into list_version_changes (list_version_id, source_id, change, previous_hash, current_hash)
       select ?, x.source_id, x.change, x.previous_hash, x.current_hash
         from jsonb_to_recordset(?::jsonb) as x(source_id text, change text, previous_hash text, current_hash text)`,
      [versionId, JSON.stringify(rows.slice(i, i + INSERT_BATCH))],
    );
  }
}
