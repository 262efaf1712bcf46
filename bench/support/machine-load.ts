/**
 * How busy the whole machine was over a stretch of a benchmark (all cores, every process: the service,
 * PostgreSQL, Redis and the load generator share them), and how much of it the hypervisor took for
 * other guests (steal, from /proc/stat on Linux), so a latency figure comes with its context.
 */
import { readFileSync } from 'node:fs';
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

/** Steal ticks of all cores together, and the sum of every column (the same clock); zeros where /proc/stat is absent. */
function stealTicks(): { steal: number; all: number } {
  try {
    const columns = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { steal: columns[7] ?? 0, all: columns.slice(0, 8).reduce((sum, n) => sum + n, 0) };
  } catch {
    return { steal: 0, all: 0 };
  }
}

/** Starts measuring; the returned function says what share of all cores was busy since, and what share was stolen. */
export function measureMachineLoad(): () => string {
  const start = totals();
  const startSteal = stealTicks();
  return () => {
    const end = totals();
    const endSteal = stealTicks();
    const busy = Math.round((100 * (end.busy - start.busy)) / Math.max(1, end.all - start.all));
    const steal = Math.round((100 * (endSteal.steal - startSteal.steal)) / Math.max(1, endSteal.all - startSteal.all));
    return `all ${cpus().length} cores ${busy}% busy, ${steal}% taken by the hypervisor (steal)`;
  };
}
