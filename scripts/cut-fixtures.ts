import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { cutDfat } from './cut-fixtures/dfat';
import { writeFtmFixture } from './cut-fixtures/handmade-ftm';
import { writeHandmadeFixtures } from './cut-fixtures/handmade';
import { cutOfac } from './cut-fixtures/ofac';
import { cutOpenSanctions } from './cut-fixtures/opensanctions';
import { copyRegisterSamples } from './cut-fixtures/registers';
import { cutTrapNeighbours } from './cut-fixtures/trap-neighbours';
import { cutUn } from './cut-fixtures/un';
import { sharedDataFolder } from './shared-data-folder';

const root = resolve(__dirname, '..');
const listsOut = resolve(root, 'test/fixtures/lists');

/** The parts of the cut, each redone alone when named on the command line. */
const PARTS: Record<string, () => Promise<string[]>> = {
  /** The loader tests' watchlist cuts, and the hand-made malformed and wrong-format files beside them. */
  lists: async () => {
    const sharedDir = sharedDataFolder('SHARED_LISTS_DIR', 'lists');
    for (const source of ['dfat', 'un', 'ofac', 'opensanctions']) mkdirSync(`${listsOut}/${source}`, { recursive: true });
    return [
      ...(await cutDfat(sharedDir, `${listsOut}/dfat`)),
      ...cutUn(sharedDir, `${listsOut}/un`),
      ...cutOfac(sharedDir, `${listsOut}/ofac`),
      ...cutOpenSanctions(sharedDir, `${listsOut}/opensanctions`),
      ...writeFtmFixture(`${listsOut}/opensanctions`),
      ...(await writeHandmadeFixtures(listsOut)),
    ];
  },
  /** DFAT, UN and OFAC around the matcher's false-positive traps. */
  traps: () => cutTrapNeighbours(sharedDataFolder('SHARED_LISTS_DIR', 'lists'), `${listsOut}/traps`),
  /** The small register samples, kept whole. */
  registers: async () => copyRegisterSamples(sharedDataFolder('SHARED_REGISTERS_DIR', 'registers'), resolve(root, 'test/fixtures/registers')),
};

/**
 * Cuts the fixtures the tests run on from the real published files of the shared data folder
 * (optional input, needed only to redo a cut: SHARED_LISTS_DIR and SHARED_REGISTERS_DIR, else `lists`
 * and `registers` of SHARED_DATA_DIR, else of `../shared/data` beside the repository), so a cut can be
 * redone when a list is refreshed. Names the parts to redo, all of them by default; the EveryPolitician
 * cut is scripts/everypolitician-fixtures.ts.
 *
 *   npx tsx scripts/cut-fixtures.ts [lists] [traps] [registers]
 */
async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((part) => !(part in PARTS));
  if (unknown.length > 0) throw new Error(`unknown part ${unknown.join(', ')}: the parts are ${Object.keys(PARTS).join(', ')}`);
  const report: string[] = [];
  for (const part of asked.length > 0 ? asked : Object.keys(PARTS)) report.push(...(await PARTS[part]!()));
  process.stdout.write(`${report.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exitCode = 1;
});
