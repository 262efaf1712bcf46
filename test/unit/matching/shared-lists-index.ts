import { MatchIndex } from '../../../src/matching';
import type { ListedEntity } from '../../../src/sources/listed-entity';
import { parseListFile, type ListFile } from '../../../src/sources/registry';
import { sharedDataFile } from '../../helpers/shared-data';

/**
 * DFAT, UN and OFAC as published (the shared data folder's full files, parsed by the loaders' one entry
 * point as the pipeline does), for tests about what the matcher does on the real lists: their token
 * rarities, their collisions ("EMMA LLC", fifty Kims) and their original-script names. Fails loudly
 * when the shared data folder is missing rather than testing a stand-in.
 */
export async function loadSharedListEntities(): Promise<ListedEntity[]> {
  const files: ListFile[] = [
    { source: 'dfat', path: required('lists', 'dfat', 'consolidated-2026-02-24.xlsx') },
    { source: 'un', path: required('lists', 'un', 'consolidated-2026-02-27.xml') },
    {
      source: 'ofac',
      path: required('lists', 'ofac', 'sdn-2024-05-03.csv'),
      altPath: required('lists', 'ofac', 'alt-2026-06.csv'),
      addPath: required('lists', 'ofac', 'add-2026-06.csv'),
    },
  ];
  const entities: ListedEntity[] = [];
  for (const file of files) {
    for await (const event of parseListFile(file)) if ('entity' in event) entities.push(event.entity);
  }
  return entities;
}

let built: Promise<{ index: MatchIndex; entities: ListedEntity[] }> | undefined;

/** The index over the three full lists, built once per test worker. */
export function sharedListsIndex(): Promise<{ index: MatchIndex; entities: ListedEntity[] }> {
  built ??= loadSharedListEntities().then((entities) => ({ index: MatchIndex.build(entities), entities }));
  return built;
}

/** Milliseconds a test may take to parse the full lists (the DFAT spreadsheet is most of it). */
export const SHARED_LISTS_TIMEOUT_MS = 120_000;

function required(...parts: string[]): string {
  const path = sharedDataFile(...parts);
  if (!path) throw new Error(`shared data file ${parts.join('/')} not found (set SHARED_DATA_DIR)`);
  return path;
}
