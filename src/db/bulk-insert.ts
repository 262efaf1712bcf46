/**
 * Many rows in one statement: the rows travel as one JSON parameter that PostgreSQL unpacks with
 * `jsonb_to_recordset`, so a batch of thousands is one round trip and one bind, whatever its size
 * (a `values (?, ?), (?, ?)…` list would hit the 65,535-parameter limit and be parsed afresh each time).
 * Each column is named once, with its PostgreSQL type; the statement is built from code constants,
 * never from input, and the names are checked to be plain identifiers all the same.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from './sql';

export interface BulkInsertOptions {
  /** Columns every row gets the same value in (the load, the job), bound once. */
  same?: Record<string, unknown>;
  /**
   * What a row whose key exists already does: nothing, or replace every other column (an upsert of a
   * register whose newer load restates the row).
   */
  onConflict?: { doNothing: true } | { key: readonly string[]; replaceTheRest: true };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Inserts `rows` into `table`. `columns` maps each column the rows carry (the rows' keys) to its
 * PostgreSQL type (`text`, `int`, `date`, `jsonb`...), which is how `jsonb_to_recordset` reads it.
 */
export async function bulkInsert(
  em: EntityManager,
  table: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly object[],
  options: BulkInsertOptions = {},
): Promise<void> {
  if (rows.length === 0) return;
  const same = Object.entries(options.same ?? {});
  const perRow = Object.entries(columns);
  for (const name of [table, ...same.map(([column]) => column), ...perRow.map(([column]) => column)]) {
    if (!IDENTIFIER.test(name)) throw new Error(`bulkInsert: "${name}" is not a plain identifier`);
  }
  for (const [, type] of perRow) if (!/^[a-z][a-z0-9 ]*(\[\])?$/.test(type)) throw new Error(`bulkInsert: "${type}" is not a column type`);
  const names = [...same.map(([column]) => column), ...perRow.map(([column]) => column)];
  const selected = [...same.map(() => '?'), ...perRow.map(([column]) => `x.${column}`)];
  const record = perRow.map(([column, type]) => `${column} ${type}`).join(', ');
  await sql(
    em,
    `insert into ${table} (${names.join(', ')}) select ${selected.join(', ')} from jsonb_to_recordset(?::jsonb) as x(${record})${conflictClause(names, options.onConflict)}`,
    [...same.map(([, value]) => value), JSON.stringify(rows)],
  );
}

function conflictClause(names: readonly string[], onConflict: BulkInsertOptions['onConflict']): string {
  if (!onConflict) return '';
  if ('doNothing' in onConflict) return ' on conflict do nothing';
  for (const column of onConflict.key) if (!names.includes(column)) throw new Error(`bulkInsert: the conflict key "${column}" is not a column`);
  const rest = names.filter((column) => !onConflict.key.includes(column));
  return ` on conflict (${onConflict.key.join(', ')}) do update set ${rest.map((column) => `${column} = excluded.${column}`).join(', ')}`;
}
