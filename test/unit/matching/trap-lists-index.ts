import { resolve } from 'node:path';
import { MatchIndex } from '../../../src/matching';
import type { ListedEntity } from '../../../src/sources/listed-entity';
import { parseListFile, type ListFile } from '../../../src/sources/registry';

/** DFAT, UN and OFAC cut around the traps by `npx tsx scripts/cut-fixtures.ts traps`. */
const TRAPS = resolve(__dirname, '../../fixtures/lists/traps');

/**
 * The trap fixture as the pipeline reads it (the loaders' one entry point, published formats): the
 * listed entities each trap query meets on the full lists with a score of at least 0.3 (its nearest 25:
 * the Kims, "EMMA LLC", the Sanchezes, the names the traps must still find), and every 100th entity of
 * each list besides, so token rarities rest on a mixed population rather than on the neighbours alone.
 * `npm run bench:full-lists` checks that the test's verdicts on this cut hold on the full lists.
 */
export async function loadTrapListEntities(): Promise<ListedEntity[]> {
  const files: ListFile[] = [
    { source: 'dfat', path: `${TRAPS}/dfat-consolidated.xlsx` },
    { source: 'un', path: `${TRAPS}/un-consolidated.xml` },
    { source: 'ofac', path: `${TRAPS}/ofac-sdn.csv`, altPath: `${TRAPS}/ofac-alt.csv`, addPath: `${TRAPS}/ofac-add.csv` },
  ];
  const entities: ListedEntity[] = [];
  for (const file of files) {
    for await (const event of parseListFile(file)) if ('entity' in event) entities.push(event.entity);
  }
  return entities;
}

let built: Promise<{ index: MatchIndex; entities: ListedEntity[] }> | undefined;

/** The index over the trap fixture, built once per test worker. */
export function trapListsIndex(): Promise<{ index: MatchIndex; entities: ListedEntity[] }> {
  built ??= loadTrapListEntities().then((entities) => ({ index: MatchIndex.build(entities), entities }));
  return built;
}
