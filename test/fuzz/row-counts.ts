/**
 * Row counts of every table of the application's database, so a test can prove that refused requests
 * stored nothing anywhere (scans, batches, cases and their events, enrolments, deliveries, ledger
 * entries, and whatever table is added next) without listing them by hand.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../src/db/sql';

/** `schema.table` → number of rows, for every base table outside PostgreSQL's own schemas. */
export async function countRows(em: EntityManager): Promise<Map<string, number>> {
  const tables = await sql<{ name: string }[]>(
    em,
    `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts = new Map<string, number>();
  for (const { name } of tables) {
    const [row] = await sql<{ n: string }[]>(em, `select count(*) as n from ${name}`);
    counts.set(name, Number(row?.n ?? 0));
  }
  return counts;
}

/** The tables whose counts differ, as `table: before → after`. */
export function changedTables(before: Map<string, number>, after: Map<string, number>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).map((name) => `${name}: ${before.get(name)} → ${after.get(name)}`);
}
