/**
 * How busy the whole machine was over a stretch of a benchmark (all cores, every process: the service,
 * PostgreSQL, Redis and the load generator share them), so a latency figure comes with its context.
 */
import { cpus } from 'node:os';

function totals(): { busy: number; all: number } {
  let busy = 0;
  let all = 0;
  for (const { times } of cpus()) {
    const sum = times.user + times.nice + times.sys + times.irq + times.idle;
    all += sum;
    busy += sum - times.idle;
  }
  return { busy, all };
}

/** Starts measuring; the returned function gives the share of all cores that was busy since, in percent. */
export function measureMachineLoad(): () => number {
  const start = totals();
  return () => {
    const end = totals();
    return Math.round((100 * (end.busy - start.busy)) / Math.max(1, end.all - start.all));
  };
}
