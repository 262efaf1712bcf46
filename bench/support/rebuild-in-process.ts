/**
 * One API process's swap, measured in a process of its own (`bench:rebuild -- --names N` runs it twice):
 * the index of a list version is built as at start, then a second one is built beside it as when a new
 * version lands, either on this thread (`thread`: rows read and indexed here, as before indexes were
 * built in a worker) or in a worker thread and hydrated in slices (`worker`). It prints one JSON line:
 * the longest the event loop was held during the rebuild, peak RSS (this process's lifetime, so the
 * swap's old + new + worker peak), memory held after the swap, and the build's timings.
 *
 * argv: <database url> <list version id> <thread|worker>
 */
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { MatchIndex } from '../../src/matching';
import { buildIndexOffThread } from '../../src/modules/screening/index-build';
import type { ListedEntity } from '../../src/sources/listed-entity';

/** How long the event loop is watched with nothing to do, for the machine's own scheduling delays. */
const QUIET_MS = 5000;

const [url, versionId, mode] = process.argv.slice(2) as [string, string, 'thread' | 'worker'];

async function onThisThread(): Promise<MatchIndex> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ entity: ListedEntity }>('select entity from listed_entities where list_version_id = $1', [versionId]);
    return MatchIndex.build(rows.map((r) => r.entity));
  } finally {
    await client.end();
  }
}

const build = async () => (mode === 'thread' ? { index: await onThisThread(), timings: undefined } : await buildIndexOffThread({ from: 'database', db: { url }, versionIds: [versionId] }));

function held(): { rssMb: number; heapMb: number; arrayBuffersMb: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rssMb: Math.round(m.rss / 2 ** 20), heapMb: Math.round(m.heapUsed / 2 ** 20), arrayBuffersMb: Math.round(m.arrayBuffers / 2 ** 20) };
}

/**
 * A 1 ms timer from now until `stop`: the longest interval between its ticks is the longest the event
 * loop was held (or the process was not scheduled: on a busy machine that is not nothing, hence a
 * quiet stretch measured the same way first).
 */
function probeEventLoop(): { stop: () => number } {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return {
    stop: () => {
      clearInterval(probe);
      return Math.round(longest);
    },
  };
}

async function main(): Promise<void> {
  let current = (await build()).index;
  const beforeSwap = held();
  const quiet = probeEventLoop();
  await new Promise((r) => setTimeout(r, QUIET_MS));
  const quietLongestMs = quiet.stop();
  const busy = probeEventLoop();
  const started = performance.now();
  const next = await build();
  const rebuildMs = performance.now() - started;
  const longestBlockMs = busy.stop();
  const swapPeakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  if (current.stats.names !== next.index.stats.names) throw new Error('the two builds of one version differ');
  current = next.index; // the swap: the old index goes
  const afterSwap = held();
  process.stdout.write(
    `${JSON.stringify({ mode, names: current.stats.names, entities: current.stats.entities, rebuildMs: Math.round(rebuildMs), longestBlockMs, quietLongestMs, peakRssMb: swapPeakRssMb, beforeSwap, afterSwap, timings: next.timings })}\n`,
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
