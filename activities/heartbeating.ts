/**
 * How activities heartbeat.
 *
 * `throttledHeartbeat` sends progress to Temporal at most once a second. A page reports after every
 * customer, and each `heartbeat()` call crosses into the SDK's native core (through its observables and
 * trace logging): sent for every customer, that cost about a tenth of a re-screening worker's CPU. The
 * beat is still driven by progress, so an attempt whose work stops (a hung call) stops beating and is
 * retried after the activity's heartbeat timeout.
 *
 * `whileHeartbeating` also beats from a timer while the work runs, so a worker that dies is noticed after
 * the heartbeat timeout (seconds) instead of the whole start-to-close timeout, while a slow database or
 * chain call (which only needs a free event loop) keeps the attempt alive. Each beat carries the latest
 * progress report (what `cli/heartbeat.ts` shows an operator).
 */
import { Context } from '@temporalio/activity';

export const HEARTBEAT_EVERY_MS = 1_000;

/** A progress reporter that heartbeats when the last beat it sent is a second old or more. */
export function throttledHeartbeat(context: Context = Context.current()): (details: unknown) => void {
  let lastBeat = Number.NEGATIVE_INFINITY;
  return (details) => {
    const now = Date.now();
    if (now - lastBeat < HEARTBEAT_EVERY_MS) return;
    lastBeat = now;
    context.heartbeat(details);
  };
}

export async function whileHeartbeating<T>(work: (progress: (details: unknown) => void) => Promise<T>): Promise<T> {
  const context = Context.current();
  const report = throttledHeartbeat(context);
  let latest: unknown;
  const timer = setInterval(() => context.heartbeat(latest), HEARTBEAT_EVERY_MS);
  try {
    return await work((details) => {
      latest = details;
      report(details);
    });
  } finally {
    clearInterval(timer);
  }
}
