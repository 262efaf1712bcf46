/**
 * CPU of the PostgreSQL backends serving one database, read from /proc: the benchmark's own fresh
 * database has its own connections, so other work on a shared cluster (tests running beside the bench)
 * is not counted. Measure over a stretch where the pool's connections stay open (their pids are read
 * at the start and the end, and a backend that appeared in between counts from zero).
 */
import { readFileSync } from 'node:fs';
import { Client } from 'pg';

const TICKS_PER_SECOND = 100; // USER_HZ

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // ended, or on another machine
  }
}

async function backendPids(ownerUrl: string, database: string): Promise<number[]> {
  const client = new Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [database]);
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** Starts measuring; the returned function answers the backends' CPU milliseconds since. */
export async function measureDatabaseCpu(ownerUrl: string, database: string): Promise<() => Promise<number>> {
  const start = new Map((await backendPids(ownerUrl, database)).map((pid) => [pid, ticksOf(pid)]));
  return async () => {
    let ticks = 0;
    for (const pid of await backendPids(ownerUrl, database)) ticks += ticksOf(pid) - (start.get(pid) ?? 0);
    return (ticks * 1000) / TICKS_PER_SECOND;
  };
}
