/**
 * Who gets a core first when the cores are busy. The API's request thread answers people and agents
 * who are waiting; the Temporal worker (batches, sweeps, register pipelines) and V8's helper threads
 * (concurrent marking, compilation) do work nobody waits on to the millisecond. On two cores shared
 * with PostgreSQL, a burst of that work (the worker's memory-reducer collections marking 140 MB on
 * four threads, a mark-compact in the API itself) took both cores for tens of milliseconds and the
 * paced p99 of `bench:scans` with them (docs/performance.md, "The tail, and what would close what is left").
 *
 * Linux keeps a nice value per thread (`setpriority` with a thread id), and a thread inherits its
 * creator's. With the kernel's autogroups, nice ranks threads only within one session's group; a
 * process that leads its own session (`npm start` starts the worker so) also lowers its group.
 * Elsewhere (no /proc) nothing changes. Only ever lowers: a thread an operator already set lower
 * is left alone, and raising needs privileges we do not ask for.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { lowerThreads, type ThreadsLowered } from './thread-priority';

export interface PriorityOutcome extends ThreadsLowered {
  /** Whether this process's autogroup (its own session's) was set to the nice value. */
  autogroup: boolean;
}

/** This process's thread ids; empty where there is no /proc. */
function threadIds(): number[] {
  try {
    return readdirSync('/proc/self/task').map(Number).filter(Number.isInteger);
  } catch {
    return [];
  }
}

/** Field 6 of /proc/self/stat (after the parenthesised command name, which may hold spaces). */
function sessionId(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[3]);
  } catch {
    return undefined;
  }
}

/** Lowers the autogroup only when it is ours alone: a shell's session would take the shell down with us. */
function lowerOwnAutogroup(nice: number): boolean {
  if (sessionId() !== process.pid) return false;
  try {
    const current = Number(/nice (-?\d+)/.exec(readFileSync('/proc/self/autogroup', 'utf8'))?.[1] ?? 0);
    if (current < nice) writeFileSync('/proc/self/autogroup', String(nice));
    return true;
  } catch {
    return false;
  }
}

export interface ThreadPriorityOptions {
  /** Include the main (event-loop) thread: the whole process, as for the worker. */
  mainThread: boolean;
  /** Re-apply this often, for threads started later (libuv's pool starts on first use). 0: once. */
  everyMs: number;
}

/**
 * Keeps this process's threads at `nice` (1–19; 0 does nothing): all of them for the worker, all but
 * the event-loop thread for the API. Returns what the first pass did and a stop for the re-applying.
 */
export function keepThreadsAtNice(nice: number, options: ThreadPriorityOptions): { first: PriorityOutcome; stop(): void } {
  if (nice <= 0) return { first: { lowered: 0, alreadyLow: 0, failed: 0, autogroup: false }, stop: () => {} };
  const pass = () => lowerThreads(threadIds().filter((tid) => options.mainThread || tid !== process.pid), nice);
  const first = { ...pass(), autogroup: options.mainThread && lowerOwnAutogroup(nice) };
  const timer = options.everyMs > 0 ? setInterval(pass, options.everyMs).unref() : undefined;
  return { first, stop: () => clearInterval(timer) };
}
