/**
 * Open-loop pacing: request i is due at start + i / rate and is sent as soon as it is due, whatever the
 * requests before it are doing, so a slow service meets the offered rate instead of slowing it down.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** Calls `send(i, dueAt)` for i = 0 … total − 1 at their due times; resolves with the start time once the last is sent. */
export async function sendEvenly(total: number, ratePerSecond: number, send: (index: number, dueAt: number) => void): Promise<number> {
  const intervalMs = 1000 / ratePerSecond;
  const start = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now goes out, so a late timer never lowers the offered rate.
    while (next < total && start + next * intervalMs <= now) {
      send(next, start + next * intervalMs);
      next += 1;
    }
    // At least a millisecond: spinning on setImmediate would take a core from the service measured.
    await sleep(Math.max(1, Math.floor(start + next * intervalMs - performance.now())));
  }
  return start;
}
