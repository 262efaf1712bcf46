/**
 * Resident memory of a process and its descendants (an API's cluster primary and the processes it
 * forks), sampled from /proc (Linux) while a benchmark runs, to report the peak of each process.
 */
import { readdirSync, readFileSync } from 'node:fs';

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function rssMb(pid: number): number {
  try {
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The process and every process below it. */
function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

export interface RssSample {
  at: number;
  /** MB per process id of the tree. */
  byPid: Map<number, number>;
}

/** Samples the tree every `everyMs` until stopped; `samples` holds them in order. */
export function sampleTreeRss(root: number, everyMs = 100): { samples: RssSample[]; stop: () => void } {
  const samples: RssSample[] = [];
  let pids = treeOf(root);
  let ticks = 0;
  const timer = setInterval(() => {
    if (++ticks % 20 === 0) pids = treeOf(root); // a replaced process shows within two seconds
    samples.push({ at: performance.now(), byPid: new Map(pids.map((pid) => [pid, rssMb(pid)])) });
  }, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}

/** The highest resident size any one process of the tree reached within [from, to), in MB. */
export function peakProcessRss(samples: readonly RssSample[], from: number, to: number): number {
  let peak = 0;
  for (const s of samples) if (s.at >= from && s.at < to) for (const mb of s.byPid.values()) peak = Math.max(peak, mb);
  return Math.round(peak);
}
