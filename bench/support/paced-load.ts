/**
 * Open-loop load at a constant rate over a fixed pool of keep-alive connections, for "p99 at N requests
 * per second". Request i is due at start + i/rate; its latency runs from that due time to the end of its
 * response, so time spent waiting for a free connection counts (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it caps each connection per one-second window and lets it send
 * back to back until the cap, so all connections burst at every second boundary and the "paced" run is
 * a closed loop for part of each second. loadtest's `requestsPerSecond` paces evenly but opens a new
 * client whenever all are busy, so it does not hold a fixed number of connections.
 */
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { sendEvenly } from './even-schedule';

export interface PacedLoadOptions {
  url: string;
  path: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  /** Request bodies, used in turn. */
  bodies: string[];
  connections: number;
  ratePerSecond: number;
  durationSeconds: number;
  /** Seconds sent first at the same rate over the same connections and not counted (connections opened, code warm). */
  warmupSeconds: number;
}

export interface PacedLoadResult {
  sent: number;
  /** Requests sent in the warm-up, not counted in the figures. */
  warmupSent: number;
  ok: number;
  failed: number;
  /** Successful responses per second over the measured part of the run. */
  achievedRate: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** The measured seconds with the slowest responses (second index from the start of the measured part, and its worst latency), slowest first: when the tail happened. */
  worstSeconds: { second: number; maxMs: number; count: number }[];
}

/** The p-th percentile (nearest rank) of ascending samples; NaN when there are none. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Sends `ratePerSecond × durationSeconds` requests at even intervals (after the warm-up) and reports latency percentiles. */
export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const pool = new Pool(options.url, { connections: options.connections, pipelining: 1 });
  const warmup = Math.round(options.ratePerSecond * options.warmupSeconds);
  const total = warmup + Math.round(options.ratePerSecond * options.durationSeconds);
  const intervalMs = 1000 / options.ratePerSecond;
  const latencies: number[] = [];
  const bySecond = new Map<number, { maxMs: number; count: number }>();
  let failed = 0;
  const inFlight = new Set<Promise<void>>();

  const record = (index: number, dueAt: number, statusCode: number) => {
    if (index < warmup) return;
    if (statusCode < 200 || statusCode >= 300) {
      failed += 1;
      return;
    }
    const latency = performance.now() - dueAt;
    latencies.push(latency);
    const second = Math.floor((index - warmup) / options.ratePerSecond);
    const bucket = bySecond.get(second) ?? { maxMs: 0, count: 0 };
    bucket.maxMs = Math.max(bucket.maxMs, latency);
    bucket.count += 1;
    bySecond.set(second, bucket);
  };

  const send = (index: number, dueAt: number) => {
    const done = pool
      .request({ path: options.path, method: options.method, headers: options.headers, body: options.bodies[index % options.bodies.length] })
      .then(async (response) => {
        await response.body.dump();
        record(index, dueAt, response.statusCode);
      })
      .catch(() => {
        if (index >= warmup) failed += 1;
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };

  const start = await sendEvenly(total, options.ratePerSecond, send);
  const measuredFrom = start + warmup * intervalMs;
  // One wait for all (racing the set again after each answer would attach a reaction per request per round).
  await Promise.all(inFlight);
  const elapsedSeconds = (performance.now() - measuredFrom) / 1000;
  await pool.close();

  const sorted = latencies.sort((a, b) => a - b);
  return {
    sent: total - warmup,
    warmupSent: warmup,
    ok: latencies.length,
    failed,
    achievedRate: Math.round(latencies.length / elapsedSeconds),
    latencyMs: { p50: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)), p99: round(percentile(sorted, 99)), max: round(sorted.at(-1) ?? Number.NaN) },
    worstSeconds: [...bySecond]
      .map(([second, b]) => ({ second, maxMs: round(b.maxMs), count: b.count }))
      .sort((a, b) => b.maxMs - a.maxMs)
      .slice(0, 5),
  };
}
