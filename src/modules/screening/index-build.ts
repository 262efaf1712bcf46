/**
 * Builds a matching index in a worker thread (`index-build-worker.ts`) and hydrates it here a slice at
 * a time, so a new list version never holds the request thread for longer than one slice. The worker
 * lives for one build: its heap (the rows, the build's scratch) is given back as soon as the image is
 * posted. In development and tests the code is TypeScript, so the worker is bootstrapped through tsx's
 * CommonJS hook, as the process itself is (`--import tsx`).
 * See docs/decisions/0021-index-builds-off-the-request-thread.md.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { MatchIndex } from '../../matching';
import { DEFAULT_SLICE_MS, hydrateIndexImage, type HydrationFigures } from '../../matching/index/index-image-hydration';
import type { IndexBuildInput, IndexBuildReply, IndexBuildTimings } from './index-build-worker';

export type { IndexBuildInput } from './index-build-worker';

export interface OffThreadBuild {
  index: MatchIndex;
  /** What the worker spent reading and building, and the request thread's hydration (its longest slice above all). */
  timings: IndexBuildTimings & { workerMs: number; hydration: HydrationFigures };
}

const WORKER_FILE = join(__dirname, `index-build-worker${__filename.endsWith('.ts') ? '.ts' : '.js'}`);

/**
 * The worker's young generation: the API's V8 flags give every isolate of the process a 32 MB
 * semi-space (`src/api-node-flags.ts`), which suits a request thread's short-lived garbage but, in a
 * build whose objects mostly live until it ends, only adds to the process's peak while old and new
 * index coexist.
 */
const WORKER_YOUNG_GENERATION_MB = 16;

function startWorker(input: IndexBuildInput): Worker {
  const options = { workerData: input, resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } };
  if (!WORKER_FILE.endsWith('.ts')) return new Worker(WORKER_FILE, options);
  const tsx = createRequire(__filename).resolve('tsx/cjs');
  return new Worker(`require(${JSON.stringify(tsx)}); require(${JSON.stringify(WORKER_FILE)});`, { ...options, eval: true });
}

/** The index of `input`, built in a worker thread; rejects if the worker fails or exits without one. */
export async function buildIndexOffThread(input: IndexBuildInput, sliceMs = DEFAULT_SLICE_MS): Promise<OffThreadBuild> {
  const started = performance.now();
  const worker = startWorker(input);
  try {
    const reply = await new Promise<IndexBuildReply>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`index build worker exited (code ${code}) before posting an index`)));
    });
    if (!reply.ok) throw new Error(`index build worker failed: ${reply.error}`);
    const workerMs = performance.now() - started;
    void worker.terminate(); // its heap goes now, before the new index joins the old one here
    const { index, figures } = await hydrateIndexImage(reply.image, sliceMs);
    return { index, timings: { ...reply.timings, workerMs, hydration: figures } };
  } finally {
    void worker.terminate();
  }
}
