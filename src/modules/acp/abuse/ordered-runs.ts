/**
 * Runs of one payload field's values in strict order, job after job: the trace of a script walking a
 * list (names A to Z) or a number range (ABN after ABN). A value repeated by the next job is a retry
 * and stays in the run without counting; a gap longer than ENUMERATION_MAX_GAP_MS, a step too large or
 * a change of direction ends it (the turning value starts the next run).
 */
import type { Scalar } from './payload-fields';
import { ENUMERATION_MAX_GAP_MS } from './thresholds';
import { jobTime, type TrafficJob } from './traffic';

/** One job's value of the field, with the key it is ordered by (folded text or an identifier's ordinal). */
export interface FieldEntry<K> {
  job: TrafficJob;
  value: Scalar;
  key: K;
}

/** One distinct value of a run: the value as first sent and every job that sent it. */
export interface RunStep<K> {
  key: K;
  value: Scalar;
  jobs: TrafficJob[];
}

export interface OrderedRun<K> {
  direction: 'ascending' | 'descending';
  steps: RunStep<K>[];
}

export interface RunShape<K> {
  /** Distinct values a run needs to count. */
  minRun: number;
  /** Negative when a sorts before b, zero when they are the same value. */
  compare(a: K, b: K): number;
  /** Whether a run may go from a to b (e.g. identifiers a small step apart). */
  stepAllowed(a: K, b: K): boolean;
}

const stepOf = <K>(entry: FieldEntry<K>): RunStep<K> => ({ key: entry.key, value: entry.value, jobs: [entry.job] });

/**
 * Maximal strictly ordered runs of at least `shape.minRun` distinct values, in the entries' order
 * (oldest job first). Why maximal: a reviewer wants the whole walk, not every overlapping slice of it.
 */
export function orderedRuns<K>(entries: FieldEntry<K>[], shape: RunShape<K>): OrderedRun<K>[] {
  const runs: OrderedRun<K>[] = [];
  let steps: RunStep<K>[] = [];
  let direction = 0;
  let lastTime = Number.NEGATIVE_INFINITY;
  const close = () => {
    if (steps.length >= shape.minRun) runs.push({ direction: direction > 0 ? 'ascending' : 'descending', steps });
  };
  const restart = (first: RunStep<K>[]) => {
    close();
    steps = first;
    direction = first.length > 1 ? Math.sign(shape.compare(first[1]!.key, first[0]!.key)) : 0;
  };
  for (const entry of entries) {
    const time = jobTime(entry.job);
    const last = steps.at(-1);
    if (!last || time - lastTime > ENUMERATION_MAX_GAP_MS) restart([stepOf(entry)]);
    else {
      const sign = Math.sign(shape.compare(entry.key, last.key));
      if (sign === 0) last.jobs.push(entry.job);
      else if (!shape.stepAllowed(last.key, entry.key)) restart([stepOf(entry)]);
      else if (direction === 0 || sign === direction) {
        steps.push(stepOf(entry));
        direction = sign;
      } else restart([{ key: last.key, value: last.value, jobs: [last.jobs.at(-1)!] }, stepOf(entry)]);
    }
    lastTime = time;
  }
  close();
  return runs;
}
