import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A file of the shared data folder (real published lists and registers, not ours to commit):
 * SHARED_DATA_DIR, else `../shared/data` beside the repository, else the machine's `/work/shared/data`,
 * so a fresh clone anywhere on our machines still finds it. Undefined when no copy holds the file.
 */
export function sharedDataFile(...parts: string[]): string | undefined {
  return [process.env.SHARED_DATA_DIR, resolve(__dirname, '../../../shared/data'), '/work/shared/data']
    .filter((dir): dir is string => !!dir)
    .map((dir) => join(dir, ...parts))
    .find(existsSync);
}
