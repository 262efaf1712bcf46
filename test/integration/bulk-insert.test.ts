import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '../../src/db/bulk-insert';
import { openOrm, type Orm } from '../../src/db/orm';
import { sql } from '../../src/db/sql';
import { testConfig } from '../helpers/test-config';

/** Each case runs in a transaction over a temporary table of its own, dropped at its end. */
describe('bulkInsert', () => {
  let orm: Orm;
  beforeAll(async () => {
    orm = await openOrm(testConfig().db);
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  const columns = { id: 'int', name: 'text', tags: 'jsonb', born: 'date' };
  const probe = async <T>(work: (em: Orm['em']) => Promise<T>): Promise<T> =>
    orm.em.fork().transactional(async (tx) => {
      await sql(tx, 'create temporary table bulk_insert_probe (id int primary key, name text, tags jsonb, born date, load_id text) on commit drop');
      return work(tx as unknown as Orm['em']);
    });
  const rowsOf = (em: Orm['em']) => sql<{ id: number; name: string; tags: unknown; born: string; load_id: string }[]>(em, "select id, name, tags, to_char(born, 'YYYY-MM-DD') as born, load_id from bulk_insert_probe order by id");

  it('inserts every row in one statement, typed per column, with the values every row shares', async () => {
    const rows = await probe(async (em) => {
      await bulkInsert(em, 'bulk_insert_probe', columns, [
        { id: 1, name: "O'Brien; drop table x", tags: ['a', 'b'], born: '1970-01-02' },
        { id: 2, name: 'Ng', tags: { alias: 'Wu' }, born: null },
      ], { same: { load_id: 'load-1' } });
      return rowsOf(em);
    });
    expect(rows).toEqual([
      { id: 1, name: "O'Brien; drop table x", tags: ['a', 'b'], born: '1970-01-02', load_id: 'load-1' },
      { id: 2, name: 'Ng', tags: { alias: 'Wu' }, born: null, load_id: 'load-1' },
    ]);
  });

  it('replaces every other column of a row whose key exists, or leaves it, as asked', async () => {
    const rows = await probe(async (em) => {
      await bulkInsert(em, 'bulk_insert_probe', columns, [{ id: 1, name: 'First', tags: [], born: '2000-01-01' }], { same: { load_id: 'load-1' } });
      await bulkInsert(em, 'bulk_insert_probe', columns, [{ id: 1, name: 'Restated', tags: ['x'], born: '2001-02-03' }], {
        same: { load_id: 'load-2' },
        onConflict: { key: ['id'], replaceTheRest: true },
      });
      await bulkInsert(em, 'bulk_insert_probe', columns, [{ id: 1, name: 'Ignored', tags: [], born: null }, { id: 3, name: 'Third', tags: [], born: null }], {
        same: { load_id: 'load-3' },
        onConflict: { doNothing: true },
      });
      return rowsOf(em);
    });
    expect(rows).toEqual([
      { id: 1, name: 'Restated', tags: ['x'], born: '2001-02-03', load_id: 'load-2' },
      { id: 3, name: 'Third', tags: [], born: null, load_id: 'load-3' },
    ]);
  });

  it('refuses a table, column or type that is not a plain name, and a conflict key that is not a column, before running anything', async () => {
    const em = orm.em.fork();
    await expect(bulkInsert(em, 'probe; drop table x', columns, [{ id: 1 }])).rejects.toThrow(/not a plain identifier/);
    await expect(bulkInsert(em, 'bulk_insert_probe', { 'name) values': 'text' }, [{ id: 1 }])).rejects.toThrow(/not a plain identifier/);
    await expect(bulkInsert(em, 'bulk_insert_probe', { name: 'text); drop table x; --' }, [{ id: 1 }])).rejects.toThrow(/not a column type/);
    await expect(bulkInsert(em, 'bulk_insert_probe', columns, [{ id: 1 }], { onConflict: { key: ['missing'], replaceTheRest: true } })).rejects.toThrow(/not a column/);
  });

  it('does nothing for no rows', async () => {
    await expect(bulkInsert(orm.em.fork(), 'no_such_table', columns, [])).resolves.toBeUndefined();
  });
});
