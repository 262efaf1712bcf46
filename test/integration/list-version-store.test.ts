import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { collectList, storeListVersion } from '../../src/modules/watchlists/list-version.store';
import type { ListedEntity, ParseEvent } from '../../src/sources/listed-entity';
import { testConfig } from '../helpers/test-config';

function entity(sourceId: string, primaryName: string): ListedEntity {
  return {
    source: 'test', sourceId, listKind: 'sanctions', kind: 'person', primaryName, aliases: [], datesOfBirth: [], placesOfBirth: [],
    nationalities: [], countries: [], gender: null, programmes: [], listedOn: null, controlDate: null, remarks: null, identifiers: [],
  };
}

async function* events(...items: ParseEvent[]): AsyncIterable<ParseEvent> {
  yield* items;
}

describe('storing list versions', () => {
  let orm: Orm;
  const source = `test:${randomUUID().slice(0, 8)}`;
  beforeAll(async () => {
    orm = await openOrm(testConfig().db);
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('records added, removed and changed entities against the previous version, atomically with the version', async () => {
    const v1 = await storeListVersion(orm.em.fork(), {
      source,
      origin: 'test',
      list: await collectList(events({ entity: entity('A', 'Alpha') }, { entity: entity('B', 'Bravo') })),
    });
    expect(v1).toMatchObject({ outcome: 'created', versionNumber: 1, entityCount: 2, changes: { added: 2, removed: 0, changed: 0 } });

    const v2 = await storeListVersion(orm.em.fork(), {
      source,
      origin: 'test',
      list: await collectList(events({ entity: entity('C', 'Charlie') }, { entity: entity('B', 'Bravo Renamed') }, { problem: { location: 'row 9', message: 'no name' } })),
    });
    expect(v2).toMatchObject({ outcome: 'created', versionNumber: 2, entityCount: 2, problemCount: 1, changes: { added: 1, removed: 1, changed: 1 } });
    const changes = await orm.em.fork().getConnection().execute('select source_id, change from list_version_changes where list_version_id = ? order by source_id', [v2.versionId]);
    expect(changes).toEqual([
      { source_id: 'A', change: 'removed' },
      { source_id: 'B', change: 'changed' },
      { source_id: 'C', change: 'added' },
    ]);
  });

  it('treats the same entities in another order as the same list', async () => {
    const reordered = await storeListVersion(orm.em.fork(), {
      source,
      origin: 'test',
      list: await collectList(events({ entity: entity('B', 'Bravo Renamed') }, { entity: entity('C', 'Charlie') })),
    });
    expect(reordered).toMatchObject({ outcome: 'unchanged', versionNumber: 2 });
  });

  it('reports a second entity with the same source id instead of silently keeping both', async () => {
    const list = await collectList(events({ entity: entity('X', 'One') }, { entity: entity('X', 'Two') }));
    expect(list.entities.size).toBe(1);
    expect(list.problems).toEqual([{ location: 'entity X', message: 'duplicate source id; first kept' }]);
  });
});
