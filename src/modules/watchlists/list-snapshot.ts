/**
 * The dated snapshot of the public sanctions lists kept in the repository (`snapshots/lists/`), so a
 * first start screens against real lists even where the official URLs cannot be reached. A list
 * loaded from it carries its publication date (`list_versions.published_at`): scans name that date
 * and call the data stale by it, not by when it was loaded.
 */
import { createReadStream, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { RefreshRequest } from './list-fetcher';
import { PROJECT_ROOT } from '../../project-root';

export const LIST_SNAPSHOT_DIR = join(PROJECT_ROOT, 'snapshots', 'lists');

/** The sources a snapshot holds: the three lists every deployment screens against by default. */
export const SNAPSHOT_SOURCES = ['dfat', 'un', 'ofac'] as const;
export type SnapshotSource = (typeof SNAPSHOT_SOURCES)[number];

export interface SnapshotList {
  publisher: string;
  url: string;
  /** The publication date of the copy (YYYY-MM-DD). */
  published: string;
  licence: string;
  file: string;
  alt?: string;
  add?: string;
}

export interface ListSnapshotManifest {
  note: string;
  lists: Record<SnapshotSource, SnapshotList>;
}

export function readSnapshotManifest(dir: string = LIST_SNAPSHOT_DIR): ListSnapshotManifest {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as ListSnapshotManifest;
}

/** A snapshot file ready to parse: gzipped ones are expanded into `into`, others are read in place. */
async function readable(dir: string, file: string, into: string): Promise<string> {
  if (!file.endsWith('.gz')) return join(dir, file);
  mkdirSync(into, { recursive: true });
  const target = join(into, file.slice(0, -'.gz'.length));
  await pipeline(createReadStream(join(dir, file)), createGunzip(), createWriteStream(target));
  return target;
}

/** The refresh request that loads `source` from the snapshot, its files expanded under `workDir`. */
export async function snapshotRefreshRequest(source: SnapshotSource, workDir: string, dir: string = LIST_SNAPSHOT_DIR): Promise<RefreshRequest & { publishedAt: string }> {
  const list = readSnapshotManifest(dir).lists[source];
  return {
    source,
    file: await readable(dir, list.file, workDir),
    altFile: list.alt ? await readable(dir, list.alt, workDir) : undefined,
    addFile: list.add ? await readable(dir, list.add, workDir) : undefined,
    publishedAt: list.published,
  };
}
