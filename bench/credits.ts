/**
 * `npm run bench:credits`: what paying for a check adds to `POST /v1/scans/full`. Two API instances on
 * one fresh database, one charging (free checks, then a ledger debit in the scan's transaction) and one
 * not (CREDITS_CHARGE_CHECKS=false); the same client calls them in alternating rounds of sequential
 * requests, so both see the same machine. Target: the debit adds ≤ 1 ms to the median.
 */
import { loadStandardFixtures } from '../test/helpers/lists';
import { startTestApp } from '../test/helpers/test-app';
import { freshBenchConfig, ms, percentiles } from './support/bench-app';
import { benchClient, benchToken } from './support/fixtures';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
  const perRound = Number(process.env.BENCH_PER_ROUND ?? 100);
  const base = await freshBenchConfig('credits', { LOG_LEVEL: 'silent' });
  const charging = await startTestApp(base);
  const free = await startTestApp({ ...base, credits: { chargeChecks: false } });
  try {
    await loadStandardFixtures(charging.deps.orm.em.fork());
    await Promise.all([charging.deps.screening.index.rebuild(), free.deps.screening.index.rebuild()]);
    const client = await benchClient(charging.deps.orm.em.fork(), base.auth.encryptionKey);
    const token = await benchToken(charging.url, client);
    const samples: Record<'with' | 'without', number[]> = { with: [], without: [] };
    const scan = async (url: string, i: number) => {
      const t = performance.now();
      const res = await fetch(`${url}/v1/scans/full`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entity_type: 'person', name: `Bench Credit Person ${i}` }),
      });
      if (res.status !== 200) throw new Error(`scan answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - t;
    };
    for (let i = 0; i < 50; i++) await scan(i % 2 ? charging.url : free.url, i); // warm both
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < perRound; i++) samples.without.push(await scan(free.url, round * perRound + i));
      for (let i = 0; i < perRound; i++) samples.with.push(await scan(charging.url, round * perRound + i));
    }
    const [without, withDebit] = [percentiles(samples.without), percentiles(samples.with)];
    const [debits] = await charging.deps.orm.em.fork().getConnection().execute<{ n: number }[]>(`select count(*)::int as n from credit_ledger where kind = 'debit' and account_id = ?`, [client.accountId]);
    say(`without charging: p50 ${ms(without.p50)}, p95 ${ms(without.p95)} (${samples.without.length} scans)`);
    say(`with charging:    p50 ${ms(withDebit.p50)}, p95 ${ms(withDebit.p95)} (${samples.with.length} scans, ${debits!.n} ledger debits)`);
    say(`the debit adds ${ms(withDebit.p50 - without.p50)} to the median — target ≤ 1 ms`);
  } finally {
    await free.close();
    await charging.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
