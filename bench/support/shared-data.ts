/**
 * The shared data folder: the full published lists and registers that the benchmarks, the matching
 * evaluation and its set builder read. It is optional input kept outside the repository (the files are
 * not ours to commit; the tests run on small cuts in test/fixtures): `SHARED_DATA_DIR`, else
 * `../shared/data` beside the repository. A file missing from it stops the script with a sentence
 * saying what to set, rather than an ENOENT from deep inside a reader.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where the folder is looked for when `SHARED_DATA_DIR` is not set: beside the repository. */
export const SHARED_DATA_BESIDE_REPOSITORY = resolve(__dirname, '../../../shared/data');

export function sharedDataDir(): string {
  return process.env.SHARED_DATA_DIR || SHARED_DATA_BESIDE_REPOSITORY;
}

/** A file or folder of the shared data (path parts below it, e.g. `'lists', 'un', 'consolidated.xml'`); throws when absent. */
export function sharedDataPath(...parts: string[]): string {
  const path = join(sharedDataDir(), ...parts);
  if (!existsSync(path)) {
    throw new Error(
      `${path} not found: this benchmark reads the published lists and registers of the shared data folder, ` +
        `which is not part of the repository. Set SHARED_DATA_DIR to that folder (default: ${SHARED_DATA_BESIDE_REPOSITORY}).`,
    );
  }
  return path;
}
