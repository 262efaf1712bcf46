/**
 * PostgreSQL's write-ahead log over a stretch of a benchmark (pg_stat_wal, cluster-wide): bytes and WAL
 * syncs per request. A commit waits for its WAL to reach the disk, so on a machine whose disk sometimes
 * stalls, the WAL a request writes and the syncs it causes are what its latency tail is made of.
 */
import { Client } from 'pg';

interface WalCounters {
  bytes: number;
  fullPageImages: number;
  syncs: number;
}

async function read(client: Client): Promise<WalCounters> {
  const { rows } = await client.query<{ wal_bytes: string; wal_fpi: string; wal_sync: string }>('select wal_bytes, wal_fpi, wal_sync from pg_stat_wal');
  return { bytes: Number(rows[0]!.wal_bytes), fullPageImages: Number(rows[0]!.wal_fpi), syncs: Number(rows[0]!.wal_sync) };
}

/** Starts measuring; the returned function reports WAL per request over `requests` since. */
export async function measureWal(databaseUrl: string): Promise<(requests: number) => Promise<string>> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const start = await read(client);
  return async (requests) => {
    const end = await read(client);
    await client.end();
    const per = (n: number) => n / Math.max(1, requests);
    return `PostgreSQL WAL per request: ${(per(end.bytes - start.bytes) / 1024).toFixed(1)} kB, ${per(end.fullPageImages - start.fullPageImages).toFixed(2)} full-page images, ${per(end.syncs - start.syncs).toFixed(2)} WAL syncs`;
  };
}
