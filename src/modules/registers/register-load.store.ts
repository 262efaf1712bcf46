/**
 * Loads of register files, as versions: a file identical to the last one loaded makes no new version
 * (it is recorded as `unchanged`, which still counts as a refresh), and the newest successful or
 * unchanged load of a source is its `last_refreshed`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export type RegisterLoadStatus = 'running' | 'succeeded' | 'unchanged' | 'failed';

export interface RegisterLoadOutcome {
  loadId: string;
  source: string;
  status: Exclude<RegisterLoadStatus, 'running'>;
  versionNumber: number | null;
  recordCount: number;
  problemCount: number;
  contentSha256: string;
}

/** SHA-256 of a file, streamed. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** The hash of the newest version loaded for `source`, if any. */
export async function latestContentHash(em: EntityManager, source: string): Promise<string | null> {
  const [row] = await sql<{ content_sha256: string }[]>(em, `select content_sha256 from register_loads where source = ? and status = 'succeeded' order by version_number desc limit 1`, [source]);
  return row?.content_sha256 ?? null;
}

export async function beginLoad(em: EntityManager, input: { source: string; origin: string; workflowId: string | null; contentSha256: string }): Promise<string> {
  const id = randomUUID();
  await sql(em, `insert into register_loads (id, source, status, content_sha256, origin, workflow_id) values (?, ?, 'running', ?, ?, ?)`, [
    id,
    input.source,
    input.contentSha256,
    input.origin,
    input.workflowId,
  ]);
  return id;
}

/** Closes a load; a succeeded one takes the next version number of its source. */
export async function finishLoad(
  em: EntityManager,
  loadId: string,
  outcome: { status: Exclude<RegisterLoadStatus, 'running'>; recordCount: number; problems: { location: string; message: string }[] },
): Promise<number | null> {
  const [row] = await sql<{ version_number: number | null }[]>(
    em,
    `update register_loads l set status = ?, record_count = ?, problem_count = ?, problems = ?, finished_at = now(),
            version_number = case when ? = 'succeeded'
              then (select coalesce(max(version_number), 0) + 1 from register_loads where source = l.source) end
      where id = ? returning version_number`,
    [outcome.status, outcome.recordCount, outcome.problems.length, JSON.stringify(outcome.problems.slice(0, 1_000)), outcome.status, loadId],
  );
  return row?.version_number ?? null;
}

/** `last_refreshed` per register source: the newest load that succeeded or found the file unchanged. */
export async function lastRefreshedPerSource(em: EntityManager): Promise<Map<string, string>> {
  const rows = await sql<{ source: string; at: Date }[]>(em, `select source, max(finished_at) as at from register_loads where status in ('succeeded', 'unchanged') group by source`);
  return new Map(rows.map((r) => [r.source, new Date(r.at).toISOString()]));
}

export interface SourceVersion {
  /** The newest version's number; null when the source was never loaded. */
  version: number | null;
  /** The newest refresh (a new version or an unchanged file); null when never loaded. */
  last_refreshed: string | null;
}

/** For each of `sources`: its newest version and last refresh, so an answer can say what it was read from. */
export async function sourceVersions(em: EntityManager, sources: string[]): Promise<Record<string, SourceVersion>> {
  const rows = await sql<{ source: string; version: number | null; at: Date | null }[]>(
    em,
    `select source, max(version_number) as version, max(finished_at) as at from register_loads
      where source = any(?) and status in ('succeeded', 'unchanged') group by source`,
    [sources],
  );
  const found = new Map(rows.map((r) => [r.source, r]));
  return Object.fromEntries(
    sources.map((s) => {
      const row = found.get(s);
      return [s, { version: row?.version ?? null, last_refreshed: row?.at ? new Date(row.at).toISOString() : null }];
    }),
  );
}
