/**
 * `npm run bench:rescreen`: re-screening enrolled customers at scale (issue 51). Customers are made by the
 * benches' generator from real name pools (RESCREEN_CUSTOMERS, default 100,000; 1,000,000 is the target
 * scale) and enrolled in a fresh bench database beside the real lists; the service runs as production
 * does (Temporal dev server, API and two worker processes on one task queue). Measured, in one run:
 *
 * - a release changing 1,000 entities of a list (500 added, 300 changed, 200 removed): from the refresh's
 *   start to its sweep's end (alerts raised), the candidates the change reached, the reverse search's
 *   recall against a forward scan of every customer over the changed entities, and worker CPU per changed
 *   entity. Target: ≤ 10 s at a million customers.
 * - a full re-screen fanned out over both workers: wall time, customers a second, worker CPU per
 *   customer, pages per worker. Target: a million in ≤ 5 min (≥ 3,300 a second). Run twice, after a
 *   first pass on one worker that records the matches the customers have (their enrolments start
 *   knowing none) before the release is measured.
 * - the baseline, in the same run: today's sweep of every enrolment (what each release cost before).
 *
 * The bench's Temporal dev server keeps its state in .data/bench-rescreen: delete it after a run that
 * was stopped part-way, or its workflows (ids fixed here) are found again.
 */
import type { ChildProcess } from 'node:child_process';
import { Client, Connection } from '@temporalio/client';
import { openOrm, type Orm } from '../src/db/orm';
import { sql } from '../src/db/sql';
import { MatchIndex } from '../src/matching';
import { changedEntitiesOf } from '../src/modules/monitoring/change-candidates';
import { refreshInput, sweepSettings } from '../src/temporal/workflow-inputs';
import { fullRescreenWorkflow } from '../workflows/full-rescreen';
import { monitoringSweepWorkflow } from '../workflows/monitoring-sweep';
import { watchlistRefreshWorkflow } from '../workflows/watchlist-refresh';
import { writeSimpleCsv, type SyntheticTarget } from '../test/helpers/synthetic-lists';
import { benchClient, loadSharedLists } from './support/fixtures';
import { measureMachineLoad } from './support/machine-load';
import { startCpuMeasure } from './support/process-cpu';
import { enrolCustomers, poolsOfLoadedLists, releaseVersions, type BenchCustomer } from './support/rescreen-population';
import { startBenchStack, startProcess } from './support/stack';
import { sweepPhases } from './support/sweep-phases';

const say = (line: string) => process.stdout.write(`${line}\n`);
const CUSTOMERS = Number(process.env.RESCREEN_CUSTOMERS ?? 100_000);
/** RESCREEN_RELEASE_ONLY=1 stops after the release (for work on the release alone). */
const RELEASE_ONLY = process.env.RESCREEN_RELEASE_ONLY === '1';
const SOURCE = 'opensanctions:bench_release';
const PAGE_SIZE = 1_000;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  say(`bench:rescreen — ${CUSTOMERS.toLocaleString()} enrolled customers (measured on a machine shared with other work: see the load lines)`);
  let customers: BenchCustomer[] = [];
  let release!: ReturnType<typeof releaseVersions>;
  const stack = await startBenchStack('rescreen', { MONITORING_SWEEP_PAGE_SIZE: String(PAGE_SIZE) }, async (config) => {
    const orm = await openOrm(config.db);
    await loadSharedLists(orm.em.fork(), say);
    const pools = await poolsOfLoadedLists(orm.em.fork());
    const owner = await benchClient(orm.em.fork(), config.auth.encryptionKey);
    const started = performance.now();
    customers = await enrolCustomers(orm.em.fork(), pools, owner, CUSTOMERS, (done) => done % 100_000 === 0 && say(`  enrolled ${done.toLocaleString()}`));
    say(`  ${customers.length.toLocaleString()} customers enrolled in ${seconds(performance.now() - started)}`);
    release = releaseVersions(pools, customers);
    await orm.close(true);
  });
  // The second worker starts after the release: the first worker's customer index is the warm one.
  let secondWorker: ChildProcess | undefined;
  const workers: Record<string, number> = { 'worker 1': stack.pids.worker };
  const connection = await Connection.connect({ address: stack.env.TEMPORAL_ADDRESS });
  const orm = await openOrm(stack.config.db);
  try {
    const temporal = new Client({ connection });
    const taskQueue = stack.config.temporal.taskQueue;
    const refresh = (targets: SyntheticTarget[], id: string) =>
      temporal.workflow.execute(watchlistRefreshWorkflow, { taskQueue, workflowId: id, args: [refreshInput(stack.config, { source: SOURCE, file: writeSimpleCsv(targets) })] });

    // Version 1: 2,000 entities, all "added"; its sweep also builds the worker's customer index (cold).
    let t = performance.now();
    const first = await refresh(release.v1, 'pipeline-bench-release-v1');
    await temporal.workflow.getHandle(first.sweep!).result();
    say(`  release list v1 (${release.v1.length.toLocaleString()} entities, cold customer index): ${seconds(performance.now() - t)}, ${await candidatesOf(orm, first.sweep!)} candidates`);

    // Every customer's current matches recorded first (their enrolments start knowing none), so the
    // release alerts on what it changed, as it would in service.
    say(`\nA full re-screen on one worker, recording the customers' matches`);
    await fullRescreen(temporal, stack.config, orm, workers, 'rescreen-bench-0', 'recording pass');

    say(`\nA release changing 1,000 entities`);
    const load = measureMachineLoad();
    const cpu = startCpuMeasure(workers);
    t = performance.now();
    const second = await refresh(release.v2, 'pipeline-bench-release-v2');
    const stored = performance.now();
    const sweep = await temporal.workflow.getHandle<typeof monitoringSweepWorkflow>(second.sweep!).result();
    const done = performance.now();
    const changed = second.version!.changes.added + second.version!.changes.changed + second.version!.changes.removed;
    const workerCpu = [...cpu(changed)].filter(([group]) => group.startsWith('worker')).reduce((sum, [, ms]) => sum + ms, 0);
    say(`  ${changed} changed entities (${JSON.stringify(second.version!.changes)}): refresh start to alerts raised ${seconds(done - t)} (version stored ${seconds(stored - t)}, sweep ${seconds(done - stored)})`);
    say(`  ${await candidatesOf(orm, second.sweep!)} candidates re-screened in full, ${sweep.alerts} alerts (≥ ${release.customersListed.length} certain)`);
    say(`  worker CPU: ${(workerCpu / 1000).toFixed(4)} s per changed entity; ${load()}`);
    const phases = await sweepPhases(temporal, second.sweep!);
    say(`  the sweep's steps: ${phases.phases.map((p) => `${p.activity} ×${p.count} ${seconds(p.spanMs)}`).join(', ')}; ${phases.deliveriesStarted} deliveries started over ${phases.runs} runs`);
    say(`  target ≤ 10 s at 1,000,000 customers: ${seconds(done - t)} here at ${CUSTOMERS.toLocaleString()}`);
    await recall(orm, second.version!.versionId, second.sweep!, customers);

    if (RELEASE_ONLY) return;
    secondWorker = startProcess('worker', stack.env);
    workers['worker 2'] = secondWorker.pid!;
    say(`\nFull re-screens over two workers (pages of ${PAGE_SIZE})`);
    await fullRescreen(temporal, stack.config, orm, workers, 'rescreen-bench-1', 'first');
    say(`\nBaseline: today's sweep of every enrolment, one page at a time`);
    const baseLoad = measureMachineLoad();
    const baseCpu = startCpuMeasure(workers);
    t = performance.now();
    const base = await temporal.workflow.execute(monitoringSweepWorkflow, { taskQueue, workflowId: 'sweep-scheduled-bench', args: [sweepSettings(stack.config)] });
    const baseMs = performance.now() - t;
    const baseWorkerCpu = [...baseCpu(base.processed)].filter(([g]) => g.startsWith('worker')).reduce((sum, [, ms]) => sum + ms, 0);
    say(`  ${base.processed.toLocaleString()} enrolments in ${seconds(baseMs)}: ${Math.round(base.processed / (baseMs / 1000)).toLocaleString()} a second; worker CPU ${baseWorkerCpu.toFixed(3)} ms per customer; ${baseLoad()}`);
    await fullRescreen(temporal, stack.config, orm, workers, 'rescreen-bench-2', 'second (steady state)');
  } finally {
    await orm.close(true);
    await connection.close();
    secondWorker?.kill('SIGTERM');
    await stack.stop();
  }
}

async function candidatesOf(orm: Orm, sweepWorkflowId: string): Promise<number> {
  const [row] = await sql<{ candidates: number }[]>(orm.em.fork(), 'select candidates from change_rescreens where sweep_key = ?', [sweepWorkflowId.replace(/^sweep-/, '')]);
  return row?.candidates ?? 0;
}

/** Customers a forward scan over only the changed entities matches, and whether the reverse search found each. */
async function recall(orm: Orm, versionId: string, sweepWorkflowId: string, customers: BenchCustomer[]): Promise<void> {
  const index = MatchIndex.build(await changedEntitiesOf(orm.em.fork(), versionId));
  const matched = customers.filter((c) => index.search({ name: c.name, entityType: c.entityType }).matches.length > 0);
  const rows = await sql<{ enrolment_id: string }[]>(orm.em.fork(), 'select enrolment_id from change_rescreen_candidates where sweep_key = ?', [sweepWorkflowId.replace(/^sweep-/, '')]);
  const found = new Set(rows.map((r) => r.enrolment_id));
  const missed = matched.filter((c) => !found.has(c.enrolmentId));
  say(`  reverse-search recall: ${matched.length - missed.length} of ${matched.length} customers a forward scan matches to a changed entity${missed.length ? `; MISSED e.g. ${missed.slice(0, 5).map((c) => c.name).join(' | ')}` : ''}`);
}

async function fullRescreen(temporal: Client, config: Parameters<typeof sweepSettings>[0], orm: Orm, workers: Record<string, number>, key: string, label: string): Promise<void> {
  const load = measureMachineLoad();
  const cpu = startCpuMeasure(workers);
  const t = performance.now();
  const totals = await temporal.workflow.execute(fullRescreenWorkflow, { taskQueue: config.temporal.taskQueue, workflowId: key, args: [{ rescreenKey: key, ...sweepSettings(config), pageSize: PAGE_SIZE, parallelPages: 4 }] });
  const ms = performance.now() - t;
  const perCustomer = [...cpu(totals.processed)].filter(([g]) => g.startsWith('worker'));
  const byWorker = await sql<{ completed_by: string; pages: number }[]>(orm.em.fork(), 'select completed_by, count(*)::int as pages from rescreen_pages where rescreen_key = ? group by completed_by order by completed_by', [key]);
  const rate = totals.processed / (ms / 1000);
  say(`  ${label}: ${totals.processed.toLocaleString()} customers in ${totals.pages} pages, ${seconds(ms)}: ${Math.round(rate).toLocaleString()} a second, ${totals.alerts} alerts`);
  say(`  worker CPU per customer: ${perCustomer.map(([g, v]) => `${g} ${v.toFixed(3)} ms`).join(', ')} (${perCustomer.reduce((s, [, v]) => s + v, 0).toFixed(3)} ms together); pages per worker: ${byWorker.map((r) => `${r.completed_by} ${r.pages}`).join(', ')}; ${load()}`);
  say(`  at this rate 1,000,000 customers would take ${seconds(1_000_000 / rate * 1000)} (extrapolated; target ≤ 300 s)`);
}

main().catch((err) => {
  process.stderr.write(`bench:rescreen failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
