/**
 * A lock a fault test holds on its own PostgreSQL connection, so a worker's work blocks at a known
 * point (inside its transaction, or on a write) and the test can kill the worker exactly there. The
 * test sees the block from the database itself (`pg_blocking_pids`), never from a sleep.
 */
import { Client } from 'pg';

export interface HeldLock {
  /** The backend pid of the connection holding the lock. */
  pid: number;
  /** How many other backends are waiting on this connection's locks right now. */
  waiters(): Promise<number>;
  /** Rolls the holding transaction back, so whoever waits proceeds. */
  release(): Promise<void>;
}

/**
 * Opens a transaction on a fresh connection to `url` and runs `statement` in it (a `select … for update`
 * or a `lock table`); the lock stays held until `release`. Pass the owner's URL to lock a table the
 * application's role may only insert into (`scans`).
 */
export async function holdLock(url: string, statement: string, params: unknown[] = []): Promise<HeldLock> {
  const client = new Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(statement, params);
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]!.pid;
  let released = false;
  return {
    pid,
    waiters: async () => {
      const { rows: waiting } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where $1 = any(pg_blocking_pids(pid))', [pid]);
      return waiting[0]!.n;
    },
    release: async () => {
      if (released) return;
      released = true;
      await client.query('rollback');
      await client.end();
    },
  };
}
