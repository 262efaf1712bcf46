/**
 * The worker thread that builds a matching index off the request thread (`buildIndexOffThread`): it
 * reads the listed entities of the given list versions itself (their rows parsed here, not on the
 * request thread), builds the `MatchIndex`, and posts it back as an `IndexImage` whose buffers move to
 * the parent without a copy. Entities can be handed in instead of read (tests, tools).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { MatchIndex } from '../../matching';
import { encodeIndexImage, type IndexImage } from '../../matching/index/index-image';
import { Client } from 'pg';
import { lowerThisThread } from '../../thread-priority';
import type { ListedEntity } from '../../sources/listed-entity';

export type IndexBuildInput = (
  | { from: 'database'; db: { url: string }; versionIds: string[] }
  | { from: 'entities'; entities: ListedEntity[] }
) & {
  /** The nice value this thread lowers itself to before it starts (`lowerThisThread`). */
  nice?: number;
};

export interface IndexBuildTimings {
  entities: number;
  readMs: number;
  buildMs: number;
  encodeMs: number;
  /** The thread's nice value while it built (null where it cannot be read). */
  nice: number | null;
}

export type IndexBuildReply = { ok: true; image: IndexImage; timings: IndexBuildTimings } | { ok: false; error: string };

/**
 * One read-only statement per version on one `pg` connection of its own, not an ORM: the worker's heap
 * is part of the API process's peak while old and new index coexist, and an ORM instance (its metadata,
 * knex, every entity module) would add tens of megabytes to it for a single query. The statement is
 * `ScreeningIndex`'s own on the request thread, where it goes through `src/db/sql.ts`.
 */
async function entitiesOf(input: IndexBuildInput): Promise<ListedEntity[]> {
  if (input.from === 'entities') return input.entities;
  const client = new Client({ connectionString: input.db.url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    const entities: ListedEntity[] = [];
    for (const versionId of input.versionIds) {
      const { rows } = await client.query<{ entity: ListedEntity }>('select entity from listed_entities where list_version_id = $1', [versionId]);
      for (const row of rows) entities.push(row.entity);
    }
    return entities;
  } finally {
    await client.end();
  }
}

async function build(input: IndexBuildInput): Promise<void> {
  // Seconds of CPU nobody waits on to the millisecond: below the request thread from the start, not
  // from the process's next pass over its threads (which may come after the build is done).
  const nice = lowerThisThread(input.nice ?? 0);
  const started = performance.now();
  const entities = await entitiesOf(input);
  const read = performance.now();
  const index = MatchIndex.build(entities);
  const built = performance.now();
  const { image, transferList } = encodeIndexImage(index);
  const timings = { entities: entities.length, readMs: read - started, buildMs: built - read, encodeMs: performance.now() - built, nice };
  parentPort!.postMessage({ ok: true, image, timings } satisfies IndexBuildReply, transferList);
}

if (!isMainThread && parentPort) {
  build(workerData as IndexBuildInput).catch((err: unknown) => {
    parentPort!.postMessage({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies IndexBuildReply);
  });
}
