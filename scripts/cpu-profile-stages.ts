/**
 * `npx tsx scripts/cpu-profile-stages.ts <dir or .cpuprofile files>`: where the API's CPU went while it
 * served requests, by stage of a scan (docs/performance.md). Reads V8 CPU profiles written with
 * `BENCH_API_NODE_ARGS="--cpu-prof --cpu-prof-dir=<dir>" npm run bench:scans`, drops the samples before
 * the first request (start-up, index build) and the idle ones, and gives each remaining sample to the
 * first stage found walking its stack from the leaf up (a pg socket write is the database client's, a
 * string comparison inside the matcher is matching's). Stages are told apart by source file.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const STAGES: [string, (frame: CallFrame) => boolean][] = [
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  ['database client (knex, pg, pool, MikroORM fork)', (f) => /node_modules\/(pg|pg-protocol|pg-pool|knex|tarn|@mikro-orm)\//.test(f.url) || /src\/db\//.test(f.url)],
  ['rate limit (Redis client)', (f) => /node_modules\/(ioredis|rate-limiter-flexible|redis-parser|denque)\//.test(f.url) || /rate-limit/.test(f.url)],
  ['matching', (f) => /src\/matching\//.test(f.url) || /node_modules\/double-metaphone/.test(f.url)],
  ['risk assessment', (f) => /screening\/risk\//.test(f.url)],
  ['request validation (zod)', (f) => /node_modules\/zod\//.test(f.url) || /http\/validation|scan-request\.schema|unstorable-text/.test(f.url)],
  ['authentication', (f) => /authenticate|access-tokens|caller-cache|node_modules\/jose/.test(f.url)],
  ['scan record (response, hashes, rulings, JSON)', (f) => /modules\/screening\/|integrity\/|modules\/credits\/|node:internal\/crypto/.test(f.url)],
  ['logging', (f) => /pino|logger/.test(f.url)],
];
const HTTP = 'HTTP server and Koa (parsing, routing, body, response)';
const OTHER = 'other (event loop, sockets, timers)';

function profileFiles(args: string[]): string[] {
  return args.flatMap((arg) => (statSync(arg).isDirectory() ? readdirSync(arg).filter((f) => f.endsWith('.cpuprofile')).map((f) => join(arg, f)) : [arg]));
}

/** Milliseconds of CPU by stage, over the samples taken once requests were being served. */
function stagesOf(profile: Profile): Map<string, number> {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const stackOf = (id: number) => {
    const frames: CallFrame[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) frames.push(nodes.get(cur)!.callFrame);
    return frames;
  };
  const memo = new Map<number, string | null>();
  const stageOf = (id: number): string | null => {
    if (memo.has(id)) return memo.get(id)!;
    const frames = stackOf(id);
    let stage: string | null = null;
    if (frames[0]!.functionName === '(idle)') stage = null;
    else {
      for (const frame of frames) {
        stage = STAGES.find(([, test]) => test(frame))?.[0] ?? null;
        if (stage) break;
      }
      stage ??= frames.some((f) => f.functionName === 'parserOnIncoming' || /node_modules\/koa|src\/(http|modules)\//.test(f.url)) ? HTTP : OTHER;
    }
    memo.set(id, stage);
    return stage;
  };
  const serving = (id: number) => stackOf(id).some((f) => f.functionName === 'parserOnIncoming');
  const byStage = new Map<string, number>();
  let started = false;
  profile.samples.forEach((id, i) => {
    started ||= serving(id);
    const stage = started ? stageOf(id) : null;
    if (stage) byStage.set(stage, (byStage.get(stage) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return byStage;
}

function main(): void {
  const files = profileFiles(process.argv.slice(2));
  if (files.length === 0) throw new Error('usage: tsx scripts/cpu-profile-stages.ts <dir or .cpuprofile files>');
  const total = new Map<string, number>();
  for (const file of files) {
    for (const [stage, ms] of stagesOf(JSON.parse(readFileSync(file, 'utf8')) as Profile)) total.set(stage, (total.get(stage) ?? 0) + ms);
  }
  const sum = [...total.values()].reduce((a, b) => a + b, 0);
  process.stdout.write(`API CPU while serving, ${files.length} profile(s), ${Math.round(sum)} ms in all:\n`);
  for (const [stage, ms] of [...total].sort((a, b) => b[1] - a[1])) process.stdout.write(`  ${((100 * ms) / sum).toFixed(1).padStart(5)} %  ${stage}\n`);
}

main();
