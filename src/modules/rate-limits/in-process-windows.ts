/**
 * Per-minute counters held in this process: what a limit falls back to when Redis, where limits are
 * normally counted across processes, cannot be reached. Each process then enforces the limit on its
 * own, so with N API processes a caller gets at most N times the limit, instead of no limit at all.
 * Counters of earlier windows are dropped as windows pass, so memory follows the callers of the last
 * minute.
 */
import { systemClock, type WindowClock } from './window-clock';

const WINDOW_MS = 60_000;

export class InProcessWindows {
  private window = 0;
  private readonly counts = new Map<string, number>();

  constructor(private readonly clock: WindowClock = systemClock) {}

  private sync(nowMs: number): number {
    const window = Math.floor(nowMs / WINDOW_MS);
    if (window !== this.window) {
      this.counts.clear();
      this.window = window;
    }
    return window;
  }

  count(key: string, nowMs = this.clock()): number {
    this.sync(nowMs);
    return this.counts.get(key) ?? 0;
  }

  /** Adds one to every key, only when each is under its limit; answers the index of the first key at its limit, or -1 when taken. */
  takeAll(keys: { key: string; limit: number }[], nowMs = this.clock()): number {
    this.sync(nowMs);
    const full = keys.findIndex(({ key, limit }) => (this.counts.get(key) ?? 0) >= limit);
    if (full >= 0) return full;
    for (const { key } of keys) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
    return -1;
  }

  /** Gives back one of each key taken in the window of `takenAtMs` (nothing once that window has passed). */
  giveBack(keys: string[], takenAtMs: number, nowMs = this.clock()): void {
    if (this.sync(nowMs) !== Math.floor(takenAtMs / WINDOW_MS)) return;
    for (const key of keys) {
      const n = this.counts.get(key) ?? 0;
      if (n <= 1) this.counts.delete(key);
      else this.counts.set(key, n - 1);
    }
  }
}
