/**
 * Loading the lists writes a few hundred MB that PostgreSQL and the kernel flush to disk lazily, about
 * 30 s later (vm.dirty_expire_centisecs). Left alone, that flush lands in the measured window and every
 * commit's WAL fsync queues behind it, so the figures would measure the set-up, not the service. A
 * CHECKPOINT writes and fsyncs the loaded data before the measurement starts (pgbench's advice too).
 */
import { Client } from 'pg';

export async function settleDisk(databaseUrl: string, say: (line: string) => void): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('checkpoint');
    say(`  checkpoint after loading (loaded data flushed to disk) in ${Math.round(performance.now() - started)} ms`);
  } catch (err) {
    // CHECKPOINT needs a superuser or the pg_checkpoint role; without it the figures may include the flush.
    say(`  could not checkpoint after loading (${err instanceof Error ? err.message : String(err)}); figures may include the flush of the loaded data`);
  } finally {
    await client.end();
  }
}
