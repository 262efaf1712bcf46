/**
 * `npm run bench:matching-pair -- --against <checkout>`: this checkout's matcher against another's (a git
 * worktree of an earlier commit, with node_modules), in one process, over the same real lists and the same
 * queries, so the machine's drift hits both alike: single runs of `bench:matching` on this machine move by
 * a tenth between minutes, more than most changes. Each round times one pass of the queries on each index,
 * alternating which goes first, and the result is the median of the rounds' ratios (this / other).
 *
 * The index built first runs 2–3 % faster in a process, so the comparison runs twice, in two child
 * processes, once each way round, and prints both ratios: a change is real when both agree. `--first
 * this|other` runs one order in this process; `--rounds N` (default 40).
 *
 * `--compiled` compares the matchers production runs: each checkout's tsc output in `dist/src/matching`
 * (build each first with `npx tsc -p tsconfig.build.json`; dist/ is not in git). Without it both matchers
 * run as development and the tests run them, through tsx, whose esbuild output reads every imported
 * binding through a getter and names each closure as it is created: costs the compiled code does not
 * have, which can make a change look better or worse than it is in production.
 *
 * The queries: listed names spelled differently (the bench's variants, a fixed seed) and made-up people.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { MatchQuery } from '../src/matching';
import { listedQueries } from './screening-queries';
import { SeededRandom } from './seeded-random';
import { madeUpPersonName } from './unlisted-names';
import { loadWatchlists } from './watchlists';
import { percentiles } from './support/latency-figures';

interface Searcher {
  search(query: MatchQuery): { matches: { entityId: string; score: number }[] };
}

const LISTED_QUERIES = 800;
const UNLISTED_QUERIES = 200;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { against: { type: 'string' }, first: { type: 'string' }, rounds: { type: 'string' }, compiled: { type: 'boolean', default: false } },
  });
  if (!values.against) throw new Error('--against <checkout> is required: a worktree of the commit to compare with, with node_modules');
  const other = resolve(values.against);
  const rounds = Number(values.rounds ?? 40);
  if (!Number.isInteger(rounds) || rounds < 2) throw new Error(`--rounds must be a whole number of at least 2, got ${values.rounds}`);
  const compiled = values.compiled;
  if (compiled) for (const checkout of [HERE, other]) assertBuilt(checkout);
  if (values.first === undefined) return bothWaysRound(other, rounds, compiled);
  if (values.first !== 'this' && values.first !== 'other') throw new Error(`--first must be this or other, got ${values.first}`);
  await oneWayRound(other, rounds, values.first, compiled);
}

const HERE = resolve(__dirname, '..');

/** Where a checkout's matcher is loaded from: its sources (through tsx) or its compiled output. */
function matcherOf(checkout: string, compiled: boolean): string {
  return compiled ? join(checkout, 'dist/src/matching') : join(checkout, 'src/matching');
}

/**
 * Stops the bench when a checkout has no compiled matcher, or one older than a source file of its
 * `src/` (a build left from another commit would be measured in its place).
 */
function assertBuilt(checkout: string): void {
  const built = join(matcherOf(checkout, true), 'index.js');
  const rebuild = `run \`npx tsc -p tsconfig.build.json\` in ${checkout}`;
  if (!existsSync(built)) throw new Error(`--compiled: ${built} not found: ${rebuild}`);
  const newest = newestSource(join(checkout, 'src'));
  if (newest.mtimeMs > statSync(built).mtimeMs) throw new Error(`--compiled: ${newest.path} is newer than ${built}: ${rebuild}`);
}

/** The most recently changed `.ts` file below `dir`. */
function newestSource(dir: string): { path: string; mtimeMs: number } {
  let newest = { path: dir, mtimeMs: 0 };
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const candidate = entry.isDirectory() ? newestSource(path) : entry.name.endsWith('.ts') ? { path, mtimeMs: statSync(path).mtimeMs } : newest;
    if (candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

/** Runs the comparison in two child processes, each index built first once. */
function bothWaysRound(other: string, rounds: number, compiled: boolean): void {
  const what = compiled ? 'compiled matchers (dist/)' : 'matchers run through tsx';
  console.log(`bench:matching-pair — this checkout against ${other}, ${what}, ${rounds} rounds each way round`);
  for (const first of ['this', 'other'] as const) {
    const args = [...process.execArgv, process.argv[1]!, '--against', other, '--rounds', String(rounds), '--first', first];
    if (compiled) args.push('--compiled');
    process.stdout.write(execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  }
}

async function oneWayRound(other: string, rounds: number, first: 'this' | 'other', compiled: boolean): Promise<void> {
  const { entities } = await loadWatchlists();
  const build = async (checkout: string): Promise<Searcher> => (await import(matcherOf(checkout, compiled))).MatchIndex.build(entities);
  let mine: Searcher;
  let theirs: Searcher;
  if (first === 'this') {
    mine = await build(HERE);
    theirs = await build(other);
  } else {
    theirs = await build(other);
    mine = await build(HERE);
  }
  const queries = queriesOver(entities);
  for (let i = 0; i < 3; i++) {
    timePass(mine, queries);
    timePass(theirs, queries);
  }
  const ratios: number[] = [];
  const mineMs: number[] = [];
  const theirsMs: number[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternating which goes first, so neither always runs on caches the other warmed.
    let a: number;
    let b: number;
    if (r % 2 === 0) {
      a = timePass(mine, queries);
      b = timePass(theirs, queries);
    } else {
      b = timePass(theirs, queries);
      a = timePass(mine, queries);
    }
    mineMs.push(a);
    theirsMs.push(b);
    ratios.push(a / b);
  }
  const differ = queries.filter((q) => resultKey(mine, q) !== resultKey(theirs, q)).length;
  const perQuery = (ms: number[]) => ((median(ms) / queries.length) * 1000).toFixed(1);
  console.log(
    `  built first: ${first === 'this' ? 'this checkout' : 'the other'}; ${queries.length} queries; µs per search (median of rounds): ` +
      `this ${perQuery(mineMs)}, other ${perQuery(theirsMs)}; ratio this/other ${median(ratios).toFixed(3)}; queries whose matches differ: ${differ}`,
  );
}

function queriesOver(entities: Parameters<typeof listedQueries>[0]): MatchQuery[] {
  const random = new SeededRandom(20261128);
  const queries = listedQueries(entities, random, LISTED_QUERIES);
  for (let i = 0; i < UNLISTED_QUERIES; i++) {
    queries.push({ name: madeUpPersonName(random), entityType: 'person', dob: null, gender: null, nationality: null, country: null });
  }
  return queries;
}

function timePass(index: Searcher, queries: readonly MatchQuery[]): number {
  const started = performance.now();
  for (const query of queries) index.search(query);
  return performance.now() - started;
}

function resultKey(index: Searcher, query: MatchQuery): string {
  return index.search(query).matches.map((m) => `${m.entityId}:${m.score}`).join(',');
}


/** The median, as the other benches read it (`percentiles`). */
function median(values: readonly number[]): number {
  return percentiles(Float64Array.from(values))[0];
}

main().catch((err) => {
  process.stderr.write(`bench:matching-pair failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
