/**
 * Open-loop load (request i due at start + i/rate, latency from its due time, as `paced-load.ts`) that
 * keeps every answer on a timeline: when it was due, when it came back, and what the caller asked to
 * remember of its body. A benchmark then cuts the timeline into stretches (before, during, after an
 * event) and reads each one's percentiles and the longest silence between two answers.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { setTimeout as sleep } from 'node:timers/promises';
import { percentile } from './paced-load';

export interface Answer<T> {
  dueAt: number;
  doneAt: number;
  status: number;
  /** What `read` took from the body (undefined for a failed request). */
  seen: T | undefined;
}

export interface TimelineLoad<T> {
  /** Answers so far, in the order they came back. */
  answers: Answer<T>[];
  /** Stops sending; resolves once every request sent has been answered. */
  stop: () => Promise<void>;
}

/** Sends requests at even intervals until stopped; `read` turns each answered body into what to keep. */
export function startTimelineLoad<T>(options: {
  url: string;
  path: string;
  headers: Record<string, string>;
  bodies: string[];
  connections: number;
  ratePerSecond: number;
  read: (body: unknown) => T;
}): TimelineLoad<T> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const answers: Answer<T>[] = [];
  const inFlight = new Set<Promise<void>>();
  const send = (index: number, dueAt: number) => {
    const done = pool
      .request({ path: options.path, method: 'POST', headers: options.headers, body: options.bodies[index % options.bodies.length] })
      .then(async (response) => {
        const ok = response.statusCode >= 200 && response.statusCode < 300;
        const seen = ok ? options.read(await response.body.json()) : (await response.body.dump(), undefined);
        answers.push({ dueAt, doneAt: performance.now(), status: response.statusCode, seen });
      })
      .catch(() => {
        answers.push({ dueAt, doneAt: performance.now(), status: 0, seen: undefined });
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  let stopped = false;
  const sending = (async () => {
    const intervalMs = 1000 / options.ratePerSecond;
    const start = performance.now();
    let next = 0;
    while (!stopped) {
      // Everything due by now goes out, so a late timer never lowers the offered rate.
      while (start + next * intervalMs <= performance.now()) send(next, start + next++ * intervalMs);
      await sleep(Math.max(1, Math.floor(start + next * intervalMs - performance.now())));
    }
  })();
  return {
    answers,
    stop: async () => {
      stopped = true;
      await sending;
      await Promise.all(inFlight);
      await pool.close();
    },
  };
}

export interface StretchFigures {
  answered: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** The longest time between two consecutive answers within the stretch. */
  longestGap: number;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Figures of the answers whose request was due in [from, to). */
export function stretchFigures<T>(answers: readonly Answer<T>[], from: number, to: number): StretchFigures {
  const within = answers.filter((a) => a.dueAt >= from && a.dueAt < to);
  const ok = within.filter((a) => a.status >= 200 && a.status < 300);
  const latencies = ok.map((a) => a.doneAt - a.dueAt).sort((a, b) => a - b);
  const done = within.map((a) => a.doneAt).sort((a, b) => a - b);
  let longestGap = 0;
  for (let i = 1; i < done.length; i++) longestGap = Math.max(longestGap, done[i]! - done[i - 1]!);
  return {
    answered: ok.length,
    failed: within.length - ok.length,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? Number.NaN),
    longestGap: round(longestGap),
  };
}
