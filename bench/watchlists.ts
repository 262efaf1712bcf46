import type { ListedEntity } from '../src/sources/listed-entity';
import { parseListFile, type ListFile } from '../src/sources/registry';
import { sharedDataPath } from './support/shared-data';

/** The three lists the benchmark and the evaluation screen against, in their published formats (shared data). */
export const watchlistFiles = (): ListFile[] => [
  { source: 'dfat', path: sharedDataPath('lists/dfat/consolidated-2026-02-24.xlsx') },
  { source: 'un', path: sharedDataPath('lists/un/consolidated-2026-02-27.xml') },
  {
    source: 'ofac',
    path: sharedDataPath('lists/ofac/sdn-2024-05-03.csv'),
    altPath: sharedDataPath('lists/ofac/alt-2026-06.csv'),
    addPath: sharedDataPath('lists/ofac/add-2026-06.csv'),
  },
];

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
  for (const file of watchlistFiles()) {
    for await (const event of parseListFile(file)) {
      if ('entity' in event) entities.push(event.entity);
      else problems++;
    }
  }
  return { entities, problems, parseMs: performance.now() - started };
}
