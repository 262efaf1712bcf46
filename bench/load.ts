/**
 * `npm run bench:load`: the whole stack (API processes, worker, Temporal dev server, a fresh database
 * with DFAT + UN + OFAC, small registers for the Trust Score and the ask knowledge base, a Redis of its
 * own) under a mixed workload at a steady rate — scans, batches with webhooks to a local receiver, cases
 * and their PDF reports, monitoring, public endpoints, Trust Scores, ask — for several minutes.
 * Prints latency percentiles and error rate per route, and each process's resident set over time; after
 * the warm-up the RSS of our processes, of PostgreSQL's backends (per backend: the pools open and close
 * backends) and of Redis must stay flat; the Temporal dev server's is shown but not judged. Exits
 * non-zero on any 5xx (or request left without an answer), any batch webhook missing, an API process
 * replaced, or a judged process whose RSS grows.
 * Flags: --rate 50 --minutes 5 --warmup-seconds 60 --sample-seconds 10 --api-processes 2 --drain-seconds 30 (load/options.ts).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'yaml';
import { openOrm } from '../src/db/orm';
import { startHttpsReceiver } from '../test/helpers/https-receiver';
import { benchClient, benchToken, loadSharedLists } from './support/fixtures';
import { measureMachineLoad } from './support/machine-load';
import { measureProcessCpu } from './support/process-cpu';
import { startBenchStack, type BenchStack } from './support/stack';
import { mixedLoad } from './load/mixed-pacer';
import { parseLoadOptions } from './load/options';
import { startOwnRedis } from './load/own-redis';
import { POSTGRES_TOTAL, TEMPORAL_DEV_SERVER, processMemory } from './load/process-memory';
import { RouteFigures } from './load/route-figures';
import { describeVerdicts, rssTable, rssVerdicts, type RssPoint } from './load/rss-trend';
import { loadTrustRegisters } from './load/trust-registers';
import { mixedWorkload } from './load/workload';

const say = (line: string) => process.stdout.write(`${line}\n`);
const uptime = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}`;
const ABR_RECORDS = 10_000;
/** Distinct ABNs scored: the first pass misses the cache, later ones hit it. */
const SCORED_ABNS = 2_000;

async function main(): Promise<number> {
  const options = parseLoadOptions(process.argv.slice(2));
  say(`bench:load — mixed workload at ${options.rate} requests/s for ${options.minutes} min after ${options.warmupSeconds} s of warm-up, ${options.apiProcesses} API processes; machine before start: ${uptime()}`);
  const receiver = await startHttpsReceiver();
  const redis = await startOwnRedis();
  const started: { stack?: BenchStack } = {};
  // Ctrl-C or a kill stops what we started (redis-server and the stack would outlive us).
  const interrupted = () => void (started.stack?.stop() ?? Promise.resolve()).finally(() => redis.stop().finally(() => process.exit(130)));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  let client: Awaited<ReturnType<typeof benchClient>> | undefined;
  let abns: string[] = [];
  const env = {
    API_PROCESSES: String(options.apiProcesses), REDIS_URL: redis.url, ASK_LLM_PROVIDER: 'none',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_CA_BUNDLE_PATH: receiver.caPath,
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000000', RATE_LIMIT_ELIGIBILITY_PER_MINUTE: '100000000', RATE_LIMIT_ASK_PER_MINUTE: '100000000',
  };
  const stack = await startBenchStack('load', env, async (config) => {
    const orm = await openOrm(config.db);
    await loadSharedLists(orm.em.fork(), say);
    abns = await loadTrustRegisters(orm.em.fork(), ABR_RECORDS, say);
    client = await benchClient(orm.em.fork(), config.auth.encryptionKey);
    await orm.close(true);
  }).catch(async (err: unknown) => {
    // redis-server is not our process group's to lose: stop it before giving up.
    await redis.stop();
    await receiver.close();
    throw err;
  });
  started.stack = stack;
  const memory = await processMemory({ apiPrimary: stack.pids.api, worker: stack.pids.worker, redis: redis.pid, bench: process.pid }, stack.config.db.ownerUrl);
  try {
    const token = await benchToken(stack.url, client!);
    const set = parse(readFileSync(join(__dirname, '..', 'test', 'fixtures', 'ask', 'questions.yaml'), 'utf8')) as Record<'in_scope' | 'out_of_scope', { question: string }[]>;
    const workload = mixedWorkload({ token, accountId: client!.accountId, webhookUrl: receiver.url, abns: abns.slice(0, SCORED_ABNS), questions: [...set.in_scope, ...set.out_of_scope].map((q) => q.question) });
    const figures = new RouteFigures();
    const points: RssPoint[] = [];
    const apiPids = new Set<string>();
    const machineLoad = measureMachineLoad();
    const processCpu = measureProcessCpu({ API: stack.pids.api, worker: stack.pids.worker }, { 'load generator': process.pid });
    const started = performance.now();
    const run = mixedLoad({ url: stack.url, connections: options.connections, ratePerSecond: options.rate, warmupSeconds: options.warmupSeconds, durationSeconds: options.minutes * 60, drainSeconds: options.drainSeconds, next: workload.next, figures });

    const sample = async () => {
      const atSeconds = (performance.now() - started) / 1000;
      const taken = await memory.sample();
      apiPids.add(taken.apiPids.join(','));
      points.push({ atSeconds, measured: atSeconds >= options.warmupSeconds - 0.5, mb: taken.mb, postgresBackends: taken.postgresBackends });
      const { sent, answered, inFlight } = run.progress();
      const totals = figures.totals();
      const rss = [...taken.mb].map(([name, mb]) => `${name} ${mb.toFixed(0)}`).join(', ');
      say(`  [${String(Math.round(atSeconds)).padStart(4)} s${atSeconds < options.warmupSeconds - 0.5 ? ' warm-up' : ''}] sent ${sent}, answered ${answered}, in flight ${inFlight}; measured failures ${totals.failed}, 5xx/no answer ${totals.serverErrors} | RSS MB: ${rss}; ${uptime()}`);
    };
    await sample();
    const sampler = setInterval(() => void sample().catch((err: unknown) => say(`  sample failed: ${String(err)}`)), options.sampleSeconds * 1000);
    const { measuredSeconds } = await run.done;
    clearInterval(sampler);
    await sample();
    const cpuLine = processCpu(run.progress().sent);
    const machineLine = machineLoad();

    say('  waiting for every batch webhook...');
    const arrived = (job: string) => receiver.received.some((r) => r.rawBody.includes(job));
    const deadline = Date.now() + 120_000;
    while (!workload.batchJobs.every(arrived) && Date.now() < deadline) await sleep(200);
    const missing = workload.batchJobs.filter((job) => !arrived(job));

    const totals = figures.totals();
    say('');
    say(`Figures — ${options.rate} requests/s offered for ${options.minutes} min (measured ${measuredSeconds.toFixed(0)} s, ${totals.sent} requests, ${Math.round(totals.sent / measuredSeconds)} requests/s) after ${options.warmupSeconds} s warm-up; ${options.apiProcesses} API processes, ${options.connections} connections`);
    say(`Machine: ${machineLine}; ${uptime()} at the end (other test runs share it)`);
    say(`  ${cpuLine}`);
    for (const line of figures.table()) say(`  ${line}`);
    say(`  all routes: ${totals.failed} of ${totals.sent} measured requests failed (${((100 * totals.failed) / Math.max(1, totals.sent)).toFixed(2)}%); 5xx or no answer, warm-up included: ${totals.serverErrors}`);
    if (figures.serverErrors.length) for (const line of figures.serverErrors) say(`  !!! 5xx / NO ANSWER: ${line}`);
    for (const [route, answers] of figures.otherFailures) say(`  non-2xx of ${route}, first answers: ${answers.join(' | ')}`);
    if (figures.abandoned) say(`  !!! ${figures.abandoned} requests still unanswered ${options.drainSeconds} s after the last was due were abandoned: the service served less than the offered rate on this machine`);
    say(`  batches: ${workload.batchJobs.length} submitted, ${workload.batchJobs.length - missing.length} batch.completed webhooks received${missing.length ? ` — MISSING: ${missing.join(', ')}` : ''}`);
    if (apiPids.size > 1) say(`  !!! an API process was replaced during the run (pids seen: ${[...apiPids].join(' / ')})`);
    say('');
    say(`RSS over time (MB; PostgreSQL: backends of the bench database without shared memory, in total and per backend; sampled every ${options.sampleSeconds} s):`);
    for (const line of rssTable(points)) say(`  ${line}`);
    const limits = { mbPerMinute: options.leakMbPerMinute, growthPercent: options.leakGrowthPercent };
    // Judged: our processes, PostgreSQL's backends and Redis. Left out (still in the table): the backends'
    // total, which moves with the pools, and the Temporal dev server, which keeps every workflow's history
    // in its own in-memory store (production runs a Temporal cluster, not this process).
    const verdicts = rssVerdicts(points, limits, [POSTGRES_TOTAL, TEMPORAL_DEV_SERVER]);
    say(`After warm-up, the lowest sample of each minute (flat: slope ≤ ${limits.mbPerMinute} MB/min or growth ≤ ${limits.growthPercent}%):`);
    for (const line of describeVerdicts(verdicts, limits)) say(`  ${line}`);
    const failed = totals.serverErrors > 0 || missing.length > 0 || apiPids.size > 1 || verdicts.some((v) => v.flat === false);
    say(failed ? 'bench:load FAILED (5xx, lost webhook, replaced process or growing RSS: see above)' : `bench:load passed: no 5xx, every batch webhook received, ${verdicts.some((v) => v.flat === undefined) ? 'RSS not judged (too short)' : 'RSS flat in every process'}`);
    return failed ? 1 : 0;
  } finally {
    await memory.close();
    await stack.stop();
    await redis.stop();
    await receiver.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`bench:load failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
