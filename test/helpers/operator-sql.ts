/**
 * Runs SQL the way an operator at a `psql` prompt would: on its own connection, outside the
 * application's pool and ORM, as one simple-protocol query (so several statements and explicit
 * transactions work), with the server's error message as the thrown error. `pg` does this without
 * needing a `psql` binary on the machine.
 */
import { Client } from 'pg';

/** Runs `sql` on a fresh connection to `url` and returns the rows of its last statement. */
export async function operatorSql(url: string, sql: string): Promise<unknown[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(sql);
    const last = Array.isArray(result) ? result.at(-1) : result;
    return last?.rows ?? [];
  } finally {
    await client.end();
  }
}
