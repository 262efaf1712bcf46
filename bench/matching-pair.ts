/**
 * `npm run bench:matching-pair -- --against <checkout>`: this checkout's matcher against another's (a git
 * worktree of an earlier commit, with node_modules), in one process, over the same real lists and the same
 * queries, so the machine's drift hits both alike: single runs of `bench:matching` on this machine move by
 * a tenth between minutes, more than most changes. Each round times one pass of the queries on each index,
 * alternating which goes first, and the result is the median of the rounds' ratios (this / other).
 *
 * The index built first runs 2–3 % faster in a process (docs/performance.md, "a ninth session"), so the
 * comparison runs twice, in two child processes, once each way round, and prints both ratios: a change
 * is real when both agree. `--first this|other` runs one order in this process; `--rounds N` (default 40).
 * The queries: listed names spelled differently (the bench's variants, a fixed seed) and made-up people.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
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
  const { values } = parseArgs({ options: { against: { type: 'string' }, first: { type: 'string' }, rounds: { type: 'string' } } });
  if (!values.against) throw new Error('--against <checkout> is required: a worktree of the commit to compare with, with node_modules');
  const other = resolve(values.against);
  const rounds = Number(values.rounds ?? 40);
  if (!Number.isInteger(rounds) || rounds < 2) throw new Error(`--rounds must be a whole number of at least 2, got ${values.rounds}`);
  if (values.first === undefined) return bothWaysRound(other, rounds);
  if (values.first !== 'this' && values.first !== 'other') throw new Error(`--first must be this or other, got ${values.first}`);
  await oneWayRound(other, rounds, values.first);
}

/** Runs the comparison in two child processes, each index built first once. */
function bothWaysRound(other: string, rounds: number): void {
  console.log(`bench:matching-pair — this checkout against ${other}, ${rounds} rounds each way round`);
  for (const first of ['this', 'other'] as const) {
    const args = [...process.execArgv, process.argv[1]!, '--against', other, '--rounds', String(rounds), '--first', first];
    process.stdout.write(execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
  }
}

async function oneWayRound(other: string, rounds: number, first: 'this' | 'other'): Promise<void> {
  const { entities } = await loadWatchlists();
  const build = async (dir: string): Promise<Searcher> => (await import(`${dir}/src/matching`)).MatchIndex.build(entities);
  const here = resolve(__dirname, '..');
  let mine: Searcher;
  let theirs: Searcher;
  if (first === 'this') {
    mine = await build(here);
    theirs = await build(other);
  } else {
    theirs = await build(other);
    mine = await build(here);
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
