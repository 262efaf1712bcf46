/**
 * The repository's root folder, where package.json is: the same whether this code runs as TypeScript
 * from `src/` (tsx, in development and tests) or compiled under `dist/src/` (`npm run build`), so the
 * files read at run time (the knowledge base, the methodology documents, list snapshots, contracts)
 * are found from either.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function rootAbove(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}: cannot find the project root`);
  }
}

export const PROJECT_ROOT = rootAbove(__dirname);

/** True when this process runs the compiled code under dist/ rather than TypeScript through tsx. */
export const RUNNING_COMPILED = __filename.endsWith('.js');
