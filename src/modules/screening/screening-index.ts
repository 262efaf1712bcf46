/**
 * The matching index every scan consults: built from the current version of every list at start, and
 * rebuilt and swapped atomically when a new version lands (PostgreSQL notifies `list_versions_changed`).
 * Scans in flight keep the index they started with; the next scan sees the new one.
 *
 * A rebuild of real lists reads and indexes tens of thousands of entities (a second of work, more than
 * ten at a million names): it runs in a worker thread and arrives in slices of a few milliseconds
 * (`index-build.ts`), so scans keep being answered meanwhile. Only a handful of entities, below
 * `workerFromEntities`, are indexed on this thread, where it costs less than a thread's start-up.
 */
import { MatchIndex } from '../../matching';
import { buildIndexOffThread } from './index-build';
import type { DatabaseNotifications } from '../../db/notifications';
import type { Orm } from '../../db/orm';
import type { Logger } from '../../logger';
import type { ListedEntity } from '../../sources/listed-entity';
import { sql } from '../../db/sql';

export interface LoadedListVersion {
  source: string;
  versionId: string;
  versionNumber: number;
  listKind: string;
  entityCount: number;
  createdAt: Date;
  /** The publisher's date of the copy loaded, when known (a dated snapshot): staleness is judged by it. */
  publishedAt: Date | null;
}

export interface IndexSnapshot {
  index: MatchIndex;
  versions: LoadedListVersion[];
}

const REBUILD_DEBOUNCE_MS = 250;

export interface ScreeningIndexOptions {
  /** Where the build worker reads the listed entities (the service's own connection URL). */
  db: { url: string };
  /** Versions with at least this many entities between them are indexed in a worker thread. */
  workerFromEntities: number;
  /** The nice value the build thread lowers itself to as it starts (`API_HELPER_THREADS_NICE`, in the worker too); 0 leaves it. */
  buildThreadNice: number;
}

/** As `MATCH_INDEX_WORKER_FROM_ENTITIES` defaults (src/config.ts). */
const DEFAULT_WORKER_FROM_ENTITIES = 1000;

export class ScreeningIndex {
  private readonly options: ScreeningIndexOptions;
  private snapshot: IndexSnapshot = { index: MatchIndex.empty(), versions: [] };
  private rebuilding: Promise<void> | undefined;
  private rebuildAgain = false;
  private debounce: NodeJS.Timeout | undefined;

  constructor(
    private readonly orm: Orm,
    private readonly logger: Logger,
    notifications?: DatabaseNotifications,
    options: Partial<ScreeningIndexOptions> = {},
  ) {
    this.options = {
      db: options.db ?? { url: orm.config.get('clientUrl')! },
      workerFromEntities: options.workerFromEntities ?? DEFAULT_WORKER_FROM_ENTITIES,
      buildThreadNice: options.buildThreadNice ?? 0,
    };
    notifications?.subscribe({
      channel: 'list_versions_changed',
      onNotification: () => this.scheduleRebuild(),
      onListening: () => this.scheduleRebuild(), // catch up on versions announced while we were not listening
    });
  }

  current(): IndexSnapshot {
    return this.snapshot;
  }

  /** Builds from the database now; resolves when the new index is in place. */
  async rebuild(): Promise<void> {
    if (this.rebuilding) {
      this.rebuildAgain = true;
      return this.rebuilding;
    }
    this.rebuilding = this.loadAndSwap().finally(() => {
      this.rebuilding = undefined;
      if (this.rebuildAgain) {
        this.rebuildAgain = false;
        void this.rebuild();
      }
    });
    return this.rebuilding;
  }

  private scheduleRebuild(): void {
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.rebuild().catch((err) => this.logger.error({ err }, 'matching index rebuild failed')), REBUILD_DEBOUNCE_MS);
    this.debounce.unref();
  }

  private async loadAndSwap(): Promise<void> {
    const started = performance.now();
    const em = this.orm.em.fork();
    const versions = (
      await sql<{ id: string; source: string; version_number: number; list_kind: string; entity_count: number; created_at: Date; published_at: string | null }[]>(em,
        `select distinct on (source) id, source, version_number, list_kind, entity_count, created_at, to_char(published_at, 'YYYY-MM-DD') as published_at
           from list_versions order by source, version_number desc`,
      )
    ).map((v) => ({
      source: v.source,
      versionId: v.id,
      versionNumber: v.version_number,
      listKind: v.list_kind,
      entityCount: v.entity_count,
      createdAt: new Date(v.created_at),
      publishedAt: v.published_at ? new Date(`${v.published_at}T00:00:00Z`) : null,
    }));
    if (versions.every((v) => this.snapshot.versions.some((s) => s.versionId === v.versionId)) && versions.length === this.snapshot.versions.length) return;
    const entityCount = versions.reduce((sum, v) => sum + v.entityCount, 0);
    const { index, ...how } =
      entityCount >= this.options.workerFromEntities
        ? await this.buildOffThread(versions)
        : { index: MatchIndex.build(await this.readEntities(em, versions)), thread: 'request' as const };
    this.snapshot = { index, versions }; // one assignment: a scan sees the old pair or the new, never a mix
    this.logger.info(
      { versions: versions.map((v) => `${v.source}@${v.versionNumber}`), entities: index.stats.entities, ms: Math.round(performance.now() - started), ...how },
      'matching index built',
    );
  }

  private async buildOffThread(versions: LoadedListVersion[]) {
    const { index, timings } = await buildIndexOffThread({ from: 'database', db: this.options.db, versionIds: versions.map((v) => v.versionId), nice: this.options.buildThreadNice });
    const round = (ms: number) => Math.round(ms);
    return {
      index,
      thread: 'worker' as const,
      readMs: round(timings.readMs),
      buildMs: round(timings.buildMs),
      hydrationMs: round(timings.hydration.totalMs),
      longestSliceMs: Math.round(timings.hydration.longestSliceMs * 10) / 10,
      buildThreadNice: timings.nice,
    };
  }

  private async readEntities(em: ReturnType<Orm['em']['fork']>, versions: LoadedListVersion[]): Promise<ListedEntity[]> {
    const entities: ListedEntity[] = [];
    for (const version of versions) {
      const rows = await sql<{ entity: ListedEntity }[]>(em, 'select entity from listed_entities where list_version_id = ?', [version.versionId]);
      for (const row of rows) entities.push(row.entity);
    }
    return entities;
  }
}
