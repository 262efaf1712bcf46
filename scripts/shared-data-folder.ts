import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A folder of the shared data (the full published lists the committed fixtures were cut from). It is
 * optional input kept outside the repository, needed only to redo a cut: the folder named by `envName`,
 * else `<SHARED_DATA_DIR>/<below>`, else `../shared/data/<below>` beside the repository. A missing folder
 * stops the script with a sentence saying what to set.
 */
export function sharedDataFolder(envName: string, below: string): string {
  const sharedData = process.env.SHARED_DATA_DIR || resolve(__dirname, '../../shared/data');
  const folder = process.env[envName] || join(sharedData, below);
  if (!existsSync(folder)) {
    throw new Error(`${folder} not found: this script cuts fixtures from the published files of the shared data folder, which is not part of the repository. Set ${envName} to the folder, or SHARED_DATA_DIR to the shared data folder.`);
  }
  return folder;
}
