/**
 * Raw SQL on an entity manager, inside its transaction when it has one, with real bind parameters.
 * MikroORM's `getConnection().execute()` runs outside the current transaction unless given its
 * context, and it inlines parameters into the SQL text (escaping a 30 KB scan body costs more than the
 * insert); all raw SQL goes through here instead, as a parameterised knex query.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/knex';

export async function sql<T = Record<string, unknown>[]>(em: EntityManager, query: string, params: unknown[] = []): Promise<T> {
  const raw = em.getConnection().getKnex().raw(query, params as Knex.RawBinding[]);
  const transaction = em.getTransactionContext<Knex.Transaction>();
  const result = (await (transaction ? raw.transacting(transaction) : raw)) as { rows: unknown[] };
  return result.rows as T;
}
