/**
 * Raw SQL on an entity manager, inside its transaction when it has one, with real bind parameters.
 * MikroORM's `getConnection().execute()` runs outside the current transaction unless given its
 * context, and it inlines parameters into the SQL text (escaping a 30 KB scan body costs more than the
 * insert); all raw SQL goes through here instead, as a parameterised knex query.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/knex';

export interface SqlOptions {
  /**
   * Runs the statement as a named prepared statement: each pooled connection parses and plans it once
   * and then only binds and executes it (the hot statements of every scan; docs/performance.md). The
   * name must always go with the same SQL text.
   */
  prepared?: string;
}

export async function sql<T = Record<string, unknown>[]>(em: EntityManager, query: string, params: unknown[] = [], options: SqlOptions = {}): Promise<T> {
  let raw = em.getConnection().getKnex().raw(query, params as Knex.RawBinding[]);
  if (options.prepared) raw = raw.options({ name: options.prepared });
  const transaction = em.getTransactionContext<Knex.Transaction>();
  const result = (await (transaction ? raw.transacting(transaction) : raw)) as { rows: unknown[] };
  return result.rows as T;
}
