import type { ListedEntity } from '../src/sources/listed-entity';
import { parseListFile } from '../src/sources/registry';
import { SHARED_DATA } from './unlisted-names';

/** The three lists the benchmark and the evaluation screen against, in their published formats. */
export const WATCHLIST_FILES = [
  { source: 'dfat', path: `${SHARED_DATA}/lists/dfat/consolidated-2026-02-24.xlsx` },
  { source: 'un', path: `${SHARED_DATA}/lists/un/consolidated-2026-02-27.xml` },
  {
    source: 'ofac',
    path: `${SHARED_DATA}/lists/ofac/sdn-2024-05-03.csv`,
    altPath: `${SHARED_DATA}/lists/ofac/alt-2026-06.csv`,
    addPath: `${SHARED_DATA}/lists/ofac/add-2026-06.csv`,
  },
] as const;

export interface LoadedWatchlists {
  entities: ListedEntity[];
  problems: number;
  parseMs: number;
}

/** Parses every list through the loaders' one entry point, exactly as the data pipeline does. */
export async function loadWatchlists(): Promise<LoadedWatchlists> {
  const started = performance.now();
  const entities: ListedEntity[] = [];
  let problems = 0;
  for (const file of WATCHLIST_FILES) {
    for await (const event of parseListFile(file)) {
      if ('entity' in event) entities.push(event.entity);
      else problems++;
    }
  }
  return { entities, problems, parseMs: performance.now() - started };
}
