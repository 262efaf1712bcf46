/**
 * `npm run bench:credits`: what paying for a check adds to `POST /v1/scans/full`, and what a refused
 * (402) scan costs the server against a paid one.
 *
 * 1. Latency: two API instances on one fresh database, one charging (free checks, then a ledger debit
 *    in the scan's transaction) and one not (CREDITS_CHARGE_CHECKS=false); the same client calls them
 *    in alternating rounds of sequential requests, so both see the same machine. Target: the debit adds
 *    ≤ 1 ms to the median.
 * 2. CPU: on the charging instance, sequential paid scans, then the same account drained to zero (its
 *    ledger keeps the thousands of debits it made, as a real account's would) and sequential refused
 *    scans. CPU per request of the PostgreSQL backends serving the bench's database, and of this process
 *    (the API, and the client sending the requests: the same client work for both, a little more for
 *    the paid scans' larger answers). Target: a refused scan costs no more than a paid one.
 */
import { recordMovement } from '../src/modules/credits/ledger';
import { loadStandardFixtures } from '../test/helpers/lists';
import { startTestApp } from '../test/helpers/test-app';
import { freshBenchConfig, ms, percentiles } from './support/bench-app';
import { measureDatabaseCpu } from './support/database-backend-cpu';
import { benchClient, benchToken } from './support/fixtures';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const rounds = Number(process.env.BENCH_ROUNDS ?? 10);
  const perRound = Number(process.env.BENCH_PER_ROUND ?? 100);
  const cpuScans = Number(process.env.BENCH_CPU_SCANS ?? 1_000);
  const base = await freshBenchConfig('credits', { LOG_LEVEL: 'silent' });
  const charging = await startTestApp(base);
  const free = await startTestApp({ ...base, credits: { chargeChecks: false } });
  try {
    await loadStandardFixtures(charging.deps.orm.em.fork());
    await Promise.all([charging.deps.screening.index.rebuild(), free.deps.screening.index.rebuild()]);
    const client = await benchClient(charging.deps.orm.em.fork(), base.auth.encryptionKey);
    const token = await benchToken(charging.url, client);
    const samples: Record<'with' | 'without', number[]> = { with: [], without: [] };
    const send = async (url: string, i: number, expected: number) => {
      const t = performance.now();
      const res = await fetch(`${url}/v1/scans/full`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ entity_type: 'person', name: `Bench Credit Person ${i}` }),
      });
      if (res.status !== expected) throw new Error(`scan answered ${res.status}, expected ${expected}: ${await res.text()}`);
      await res.arrayBuffer();
      return performance.now() - t;
    };
    const scan = (url: string, i: number) => send(url, i, 200);
    for (let i = 0; i < 50; i++) await scan(i % 2 ? charging.url : free.url, i); // warm both
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < perRound; i++) samples.without.push(await scan(free.url, round * perRound + i));
      for (let i = 0; i < perRound; i++) samples.with.push(await scan(charging.url, round * perRound + i));
    }
    const [without, withDebit] = [percentiles(samples.without), percentiles(samples.with)];
    const db = charging.deps.orm.em.fork().getConnection();
    const [debits] = await db.execute<{ n: number }[]>(`select count(*)::int as n from credit_ledger where kind = 'debit' and account_id = ?`, [client.accountId]);
    say(`without charging: p50 ${ms(without.p50)}, p95 ${ms(without.p95)} (${samples.without.length} scans)`);
    say(`with charging:    p50 ${ms(withDebit.p50)}, p95 ${ms(withDebit.p95)} (${samples.with.length} scans, ${debits!.n} ledger debits)`);
    say(`the debit adds ${ms(withDebit.p50 - without.p50)} to the median — target ≤ 1 ms`);

    // CPU per request: paid scans, then the same account with nothing left, refused.
    const database = new URL(base.db.url).pathname.slice(1);
    const cpuOf = async (label: string, expected: number, offset: number) => {
      for (let i = 0; i < 50; i++) await send(charging.url, offset + i, expected); // warm (the first refusal, before this process knew the balance was gone, screened: paid-scan.ts)
      const database_ = await measureDatabaseCpu(base.db.ownerUrl, database);
      const own = process.cpuUsage();
      const started = performance.now();
      for (let i = 0; i < cpuScans; i++) await send(charging.url, offset + 100 + i, expected);
      const wall = performance.now() - started;
      const used = process.cpuUsage(own);
      const postgres = (await database_()) / cpuScans;
      const api = (used.user + used.system) / 1000 / cpuScans;
      say(`${label}: CPU per request: PostgreSQL ${ms(postgres)}, API process (with the client) ${ms(api)}, together ${ms(postgres + api)}; wall ${ms(wall / cpuScans)} (${cpuScans} sequential)`);
      return postgres + api;
    };
    const paid = await cpuOf('paid scan (200)', 200, 100_000);
    const [{ balance }] = (await db.execute<{ balance: number }[]>('select balance from credit_balances where account_id = ?', [client.accountId])) as [{ balance: number }];
    await charging.deps.orm.em.fork().transactional((tx) =>
      // A debit (not an operator revocation) so the same bench runs on code before operator movements existed.
      recordMovement(tx, { accountId: client.accountId, kind: 'debit', amount: -balance, idempotencyKey: `bench-drain:${client.accountId}`, description: 'Benchmark: balance drained' }),
    );
    const [history] = await db.execute<{ n: number }[]>('select count(*)::int as n from credit_ledger where account_id = ?', [client.accountId]);
    say(`account drained to 0 (its ledger holds ${history!.n} rows)`);
    const refused = await cpuOf('refused scan (402)', 402, 200_000);
    say(`a refused scan costs ${(refused / paid).toFixed(2)}× a paid one — target ≤ 1: ${refused <= paid ? 'met' : 'NOT met'}`);
  } finally {
    await free.close();
    await charging.close();
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
