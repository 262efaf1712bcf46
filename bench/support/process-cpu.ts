/**
 * CPU time per process group over a stretch of a benchmark, read from /proc (Linux), so a latency figure
 * can be explained: which of the API, PostgreSQL, Redis and the load generator used the cores, in CPU
 * milliseconds per request. Latency percentiles move with whatever else the machine runs; CPU per request
 * barely does, so it is the figure to compare when changing the code. (Steal: support/machine-load.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux architecture Node supports

interface ProcessTimes {
  pid: number;
  ppid: number;
  command: string;
  ticks: number;
}

function readProcesses(): ProcessTimes[] {
  const processes: ProcessTimes[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const fields = stat.slice(close + 2).split(' ');
      processes.push({ pid: Number(entry), ppid: Number(fields[1]), command: stat.slice(stat.indexOf('(') + 1, close), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended while we looked
    }
  }
  return processes;
}

const BY_COMMAND: Record<string, string> = { postgres: 'PostgreSQL', 'redis-server': 'Redis', temporal: 'Temporal' };

interface Groups {
  /** Named process trees, by root pid (the API's cluster primary and the processes it forks). */
  trees: Map<number, string>;
  /** Named single processes, by pid: not their children (the bench process is the parent of everything it starts). */
  processes: Map<number, string>;
  treeNames: Set<string>;
}

/** The group a process belongs to: a named process, a named process tree, or its command name. */
function groupOf(process: ProcessTimes, parents: Map<number, number>, groups: Groups): string | undefined {
  const own = groups.processes.get(process.pid);
  if (own) return own;
  for (let pid: number | undefined = process.pid; pid && pid > 1; pid = parents.get(pid)) {
    const root = groups.trees.get(pid);
    if (root) return root;
  }
  const byCommand = BY_COMMAND[process.command];
  // A group measured as a tree (the bench's own PostgreSQL cluster) does not also count other processes
  // of the same command: tests or another cluster running beside the bench are not the bench's cost.
  return byCommand && !groups.treeNames.has(byCommand) ? byCommand : undefined;
}

function snapshot(named: Groups): Map<string, number> {
  const processes = readProcesses();
  const parents = new Map(processes.map((p) => [p.pid, p.ppid]));
  const groups = new Map<string, number>();
  for (const p of processes) {
    const group = groupOf(p, parents, named);
    if (group) groups.set(group, (groups.get(group) ?? 0) + p.ticks);
  }
  return groups;
}

/** CPU milliseconds per request by group, over the stretch since the measurement started. */
export type CpuPerRequest = Map<string, number>;

/**
 * Starts measuring the named process trees (e.g. `{ API: apiPid, PostgreSQL: postmasterPid }`) and
 * single processes (e.g. `{ 'load generator': process.pid }`) plus, by command name, PostgreSQL, Redis
 * and Temporal when no tree of that name is given; the returned function gives CPU milliseconds per
 * request over `requests`. Processes that ended in between are not counted, so measure over a stretch
 * where the services run.
 */
export function startCpuMeasure(trees: Record<string, number>, processes: Record<string, number> = {}): (requests: number) => CpuPerRequest {
  const byPid = (named: Record<string, number>) => new Map(Object.entries(named).map(([name, pid]) => [pid, name]));
  const roots: Groups = { trees: byPid(trees), processes: byPid(processes), treeNames: new Set(Object.keys(trees)) };
  const start = snapshot(roots);
  return (requests) => {
    const end = snapshot(roots);
    return new Map([...end].map(([group, ticks]) => [group, ((ticks - (start.get(group) ?? 0)) * 1000) / TICKS_PER_SECOND / Math.max(1, requests)]));
  };
}

/** One line for a CPU measurement: `CPU ms per request: API 0.91, PostgreSQL 0.30, …`. */
export function formatCpuPerRequest(cpu: CpuPerRequest): string {
  return `CPU ms per request: ${[...cpu].map(([group, ms]) => `${group} ${ms.toFixed(2)}`).join(', ')}`;
}

/** {@link startCpuMeasure}, formatted as one line. */
export function measureProcessCpu(trees: Record<string, number>, processes: Record<string, number> = {}): (requests: number) => string {
  const measure = startCpuMeasure(trees, processes);
  return (requests) => formatCpuPerRequest(measure(requests));
}

/**
 * Waits until the process tree under `rootPid` is idle (under 5 % of a core for two half-seconds in a row):
 * `/health` answers as soon as one API process listens, while another may still be loading its code and
 * building its index, which would otherwise be counted as the first requests' CPU.
 */
export async function waitForIdleTree(rootPid: number, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const ticks = () => snapshot({ trees: new Map([[rootPid, 'tree']]), processes: new Map(), treeNames: new Set(['tree']) }).get('tree') ?? 0;
  let quiet = 0;
  let last = ticks();
  while (quiet < 2) {
    if (Date.now() > deadline) throw new Error(`process tree ${rootPid} still busy after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = ticks();
    quiet = now - last <= 2 ? quiet + 1 : 0; // 2 ticks = 20 ms of CPU in 500 ms
    last = now;
  }
}
