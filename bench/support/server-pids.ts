/**
 * The process ids of the servers a benchmark talks to, so it counts the CPU of its own PostgreSQL
 * cluster (the postmaster and every backend it forked) and its own Redis, not of another cluster or
 * Redis that tests sharing the machine started.
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { Client } from 'pg';

/** Read from the checkpointer's parent: needs a superuser connection, as the benchmarks' owner URL is. */
export async function postmasterPid(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(`select pid from pg_stat_activity where backend_type = 'checkpointer'`);
    const checkpointer = rows[0]?.pid;
    if (!checkpointer) throw new Error('no checkpointer found in pg_stat_activity');
    const stat = readFileSync(`/proc/${checkpointer}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } finally {
    await client.end();
  }
}

/** From the server's own `INFO server`. */
export async function redisServerPid(redisUrl: string): Promise<number> {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    const pid = /process_id:(\d+)/.exec(await redis.info('server'))?.[1];
    if (!pid) throw new Error('Redis INFO server has no process_id');
    return Number(pid);
  } finally {
    redis.disconnect();
  }
}
