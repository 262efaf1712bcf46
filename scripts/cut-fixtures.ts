import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { cutDfat } from './cut-fixtures/dfat';
import { writeFtmFixture } from './cut-fixtures/handmade-ftm';
import { writeHandmadeFixtures } from './cut-fixtures/handmade';
import { cutOfac } from './cut-fixtures/ofac';
import { cutOpenSanctions } from './cut-fixtures/opensanctions';
import { cutUn } from './cut-fixtures/un';
import { sharedDataFolder } from './shared-data-folder';

/**
 * Cuts the small watchlist fixtures the loader tests run on from the real lists in the shared data
 * folder (SHARED_LISTS_DIR, else `lists` of SHARED_DATA_DIR or of `../shared/data` beside the
 * repository: optional input, needed only to redo the cut), so the cut can be redone when a list is
 * refreshed, and writes the hand-made malformed and wrong-format files beside them.
 *
 *   npx tsx scripts/cut-fixtures.ts
 */
async function main(): Promise<void> {
  const root = resolve(__dirname, '..');
  const sharedDir = sharedDataFolder('SHARED_LISTS_DIR', 'lists');
  const outDir = resolve(root, 'test/fixtures/lists');
  for (const source of ['dfat', 'un', 'ofac', 'opensanctions']) mkdirSync(`${outDir}/${source}`, { recursive: true });
  const report = [
    ...(await cutDfat(sharedDir, `${outDir}/dfat`)),
    ...cutUn(sharedDir, `${outDir}/un`),
    ...cutOfac(sharedDir, `${outDir}/ofac`),
    ...cutOpenSanctions(sharedDir, `${outDir}/opensanctions`),
    ...writeFtmFixture(`${outDir}/opensanctions`),
    ...(await writeHandmadeFixtures(outDir)),
  ];
  process.stdout.write(`${report.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
