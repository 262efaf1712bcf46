/**
 * The worker thread that builds a matching index off the request thread (`buildIndexOffThread`): it
 * reads the listed entities of the given list versions itself (their rows parsed here, not on the
 * request thread), builds the `MatchIndex`, and posts it back as an `IndexImage` whose buffers move to
 * the parent without a copy. Entities can be handed in instead of read (tests, tools).
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { MatchIndex } from '../../matching';
import { encodeIndexImage, type IndexImage } from '../../matching/index/index-image';
import { openOrm } from '../../db/orm';
import { sql } from '../../db/sql';
import type { ListedEntity } from '../../sources/listed-entity';

export type IndexBuildInput =
  | { from: 'database'; db: { url: string }; versionIds: string[] }
  | { from: 'entities'; entities: ListedEntity[] };

export interface IndexBuildTimings {
  entities: number;
  readMs: number;
  buildMs: number;
  encodeMs: number;
}

export type IndexBuildReply = { ok: true; image: IndexImage; timings: IndexBuildTimings } | { ok: false; error: string };

async function entitiesOf(input: IndexBuildInput): Promise<ListedEntity[]> {
  if (input.from === 'entities') return input.entities;
  const orm = await openOrm({ url: input.db.url, poolMax: 1 });
  try {
    const entities: ListedEntity[] = [];
    for (const versionId of input.versionIds) {
      const rows = await sql<{ entity: ListedEntity }[]>(orm.em.fork(), 'select entity from listed_entities where list_version_id = ?', [versionId]);
      for (const row of rows) entities.push(row.entity);
    }
    return entities;
  } finally {
    await orm.close(true);
  }
}

async function build(input: IndexBuildInput): Promise<void> {
  const started = performance.now();
  const entities = await entitiesOf(input);
  const read = performance.now();
  const index = MatchIndex.build(entities);
  const built = performance.now();
  const { image, transferList } = encodeIndexImage(index);
  const timings = { entities: entities.length, readMs: read - started, buildMs: built - read, encodeMs: performance.now() - built };
  parentPort!.postMessage({ ok: true, image, timings } satisfies IndexBuildReply, transferList);
}

if (!isMainThread && parentPort) {
  build(workerData as IndexBuildInput).catch((err: unknown) => {
    parentPort!.postMessage({ ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) } satisfies IndexBuildReply);
  });
}
