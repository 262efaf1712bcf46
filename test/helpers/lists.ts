/** Loads a fixture list into the test database through the real parser and version store. */
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { collectList, storeListVersion, type StoredVersion } from '../../src/modules/watchlists/list-version.store';
import { parseListFile, type ListFile } from '../../src/sources/registry';

export const LIST_FIXTURES = join(__dirname, '..', 'fixtures', 'lists');

export async function loadFixtureList(em: EntityManager, file: ListFile): Promise<StoredVersion> {
  return storeListVersion(em, { source: file.source, origin: `file:${file.path}`, list: await collectList(parseListFile(file)) });
}

/** DFAT (current layout) and UN fixtures: enough real people and organisations to screen against. */
export async function loadStandardFixtures(em: EntityManager): Promise<void> {
  await loadFixtureList(em.fork(), { source: 'dfat', path: join(LIST_FIXTURES, 'dfat', 'consolidated-current.xlsx') });
  await loadFixtureList(em.fork(), { source: 'un', path: join(LIST_FIXTURES, 'un', 'consolidated.xml') });
}
