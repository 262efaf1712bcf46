/**
 * A content-addressed store for downloaded list files, in PostgreSQL: the download activity puts the
 * file in and hands on only its key (`fetched:<sha256>`); the parse activity takes a private local
 * copy for each attempt. A retry, or a parse on another worker, therefore always finds the file, and
 * the same file downloaded twice is stored once. The row goes once the version is stored (or the file
 * is refused for good).
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

const PREFIX = 'fetched:';

export const isFetchedFileKey = (path: string | undefined): path is string => !!path && path.startsWith(PREFIX);

/** Stores the file at `path` (once per content) and returns its key. */
export async function keepFetchedFile(em: EntityManager, path: string): Promise<string> {
  const content = await readFile(path);
  const sha256 = createHash('sha256').update(content).digest('hex');
  await sql(em, `insert into fetched_list_files (sha256, file_name, byte_size, content) values (?, ?, ?, ?) on conflict (sha256) do nothing`, [
    sha256,
    basename(path),
    content.length,
    content,
  ]);
  return `${PREFIX}${sha256}`;
}

/** A private local copy of each keyed file (other paths pass through); `cleanup` removes the copies. */
export async function materialiseFetchedFiles<T extends Record<string, string | undefined>>(em: EntityManager, paths: T): Promise<{ paths: T; cleanup: () => Promise<void> }> {
  const keys = Object.values(paths).filter(isFetchedFileKey);
  if (keys.length === 0) return { paths, cleanup: async () => {} };
  const dir = await mkdtemp(join(tmpdir(), 'list-parse-'));
  try {
    const local: Record<string, string | undefined> = { ...paths };
    for (const [name, path] of Object.entries(paths)) {
      if (!isFetchedFileKey(path)) continue;
      const sha256 = path.slice(PREFIX.length);
      const [row] = await sql<{ file_name: string; content: Buffer }[]>(em, 'select file_name, content from fetched_list_files where sha256 = ?', [sha256]);
      if (!row) throw Object.assign(new Error(`downloaded file ${sha256} is no longer kept`), { code: 'ENOENT' });
      const file = join(dir, `${sha256.slice(0, 12)}-${row.file_name}`);
      await writeFile(file, row.content);
      local[name] = file;
    }
    return { paths: local as T, cleanup: () => rm(dir, { recursive: true, force: true }) };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

/** Drops the keyed files once nothing needs them. */
export async function releaseFetchedFiles(em: EntityManager, paths: (string | undefined)[]): Promise<void> {
  const hashes = paths.filter(isFetchedFileKey).map((key) => key.slice(PREFIX.length));
  if (hashes.length) await sql(em, 'delete from fetched_list_files where sha256 = any(?::text[])', [`{${hashes.join(',')}}`]);
}
