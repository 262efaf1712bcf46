/**
 * An open-loop mixed load at a constant total rate over a fixed pool of keep-alive connections, as
 * support/paced-load.ts paces one route: request i is due at start + i/rate, and its latency runs from
 * that due time to the end of its response body, so waiting for a free connection counts. Here each
 * request comes from `next(i)` (any route), and an answer can be read (`read`) to feed later requests.
 */
import { setMaxListeners } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { sendEvenly } from '../support/even-schedule';
import type { RouteFigures } from './route-figures';

export interface LoadRequest {
  /** The route template the figures are kept under, e.g. `GET /v1/cases/{case_id}`. */
  route: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** Called with a 2xx answer's parsed JSON (the body is read as JSON only when this is set). */
  read?: (json: unknown) => void;
}

export interface MixedLoadOptions {
  url: string;
  connections: number;
  ratePerSecond: number;
  warmupSeconds: number;
  durationSeconds: number;
  next: (index: number) => LoadRequest;
  figures: RouteFigures;
  /** How long to wait for the last answers after the last request is due; then the rest are abandoned (counted apart). */
  drainSeconds: number;
}

export interface MixedLoadProgress {
  /** Requests sent so far (warm-up included) and answered so far. */
  sent: number;
  answered: number;
  inFlight: number;
}

/** Hands a 2xx body to the request's reader; a body that is not JSON is a broken answer, said once per route. */
const unreadable = new Set<string>();
function readAnswer(request: LoadRequest, text: string): void {
  try {
    request.read?.(JSON.parse(text));
  } catch (err) {
    if (!unreadable.has(request.route)) process.stderr.write(`  ${request.route}: 2xx answer not readable: ${String(err)}\n`);
    unreadable.add(request.route);
  }
}

/** Starts the load; `progress` can be read while it runs, `done` settles when every request has been answered. */
export function mixedLoad(options: MixedLoadOptions): { progress: () => MixedLoadProgress; done: Promise<{ measuredSeconds: number }> } {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const warmup = Math.round(options.ratePerSecond * options.warmupSeconds);
  const total = warmup + Math.round(options.ratePerSecond * options.durationSeconds);
  const intervalMs = 1000 / options.ratePerSecond;
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let answered = 0;
  const giveUp = new AbortController();
  // Every request in flight listens on the one signal: thousands of listeners are the design, not a leak.
  setMaxListeners(0, giveUp.signal);

  const send = (index: number, dueAt: number) => {
    const request = options.next(index);
    const measured = index >= warmup;
    const done = pool
      .request({ path: request.path, method: request.method, headers: request.headers, body: request.body, signal: giveUp.signal })
      .then(async (response) => {
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        const text = ok && !request.read ? (await response.body.dump(), '') : await response.body.text();
        options.figures.answered(request.route, response.statusCode, performance.now() - dueAt, measured, () => text);
        if (ok && request.read) readAnswer(request, text);
      })
      .catch((err: unknown) => options.figures.unanswered(request.route, measured, err, giveUp.signal.aborted))
      .finally(() => {
        answered += 1;
        inFlight.delete(done);
      });
    inFlight.add(done);
    sent += 1;
  };

  const run = async () => {
    const start = await sendEvenly(total, options.ratePerSecond, send);
    const measuredFrom = start + warmup * intervalMs;
    // Every request is out, so the set only shrinks: wait on all of it at once (racing it after each answer
    // would attach a reaction per request per answer, quadratic when the service falls behind).
    const drained = sleep(options.drainSeconds * 1000, undefined, { ref: false }).then(() => giveUp.abort());
    await Promise.race([drained, Promise.all(inFlight)]);
    const measuredSeconds = (performance.now() - measuredFrom) / 1000;
    await Promise.all(inFlight);
    await pool.close();
    return { measuredSeconds };
  };

  return { progress: () => ({ sent, answered, inFlight: inFlight.size }), done: run() };
}
