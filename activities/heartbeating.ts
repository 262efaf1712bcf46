/**
 * Heartbeats from a timer while an activity's work runs, so a worker that dies is noticed after the
 * activity's heartbeat timeout (seconds) instead of its whole start-to-close timeout. The work may
 * report progress through `progress`; each beat carries the latest report (what `cli/heartbeat.ts`
 * shows an operator). A beat needs only a free event loop: a slow database or chain call keeps the
 * attempt alive, a killed worker does not. Temporal throttles the beats it sends to the server.
 */
import { Context } from '@temporalio/activity';

export const HEARTBEAT_EVERY_MS = 1_000;

export async function whileHeartbeating<T>(work: (progress: (details: unknown) => void) => Promise<T>): Promise<T> {
  const context = Context.current();
  let latest: unknown;
  const beat = setInterval(() => context.heartbeat(latest), HEARTBEAT_EVERY_MS);
  try {
    return await work((details) => {
      latest = details;
      context.heartbeat(details);
    });
  } finally {
    clearInterval(beat);
  }
}
