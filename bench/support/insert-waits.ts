/**
 * What the scan inserts were waiting for inside PostgreSQL during a benchmark, sampled from
 * pg_stat_activity every 50 ms: a commit that waits on `IO:WALSync` (its WAL fsync) or `LWLock:WALWrite`
 * (queued behind another backend's fsync) is waiting for the disk, one with no wait event is running.
 * This is how a latency tail is traced to the disk rather than to the service's own code.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';

const SAMPLE_EVERY_MS = 50;

/**
 * Starts sampling the active statements of `databaseUrl`'s database that begin with one of
 * `statementPrefixes` (a paid scan is one statement that starts by debiting the balance, so the
 * prefixes name it as well as a plain insert).
 */
export async function sampleInsertWaits(databaseUrl: string, statementPrefixes: string[]): Promise<() => Promise<string>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const totals = new Map<string, number>();
  let samples = 0;
  let worst = { active: 0, waits: '' };
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ wait: string; n: number }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'running') as wait, count(*)::int as n
           from pg_stat_activity where datname = current_database() and state = 'active' and query like any($1) group by 1`,
        [statementPrefixes.map((prefix) => `${prefix}%`)],
      );
      samples += 1;
      const active = rows.reduce((sum, r) => sum + r.n, 0);
      for (const r of rows) totals.set(r.wait, (totals.get(r.wait) ?? 0) + r.n);
      if (active > worst.active) worst = { active, waits: rows.map((r) => `${r.wait} ${r.n}`).join(', ') };
      await sleep(SAMPLE_EVERY_MS);
    }
  })();
  return async () => {
    stopped = true;
    await loop;
    await client.end();
    const average = [...totals]
      .sort((a, b) => b[1] - a[1])
      .map(([wait, n]) => `${wait} ${(n / Math.max(1, samples)).toFixed(2)}`)
      .join(', ');
    return `inserts in PostgreSQL at a moment, on average: ${average || 'none'}; at the worst moment ${worst.active} (${worst.waits || 'none'})`;
  };
}
