/**
 * `npm run bench:scans`: POST /v1/scans/full through the whole stack — API process with auth, rate
 * limit (an Enterprise client with a very high limit), matching over DFAT + UN + OFAC, risk assessment
 * and the insert of the permanent record — at 50 concurrent connections for 20 s.
 * Targets on this machine: at least 600 scans/s with p99 ≤ 30 ms. Two measurements, after a warm-up:
 * 600 scans/s paced evenly over 50 connections (the p99 at the target rate; see support/paced-load.ts for
 * why autocannon's own rate option is not used for it), then a closed loop (each connection sends again
 * as soon as answered: the maximum throughput, where latency is queueing by Little's law). The paced run
 * comes first so it does not measure the database catching up after the overload of the closed loop.
 * The loaded lists are checkpointed to disk first, and the warm-up runs at the target rate (a closed-loop
 * warm-up left a burst of dirty pages that the kernel flushed 30 s later, inside the measured part).
 * Beside the latency it reports what explains it: CPU per scan by process (the bench's own PostgreSQL
 * cluster and Redis only) and the server total against its target of 1.2 ms, PostgreSQL's WAL per scan,
 * what the inserts waited on inside PostgreSQL, the kernel's writeback bursts, and the slowest seconds.
 * It runs the service's default of one API process (on two cores beside PostgreSQL, Redis and the load
 * generator, a second process costs more CPU per scan than it adds: docs/performance.md); API_PROCESSES
 * in the environment overrides it; `--paced-only`
 * skips the closed loop (when comparing CPU per scan between changes); `--rate N` paces at N scans/s;
 * `--with-batches N` submits N batches of 100 as the measured part starts, so the worker screens beside
 * the API (its CPU per scan then includes the batches' PostgreSQL work).
 * A PostgreSQL on this machine is reached over its Unix socket, as a co-located deployment should be;
 * `--tcp` keeps loopback TCP.
 */
import autocannon from 'autocannon';
import { benchToken, withSharedListsAndClient } from './support/fixtures';
import { measureMachineLoad } from './support/machine-load';
import { pacedLoad } from './support/paced-load';
import { settleDisk } from './support/settle-disk';
import { measureWal } from './support/wal-stats';
import { sampleInsertWaits } from './support/insert-waits';
import { watchDirtyPages } from './support/dirty-pages';
import { formatCpuPerRequest, startCpuMeasure, waitForIdleTree } from './support/process-cpu';
import { serverCpuInGeneratorUnits, serverCpuVerdict } from './support/server-cpu';
import { postmasterPid, redisServerPid } from './support/server-pids';
import { startBenchStack } from './support/stack';
import { submitBatches, type BackgroundBatches } from './support/background-batches';
import { benchDatabaseUrl } from './support/database-transport';
import { loadConfig } from '../src/config';

const say = (line: string) => process.stdout.write(`${line}\n`);

/** At the target rate, so the measured part starts in the steady state (code optimised, connections open) with no burst before it. */
const PACED_WARMUP_SECONDS = 15;

/** A realistic mix: listed names (some misspelt), clean people, companies, with and without filters. */
const BODIES = [
  { entity_type: 'person', name: 'Vladimir Vladimirovich Putin', dob: '1952-10-07', nationality_code: 'RU' },
  { entity_type: 'person', name: 'Kim Jong Un' },
  { entity_type: 'person', name: 'Raed Muhamad Hasan Hijazi', dob: '1968-12-30' },
  { entity_type: 'person', name: 'Sarah Louise Mitchell', dob: '1985-04-12', country_code: 'AU', risk_profile: { resident_status: 'resident', client_visit_type: 'face_to_face' } },
  { entity_type: 'person', name: 'Nguyen Van Minh', nationality_code: 'VN' },
  { entity_type: 'organisation', name: 'Harbour Logistics Pty Ltd', incorporation_country_code: 'AU', risk_profile: { industry_type: 'logistics' } },
  { entity_type: 'organisation', name: 'Islamic Revolutionary Guard Corps' },
  { entity_type: 'organisation', name: 'Sberbank of Russia' },
  { entity_type: 'person', name: 'Mohammed Ahmed Al-Rashid', dob: '1970-01-01' },
  { entity_type: 'person', name: 'James O\'Connor', country_code: 'IE' },
].map((b) => JSON.stringify(b));

/** `--rate N` paces at N scans/s instead of the target's 600 (to see the CPU per scan below saturation). */
function pacedRate(): number {
  const at = process.argv.indexOf('--rate');
  const rate = at >= 0 ? Number(process.argv[at + 1]) : 600;
  if (!Number.isFinite(rate) || rate <= 0) throw new Error('--rate takes a positive number of scans per second');
  return rate;
}

/** `--with-batches N`: batches of 100 for the worker during the measured part (0: none). */
function backgroundBatchCount(): number {
  const at = process.argv.indexOf('--with-batches');
  const count = at >= 0 ? Number(process.argv[at + 1]) : 0;
  if (!Number.isInteger(count) || count < 0) throw new Error('--with-batches takes a whole number of batches');
  return count;
}

async function main(): Promise<void> {
  const rate = pacedRate();
  const batchCount = backgroundBatchCount();
  say('bench:scans — POST /v1/scans/full through the whole stack (DFAT + UN + OFAC loaded)');
  const fixtures = withSharedListsAndClient(say);
  const database = await benchDatabaseUrl(loadConfig(process.env).db.ownerUrl, { tcp: process.argv.includes('--tcp') });
  process.env.DATABASE_URL = database.url;
  say(`  PostgreSQL over ${database.transport}`);
  const stack = await startBenchStack('scans', { API_PROCESSES: process.env.API_PROCESSES ?? '1' }, fixtures.prepare);
  try {
    const token = await benchToken(stack.url, fixtures.client());
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    // A profiled API is never idle (the profiler samples); its profile is read from the first request on.
    if (!process.env.BENCH_API_NODE_ARGS) await waitForIdleTree(stack.pids.api);
    await waitForIdleTree(stack.pids.worker);
    await settleDisk(stack.config.db.ownerUrl, say);
    say(`  measuring: ${rate} scans/s paced evenly over 50 connections, ${PACED_WARMUP_SECONDS} s warm-up then 20 s (latency from each request's due time)...`);
    const machineLoad = measureMachineLoad();
    const servers = { PostgreSQL: await postmasterPid(stack.config.db.ownerUrl), Redis: await redisServerPid(stack.config.redis.url) };
    const processCpu = startCpuMeasure({ API: stack.pids.api, worker: stack.pids.worker, ...servers }, { 'load generator': process.pid });
    const wal = await measureWal(stack.config.db.ownerUrl);
    const insertWaits = await sampleInsertWaits(stack.config.db.ownerUrl, ['insert into scans', 'with paid as']);
    const dirtyPages = watchDirtyPages(PACED_WARMUP_SECONDS);
    let batches: Promise<BackgroundBatches> | undefined;
    const batchTimer = batchCount > 0 ? setTimeout(() => (batches = submitBatches(stack.url, token, batchCount)), PACED_WARMUP_SECONDS * 1000) : undefined;
    const paced = await pacedLoad({ url: stack.url, path: '/v1/scans/full', method: 'POST', headers, bodies: BODIES, connections: 50, ratePerSecond: rate, durationSeconds: 20, warmupSeconds: PACED_WARMUP_SECONDS });
    clearTimeout(batchTimer);
    say(`  at ${rate}/s offered: ${paced.achievedRate} scans/s served (failed: ${paced.failed}); latency p50 ${paced.latencyMs.p50} ms, p90 ${paced.latencyMs.p90} ms, p99 ${paced.latencyMs.p99} ms, max ${paced.latencyMs.max} ms; ${machineLoad()}`);
    const cpu = processCpu(paced.sent + paced.warmupSent);
    say(`  ${formatCpuPerRequest(cpu)}`);
    say(`  ${serverCpuVerdict(cpu)}`);
    say(`  ${serverCpuInGeneratorUnits(cpu)}`);
    say(`  ${await wal(paced.sent + paced.warmupSent)}`);
    say(`  ${await insertWaits()}`);
    say(`  ${dirtyPages()}`);
    say(`  slowest seconds of the paced run (second: worst latency): ${paced.worstSeconds.map((w) => `${w.second}: ${w.maxMs} ms`).join(', ')}`);
    if (batches) say(`  ${batchCount} batches of 100 submitted as the measured part began: all completed after ${(await (await batches).finished).toFixed(1)} s`);
    if (rate === 600) say(`  target p99 ≤ 30 ms at 600 scans/s: ${paced.latencyMs.p99 <= 30 && paced.achievedRate >= 590 && paced.failed === 0 ? 'met' : 'NOT met'}`);
    if (process.argv.includes('--paced-only')) return;
    say('  measuring: closed loop, 50 connections, 20 s...');
    let i = 0;
    const requests = [{ method: 'POST' as const, path: '/v1/scans/full', headers, setupRequest: (req: object) => ({ ...req, body: BODIES[i++ % BODIES.length] }) }];
    const result = await autocannon({ url: stack.url, connections: 50, duration: 20, requests });
    const bad = result.non2xx + result.errors + result.timeouts;
    say(`  throughput: ${Math.round(result.requests.average)} scans/s (total ${result.requests.total}; non-2xx, errors or timeouts: ${bad})`);
    say(`  latency: p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
    say(`  closed loop (each connection sends as soon as answered): ${result.requests.average >= 600 ? 'meets' : 'does NOT meet'} ≥ 600 scans/s`);
  } finally {
    await stack.stop();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:scans failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
