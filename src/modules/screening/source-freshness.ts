/**
 * Whether the lists a scan consulted were fresh (architecture: `fresh` when every list was refreshed
 * within its expected interval, `stale` when one is older, `no_data` when no list is loaded or a
 * configured list has never been loaded: a scan that could not consult it has no data from it). A refresh
 * that found the list unchanged still counts as refreshed. A version loaded from a dated copy (the
 * repository's snapshot) is as old as its publication date, however recently it was loaded. Cached
 * briefly: it changes by the hour.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LoadedListVersion } from './screening-index';
import { sql } from '../../db/sql';

export type SourceStaleness = 'fresh' | 'stale' | 'no_data';

const CACHE_MS = 30_000;

export function stalenessOf(lastRefreshed: Map<string, Date>, versions: LoadedListVersion[], expectedSources: string[], staleAfterHours: number, now: Date): SourceStaleness {
  if (versions.length === 0) return 'no_data';
  const horizon = now.getTime() - staleAfterHours * 3_600_000;
  const loaded = new Set(versions.map((v) => v.source));
  if (expectedSources.some((s) => !loaded.has(s))) return 'no_data';
  const asOf = (v: LoadedListVersion) => v.publishedAt?.getTime() ?? Math.max(v.createdAt.getTime(), lastRefreshed.get(v.source)?.getTime() ?? 0);
  const tooOld = versions.some((v) => asOf(v) < horizon);
  return tooOld ? 'stale' : 'fresh';
}

export class SourceFreshness {
  private cache: { at: number; lastRefreshed: Map<string, Date> } | undefined;

  constructor(
    private readonly staleAfterHours: number,
    private readonly expectedSources: string[],
  ) {}

  async staleness(em: EntityManager, versions: LoadedListVersion[], now = new Date()): Promise<SourceStaleness> {
    if (!this.cache || now.getTime() - this.cache.at > CACHE_MS) {
      const rows = await sql<{ source: string; at: Date }[]>(em, `select source, max(finished_at) as at from pipeline_runs where status in ('succeeded', 'unchanged') group by source`);
      this.cache = { at: now.getTime(), lastRefreshed: new Map(rows.map((r) => [r.source, new Date(r.at)])) };
    }
    return stalenessOf(this.cache.lastRefreshed, versions, this.expectedSources, this.staleAfterHours, now);
  }
}
