/**
 * Raw SQL on an entity manager, inside its transaction when it has one, with real bind parameters.
 * MikroORM's `getConnection().execute()` runs outside the current transaction unless given its
 * context, and it inlines parameters into the SQL text (escaping a 30 KB scan body costs more than the
 * insert); all raw SQL goes through here instead, as a parameterised knex query.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Knex } from '@mikro-orm/knex';
import type { QueryResult } from 'pg';

export interface SqlOptions {
  /**
   * Outside a transaction, runs the statement as a named prepared statement straight on a pooled `pg`
   * connection, past knex's query runner (placeholder rewriting, events, wrappers): each connection
   * parses and plans it once and then only binds and executes it. For the statement every scan runs
   * (docs/performance.md). The name must always go with the same SQL text, whose `?` are all
   * placeholders. Inside a transaction the option is ignored and the statement runs as any other.
   */
  prepared?: string;
}

interface PgConnection {
  query(config: { name: string; text: string; values: unknown[] }): Promise<QueryResult>;
}

/** `?` placeholders as `$1…$n`, once per prepared statement name. */
const positionalText = new Map<string, string>();

function positional(name: string, query: string): string {
  let text = positionalText.get(name);
  if (text === undefined) {
    let n = 0;
    text = query.replace(/\?/g, () => `$${++n}`);
    positionalText.set(name, text);
  }
  return text;
}

export async function sql<T = Record<string, unknown>[]>(em: EntityManager, query: string, params: unknown[] = [], options: SqlOptions = {}): Promise<T> {
  const knex = em.getConnection().getKnex();
  const transaction = em.getTransactionContext<Knex.Transaction>();
  if (options.prepared && !transaction) {
    const connection = (await knex.client.acquireConnection()) as PgConnection;
    try {
      return (await connection.query({ name: options.prepared, text: positional(options.prepared, query), values: params })).rows as T;
    } finally {
      await knex.client.releaseConnection(connection);
    }
  }
  const raw = knex.raw(query, params as Knex.RawBinding[]);
  const result = (await (transaction ? raw.transacting(transaction) : raw)) as { rows: unknown[] };
  return result.rows as T;
}
