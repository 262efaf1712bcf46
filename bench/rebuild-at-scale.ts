/**
 * `npm run bench:rebuild -- --names N`: an API process's swap at N listed names, without HTTP. DFAT, UN
 * and OFAC (shared data) plus generated entities (`generated-entities.ts`, fixed seed) are written to a
 * scratch database as one list version; then, each in a fresh process (`support/rebuild-in-process.ts`),
 * an index of it is built as at start and a second one beside it as when a version lands: on the request
 * thread (the way main builds) and in a worker thread. Side by side: the longest the event loop was held,
 * the process's peak RSS (old and new index, and the worker, together), and what it holds after the swap.
 * Target: ≤ 1.5 GB per API process at a million names, including the swap.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Client } from 'pg';
import { API_NODE_FLAGS } from '../src/api-node-flags';
import type { ListedEntity } from '../src/sources/listed-entity';
import { generatedEntities } from './generated-entities';
import { measureNamePools } from './support/name-pools';
import { loadWatchlists } from './watchlists';
import { measureMachineLoad } from './support/machine-load';

const say = (line: string) => process.stdout.write(`${line}\n`);
const INSERT_BATCH = 2000;
const ROOT = join(__dirname, '..');

async function writeVersion(client: Client, entities: Iterable<ListedEntity>): Promise<{ versionId: string; rows: number }> {
  const versionId = randomUUID();
  await client.query(`create table listed_entities (list_version_id uuid not null, source_id text not null, entity jsonb not null, primary key (list_version_id, source_id))`);
  let batch: ListedEntity[] = [];
  let rows = 0;
  const flush = async () => {
    await client.query(`insert into listed_entities select $1::uuid, s, e from unnest($2::text[], $3::jsonb[]) as t(s, e)`, [
      versionId,
      batch.map((e) => `${e.source}:${e.sourceId}`),
      batch.map((e) => JSON.stringify(e)),
    ]);
    rows += batch.length;
    batch = [];
  };
  for (const entity of entities) {
    batch.push(entity);
    if (batch.length === INSERT_BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  await client.query('analyze listed_entities');
  return { versionId, rows };
}

interface SwapFigures {
  mode: string;
  names: number;
  rebuildMs: number;
  longestBlockMs: number;
  quietLongestMs: number;
  peakRssMb: number;
  beforeSwap: { rssMb: number; heapMb: number; arrayBuffersMb: number };
  afterSwap: { rssMb: number; heapMb: number; arrayBuffersMb: number };
  timings?: { readMs: number; buildMs: number; encodeMs: number; hydration: { totalMs: number; longestSliceMs: number; slices: number } };
}

function swapIn(mode: 'thread' | 'worker', url: string, versionId: string): SwapFigures {
  const child = spawnSync(process.execPath, [...API_NODE_FLAGS, '--expose-gc', '--import', 'tsx', 'bench/support/rebuild-in-process.ts', url, versionId, mode], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`the ${mode} swap failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as SwapFigures;
}

export async function rebuildAtScale(names: number): Promise<void> {
  say(`bench:rebuild --names ${names}: one API process's swap, on the request thread (main's way) and in a worker thread`);
  const lists = await loadWatchlists();
  const realNames = lists.entities.reduce((sum, e) => sum + 1 + e.aliases.length, 0);
  const pools = await measureNamePools(lists.entities);
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/compliance');
  const database = `rebuild_bench_${process.pid}`;
  const admin = new Client({ connectionString: withDatabase(server, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${database}`);
  try {
    const url = withDatabase(server, database);
    const client = new Client({ connectionString: url });
    await client.connect();
    const started = performance.now();
    const generated = names > realNames ? generatedEntities(pools, names - realNames) : [];
    const { versionId, rows } = await writeVersion(client, (function* () {
      yield* lists.entities;
      yield* generated;
    })());
    await client.end();
    say(`  wrote ${rows} entities (${realNames} real names plus generated ones) in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const machine = measureMachineLoad();
    const figures = [swapIn('thread', url, versionId), swapIn('worker', url, versionId)];
    for (const f of figures) {
      const t = f.timings;
      say(
        `  ${f.mode.padEnd(6)} ${f.names} names: rebuild ${f.rebuildMs} ms, event loop held at most ${f.longestBlockMs} ms (${f.quietLongestMs} ms while idle); peak RSS ${f.peakRssMb} MB; ` +
          `before the swap RSS ${f.beforeSwap.rssMb} MB (heap ${f.beforeSwap.heapMb}, buffers ${f.beforeSwap.arrayBuffersMb}), after RSS ${f.afterSwap.rssMb} MB (heap ${f.afterSwap.heapMb}, buffers ${f.afterSwap.arrayBuffersMb})` +
          (t ? `; worker read ${Math.round(t.readMs)} ms, build ${Math.round(t.buildMs)} ms, encode ${Math.round(t.encodeMs)} ms; hydration ${Math.round(t.hydration.totalMs)} ms in ${t.hydration.slices} slices, longest ${t.hydration.longestSliceMs.toFixed(1)} ms` : ''),
      );
    }
    say(`  machine: ${machine()} (shared with other work while measured)`);
    const worker = figures[1]!;
    say(`  ${worker.peakRssMb <= 1536 ? 'met' : 'MISSED'}: ≤ 1.5 GB per API process including the swap (peak ${worker.peakRssMb} MB)`);
    say(`  ${worker.longestBlockMs <= 50 ? 'met' : 'MISSED'}: the event loop held ≤ 50 ms during the rebuild (longest ${worker.longestBlockMs} ms)`);
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`).catch(() => undefined);
    await admin.end();
  }
}

function withDatabase(server: URL, database: string): string {
  const url = new URL(server.toString());
  url.pathname = `/${database}`;
  return url.toString();
}
