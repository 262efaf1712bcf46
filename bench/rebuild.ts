/**
 * `npm run bench:rebuild`: scans at a steady 200/s against a running API (DFAT + UN + OFAC loaded from
 * the shared data) while a new version of OFAC lands, and what the callers saw: p50/p99 before, during
 * (from the version's commit to the first answer naming it) and after, the longest gap between two
 * answers, and the API's peak resident memory in each stretch.
 * Targets on this machine: no gap over 50 ms, p99 during ≤ 2× the steady p99 (before), API memory with
 * real lists ≤ 400 MB.
 *
 * `--baseline <dir>` first runs the same measurement against the API of another checkout (main's code,
 * for before/after in one run on one machine), then this checkout's (`--baseline-second`: the other way round). `--processes N` runs N API
 * processes (API_PROCESSES) on one port. `--seconds N` is each stretch's length (default 10); `--rate N`
 * offers N scans/s (on a machine too busy to serve 200/s at all, the steady state is a growing queue).
 * `--names N` measures instead one API process's swap at N listed names (`rebuild-at-scale.ts`).
 * `--commits-not-durable` is a diagnostic: the bench database's commits do not wait for the disk
 * (`synchronous_commit = off`), to tell the disk's share of the tail from the rest; never a figure.
 */
import { performance } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { openOrm } from '../src/db/orm';
import { collectList, storeListVersion, type CollectedList } from '../src/modules/watchlists/list-version.store';
import { parseListFile } from '../src/sources/registry';
import { benchToken, withSharedListsAndClient } from './support/fixtures';
import { measureMachineLoad } from './support/machine-load';
import { startBenchStack } from './support/stack';
import { startTimelineLoad, stretchFigures, type StretchFigures } from './support/answer-timeline';
import { peakProcessRss, sampleTreeRss } from './support/tree-rss';
import { watchlistFiles } from './watchlists';
import { loadConfig } from '../src/config';
import { benchDatabaseUrl } from './support/database-transport';
import { rebuildAtScale } from './rebuild-at-scale';

const say = (line: string) => process.stdout.write(`${line}\n`);
/** Scans per second offered, unless `--rate N` says otherwise (the target is stated at 200/s). */
const DEFAULT_RATE = 200;
const WARMUP_SECONDS = 10;

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
}

/** People and organisations, listed and not, as `bench:scans` sends. */
const BODIES = [
  { entity_type: 'person', name: 'Vladimir Vladimirovich Putin', dob: '1952-10-07', nationality_code: 'RU' },
  { entity_type: 'person', name: 'Kim Jong Un' },
  { entity_type: 'person', name: 'Sarah Louise Mitchell', dob: '1985-04-12', country_code: 'AU' },
  { entity_type: 'organisation', name: 'Harbour Logistics Pty Ltd', incorporation_country_code: 'AU' },
  { entity_type: 'organisation', name: 'Islamic Revolutionary Guard Corps' },
  { entity_type: 'person', name: 'Mohammed Ahmed Al-Rashid', dob: '1970-01-01' },
].map((b) => JSON.stringify(b));

/** The OFAC version a scan answer names (its `data_sources` line), or 0 when it names none. */
function ofacVersionOf(body: unknown): number {
  const sources = (body as { metadata?: { data_sources?: string[] } }).metadata?.data_sources ?? [];
  const line = sources.find((s) => s.startsWith('OFAC '));
  return line ? Number(/ v(\d+) /.exec(line)?.[1] ?? 0) : 0;
}

/** OFAC as published, less its last entity: a new version with a real list's size and a small change. */
async function nextOfacVersion(): Promise<CollectedList> {
  const ofac = watchlistFiles().find((f) => f.source === 'ofac')!;
  const list = await collectList(parseListFile(ofac));
  const last = [...list.entities.keys()].at(-1)!;
  list.entities.delete(last);
  return list;
}

interface RunFigures {
  before: StretchFigures;
  during: StretchFigures;
  after: StretchFigures;
  duringMs: number;
  rssMb: { before: number; during: number; after: number };
  load: string;
}

async function measure(label: string, apiRoot: string | undefined, processes: number, seconds: number, rate: number): Promise<RunFigures> {
  say(`\n${label}: API from ${apiRoot ?? 'this checkout'}, ${processes} API process(es)`);
  const fixtures = withSharedListsAndClient(say);
  const database = await benchDatabaseUrl(loadConfig(process.env).db.ownerUrl, { tcp: false });
  process.env.DATABASE_URL = database.url;
  const prepare = async (config: Parameters<typeof fixtures.prepare>[0]) => {
    await fixtures.prepare(config);
    if (!process.argv.includes('--commits-not-durable')) return;
    // A diagnostic, never a figure: with commits not waiting for the disk, what is left of the tail is not the disk's.
    const name = new URL(config.db.ownerUrl).pathname.slice(1);
    const admin = await openOrm({ url: config.db.ownerUrl, poolMax: 1 });
    await admin.em.getConnection().execute(`alter database "${name}" set synchronous_commit = off`);
    await admin.close(true);
    say(`  DIAGNOSTIC: synchronous_commit = off for ${name}: commits do not wait for the disk, so these figures are not the service's`);
  };
  const stack = await startBenchStack('rebuild', { API_PROCESSES: String(processes) }, prepare, apiRoot);
  const orm = await openOrm({ url: stack.config.db.ownerUrl, poolMax: 2 });
  try {
    const token = await benchToken(stack.url, fixtures.client());
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const ofac = await nextOfacVersion();
    const memory = sampleTreeRss(stack.pids.api);
    const load = startTimelineLoad({ url: stack.url, path: '/v1/scans/full', headers, bodies: BODIES, connections: 50, ratePerSecond: rate, read: ofacVersionOf });
    const started = performance.now();
    await new Promise((r) => setTimeout(r, (WARMUP_SECONDS + seconds) * 1000));
    const machine = measureMachineLoad();
    const landing = performance.now();
    const stored = await storeListVersion(orm.em.fork(), { source: 'ofac', origin: 'bench:rebuild', list: ofac });
    if (stored.outcome !== 'created') throw new Error(`the new OFAC version was not created (${stored.outcome})`);
    const landed = performance.now();
    say(`  OFAC v${stored.versionNumber} stored in ${Math.round(landed - landing)} ms (${stored.entityCount} entities); waiting for answers naming it...`);
    let swapped = Number.NaN;
    while (Number.isNaN(swapped)) {
      const first = load.answers.find((a) => a.doneAt >= landing && a.seen === stored.versionNumber);
      if (first) swapped = first.doneAt;
      else if (performance.now() - landing > 110_000) throw new Error('no answer named the new version within 110 s');
      else await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const ended = performance.now();
    const loadLine = machine();
    memory.stop();
    await load.stop();
    const measuredFrom = started + WARMUP_SECONDS * 1000;
    const figures: RunFigures = {
      before: stretchFigures(load.answers, measuredFrom, landing),
      during: stretchFigures(load.answers, landing, swapped),
      after: stretchFigures(load.answers, swapped, ended),
      duringMs: Math.round(swapped - landing),
      rssMb: {
        before: peakProcessRss(memory.samples, measuredFrom, landing),
        during: peakProcessRss(memory.samples, landing, swapped + 2000),
        after: peakProcessRss(memory.samples, swapped + 2000, ended),
      },
      load: loadLine,
    };
    const row = (name: string, f: StretchFigures) =>
      `  ${name.padEnd(7)} p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms, longest gap between answers ${f.longestGap} ms (${f.answered} answered, ${f.failed} failed)`;
    say(row('before', figures.before));
    say(`${row('during', figures.during)}; ${figures.duringMs} ms from commit to the first answer naming v${stored.versionNumber}`);
    say(row('after', figures.after));
    say(`  API peak RSS per process: before ${figures.rssMb.before} MB, during ${figures.rssMb.during} MB, after ${figures.rssMb.after} MB; ${loadLine}`);
    return figures;
  } finally {
    await orm.close(true);
    await stack.stop();
  }
}

function verdicts(f: RunFigures): string[] {
  const gap = Math.max(f.before.longestGap, f.during.longestGap, f.after.longestGap);
  const peak = Math.max(f.rssMb.before, f.rssMb.during, f.rssMb.after);
  return [
    `${gap <= 50 ? 'met' : 'MISSED'}: no gap between answers over 50 ms (longest ${gap} ms)`,
    `${f.during.p99 <= 2 * f.before.p99 ? 'met' : 'MISSED'}: p99 during ≤ 2× steady p99 (${f.during.p99} ms vs ${f.before.p99} ms)`,
    `${peak <= 400 ? 'met' : 'MISSED'}: API process memory with real lists ≤ 400 MB (peak ${peak} MB)`,
    `${f.during.failed + f.before.failed + f.after.failed === 0 ? 'met' : 'MISSED'}: every scan answered`,
  ];
}

async function main(): Promise<void> {
  const names = option('--names');
  if (names !== undefined) return rebuildAtScale(Number(names.replace(/_/g, '')));
  const baseline = option('--baseline');
  const processes = Number(option('--processes') ?? process.env.API_PROCESSES ?? 1);
  const seconds = Number(option('--seconds') ?? 10);
  const rate = Number(option('--rate') ?? DEFAULT_RATE);
  say(`bench:rebuild — POST /v1/scans/full at ${rate}/s while a new OFAC version lands (DFAT + UN + OFAC loaded)`);
  say('  figures are measured on a machine shared with other work: compare runs side by side, not with other days');
  // The second stack of a run starts after the first one's writes: `--baseline-second` swaps the order.
  const baselineSecond = process.argv.includes('--baseline-second');
  const runBaseline = async () => (baseline ? measure('baseline', resolve(baseline), processes, seconds, rate) : undefined);
  const early = baselineSecond ? undefined : await runBaseline();
  const after = await measure('this checkout', undefined, processes, seconds, rate);
  const before = baselineSecond ? await runBaseline() : early;
  if (before) {
    say('\nside by side (baseline → this checkout):');
    for (const stretch of ['before', 'during', 'after'] as const) {
      say(`  ${stretch.padEnd(7)} p50 ${before[stretch].p50} → ${after[stretch].p50} ms, p99 ${before[stretch].p99} → ${after[stretch].p99} ms, longest gap ${before[stretch].longestGap} → ${after[stretch].longestGap} ms`);
    }
    say(`  API peak RSS during ${before.rssMb.during} → ${after.rssMb.during} MB`);
  }
  say('');
  for (const line of verdicts(after)) say(`  ${line}`);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    process.stderr.write(`bench:rebuild failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
