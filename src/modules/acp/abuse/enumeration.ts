/**
 * Enumeration: scripted queries to one service in a burst, walking a list or probing the matcher.
 * Three shapes, each over any payload field (flattened, so `name`, `abn` and `acn` of the real schemas
 * are covered with no per-service code): near-identical payloads, identifiers strictly increasing or
 * decreasing in small steps, and distinct names in alphabetical order. The run lengths in
 * `thresholds.ts` keep honest traffic (retries, unordered names, a few jobs, jobs days apart) out.
 */
import { findNearIdenticalRuns } from './near-identical';
import { type FieldEntry, type OrderedRun, orderedRuns, type RunShape } from './ordered-runs';
import { flattenPayload, foldText, identifierOrdinal, isExemptField, isText, type Scalar } from './payload-fields';
import { ALPHABETICAL_MIN_RUN, ORDERED_ID_MAX_STEP, ORDERED_ID_MIN_RUN } from './thresholds';
import { type AbuseFinding, describeSpan, jobTime, type TrafficJob } from './traffic';

const ALPHABETICAL: RunShape<string> = {
  minRun: ALPHABETICAL_MIN_RUN,
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  stepAllowed: () => true,
};

const IDENTIFIERS: RunShape<number> = {
  minRun: ORDERED_ID_MIN_RUN,
  compare: (a, b) => a - b,
  stepAllowed: (a, b) => Math.abs(a - b) <= ORDERED_ID_MAX_STEP,
};

/** Each payload field's values across the jobs that have it, oldest first. */
function fieldSequences(jobs: TrafficJob[]): Map<string, { job: TrafficJob; value: Scalar }[]> {
  const sequences = new Map<string, { job: TrafficJob; value: Scalar }[]>();
  for (const job of jobs) {
    for (const [path, value] of flattenPayload(job.payload)) {
      if (isExemptField(path) || value === null) continue;
      const sequence = sequences.get(path) ?? [];
      sequence.push({ job, value });
      sequences.set(path, sequence);
    }
  }
  return sequences;
}

function keyed<K>(sequence: { job: TrafficJob; value: Scalar }[], keyOf: (value: Scalar) => K | undefined): FieldEntry<K>[] {
  return sequence.flatMap(({ job, value }) => {
    const key = keyOf(value);
    return key === undefined ? [] : [{ job, value, key }];
  });
}

const nameKey = (value: Scalar) => (isText(value) ? foldText(value) || undefined : undefined);

function runFinding<K>(pattern: 'alphabetical_names' | 'ordered_identifiers', serviceId: string, field: string, run: OrderedRun<K>): AbuseFinding {
  const jobs = run.steps.flatMap((s) => s.jobs);
  const jobIds = jobs.map((j) => j.id);
  const values = run.steps.map((s) => s.value);
  const first = jobs[0]!;
  const last = jobs.at(-1)!;
  const span = describeSpan(jobTime(last) - jobTime(first));
  const order = pattern === 'alphabetical_names' ? `${run.direction} alphabetical order` : `${run.direction} order in small steps`;
  const evidence: Record<string, unknown> = {
    service_id: serviceId,
    field,
    direction: run.direction,
    values,
    run_length: run.steps.length,
    min_run: pattern === 'alphabetical_names' ? ALPHABETICAL_MIN_RUN : ORDERED_ID_MIN_RUN,
    job_ids: jobIds,
    window: { from: first.created_at, to: last.created_at },
  };
  if (pattern === 'ordered_identifiers') {
    const keys = run.steps.map((s) => s.key as number);
    evidence.largest_step = Math.max(...keys.slice(1).map((k, i) => Math.abs(k - keys[i]!)));
    evidence.step_limit = ORDERED_ID_MAX_STEP;
  }
  return {
    rule: 'enumeration',
    pattern,
    summary: `${run.steps.length} distinct \`${field}\` values sent to ${serviceId} within ${span} in ${order} (${String(values[0])} to ${String(values.at(-1))})`,
    job_ids: jobIds,
    evidence,
  };
}

/** Enumeration findings for one service's jobs (oldest first). */
function findForService(serviceId: string, jobs: TrafficJob[]): AbuseFinding[] {
  const findings = findNearIdenticalRuns(serviceId, jobs);
  for (const [field, sequence] of fieldSequences(jobs)) {
    for (const run of orderedRuns(keyed(sequence, identifierOrdinal), IDENTIFIERS)) findings.push(runFinding('ordered_identifiers', serviceId, field, run));
    for (const run of orderedRuns(keyed(sequence, nameKey), ALPHABETICAL)) findings.push(runFinding('alphabetical_names', serviceId, field, run));
  }
  return findings;
}

/** Enumeration findings in one wallet's jobs (oldest first), service by service. */
export function findEnumeration(jobs: TrafficJob[]): AbuseFinding[] {
  const byService = new Map<string, TrafficJob[]>();
  for (const job of jobs) byService.set(job.service_id, [...(byService.get(job.service_id) ?? []), job]);
  return [...byService].flatMap(([serviceId, serviceJobs]) => findForService(serviceId, serviceJobs));
}
