import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { APP_ROLE } from '../../src/db/app-role';
import { APP_ROLE_WRITES } from '../../src/db/app-role-writes';
import { operatorSql } from '../helpers/operator-sql';
import { testConfig } from '../helpers/test-config';

interface Grant {
  table: string;
  update: 'all' | string[] | null;
  delete: boolean;
  truncate: boolean;
}

/** What the app role may change, table by table, as PostgreSQL's own privilege functions answer it. */
async function grantsInDatabase(query: (text: string) => Promise<unknown[]>): Promise<Grant[]> {
  const rows = (await query(
    `select c.relname as table,
            has_table_privilege('${APP_ROLE}', c.oid, 'UPDATE') as update_all,
            (select array_agg(a.attname::text order by a.attname) from pg_attribute a
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and has_column_privilege('${APP_ROLE}', c.oid, a.attnum, 'UPDATE')) as update_columns,
            has_table_privilege('${APP_ROLE}', c.oid, 'DELETE') as delete,
            has_table_privilege('${APP_ROLE}', c.oid, 'TRUNCATE') as truncate
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`,
  )) as { table: string; update_all: boolean; update_columns: string[] | null; delete: boolean; truncate: boolean }[];
  return rows
    .map((r) => ({ table: r.table, update: r.update_all ? ('all' as const) : r.update_columns, delete: r.delete, truncate: r.truncate }))
    .filter((g) => g.update !== null || g.delete || g.truncate);
}

/** The reviewed list in the same shape. */
function reviewed(): Grant[] {
  return Object.entries(APP_ROLE_WRITES)
    .map(([table, w]) => ({ table, update: w.update === 'all' ? ('all' as const) : [...w.update].sort(), delete: w.delete, truncate: false }))
    .sort((a, b) => (a.table < b.table ? -1 : 1));
}

describe('what the service role may change', () => {
  const { ownerUrl } = testConfig().db;

  it('is exactly the reviewed list in src/db/app-role-writes.ts: every other table is insert-and-read for it', async () => {
    expect(await grantsInDatabase((text) => operatorSql(ownerUrl, text))).toEqual(reviewed());
  });

  it('catches a table added without review (default privileges hand it UPDATE and DELETE)', async () => {
    // Made and looked at inside a transaction that is rolled back, so no other test ever sees the table.
    const owner = new Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      await owner.query('begin');
      await owner.query('create table i47_unreviewed (id integer primary key)');
      const found = await grantsInDatabase(async (text) => (await owner.query(text)).rows);
      expect(found).not.toEqual(reviewed());
      expect(found.find((g) => g.table === 'i47_unreviewed')).toEqual({ table: 'i47_unreviewed', update: 'all', delete: true, truncate: false });
    } finally {
      await owner.query('rollback');
      await owner.end();
    }
  });
});
