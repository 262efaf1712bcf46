/**
 * Lowering threads' nice values, by thread id (Linux keeps a nice value per thread). The process-wide
 * policy (which threads, how often, the autogroup) is `cpu-priority.ts`'s; this is the step it repeats,
 * also taken by a thread that must yield from its first millisecond (the one that builds a new
 * matching index). Only ever lowers: raising needs privileges we do not ask for.
 */
import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

export interface ThreadsLowered {
  /** Threads moved to the nice value this time. */
  lowered: number;
  /** Threads already at it or lower. */
  alreadyLow: number;
  /** Threads that ended in between, or whose change was refused. */
  failed: number;
}

export function lowerThreads(tids: number[], nice: number): ThreadsLowered {
  const outcome = { lowered: 0, alreadyLow: 0, failed: 0 };
  for (const tid of tids) {
    try {
      if (getPriority(tid) >= nice) outcome.alreadyLow += 1;
      else {
        setPriority(tid, nice);
        outcome.lowered += 1;
      }
    } catch {
      outcome.failed += 1;
    }
  }
  return outcome;
}

/**
 * Lowers the calling thread to `nice` and returns its nice value after, or null where there is no
 * /proc (elsewhere the nice value is the whole process's, so nothing is changed there).
 */
export function lowerThisThread(nice: number): number | null {
  let tid: number;
  try {
    tid = Number(readlinkSync('/proc/thread-self').split('/').at(-1)); // "<pid>/task/<tid>"
    if (nice > 0) lowerThreads([tid], nice);
    return getPriority(tid);
  } catch {
    return null;
  }
}
