/**
 * What an API process pays to load a list version from PostgreSQL at start or on a new version: the
 * entities are written to a scratch database in the `listed_entities` layout (one jsonb row each), then
 * read back with the query `ScreeningIndex` runs (`select entity from listed_entities where
 * list_version_id = ?`, every row in one result, through the same `pg` driver). The scratch database
 * is dropped afterwards, whatever happens.
 */
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { ListedEntity } from '../../src/sources/listed-entity';

const INSERT_BATCH = 2000;

export interface DatabaseLoad {
  rows: ListedEntity[];
  writeMs: number;
  readMs: number;
}

/**
 * Writes the entities to a scratch database, reads them back as the API does, and hands them to
 * `use` (which measures what it likes while the rows are held). Progress goes to `log`.
 */
export async function withEntitiesFromDatabase<T>(
  entities: readonly ListedEntity[],
  log: (line: string) => void,
  use: (load: DatabaseLoad) => Promise<T> | T,
): Promise<T> {
  const serverUrl = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/compliance');
  const database = `matching_bench_${process.pid}`;
  const admin = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${database}`);
  try {
    const client = new Client({ connectionString: withDatabase(serverUrl, database) });
    await client.connect();
    try {
      const versionId = randomUUID();
      const writeStarted = performance.now();
      await client.query(`create table listed_entities (
        list_version_id uuid not null, source_id text not null, content_hash text not null, entity jsonb not null,
        primary key (list_version_id, source_id))`);
      for (let from = 0; from < entities.length; from += INSERT_BATCH) {
        const batch = entities.slice(from, from + INSERT_BATCH);
        await client.query(
          `insert into listed_entities select $1::uuid, s, '', e from unnest($2::text[], $3::jsonb[]) as t(s, e)`,
          [versionId, batch.map((e) => `${e.source}:${e.sourceId}`), batch.map((e) => JSON.stringify(e))],
        );
        if ((from / INSERT_BATCH) % 50 === 49) log(`  written ${from + batch.length} of ${entities.length} rows`);
      }
      await client.query('analyze listed_entities');
      const writeMs = performance.now() - writeStarted;
      log(`wrote ${entities.length} listed_entities rows in ${(writeMs / 1000).toFixed(1)} s; reading them back as an API process does...`);
      const readStarted = performance.now();
      const result = await client.query<{ entity: ListedEntity }>('select entity from listed_entities where list_version_id = $1', [versionId]);
      const rows = result.rows.map((row) => row.entity);
      const readMs = performance.now() - readStarted;
      return await use({ rows, writeMs, readMs });
    } finally {
      await client.end();
    }
  } finally {
    await admin.query(`drop database if exists ${database}`).catch(() => undefined);
    await admin.end();
  }
}

function withDatabase(server: URL, database: string): string {
  const url = new URL(server.toString());
  url.pathname = `/${database}`;
  return url.toString();
}
