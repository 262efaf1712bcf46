/**
 * Matcher probing: a burst of jobs for one service whose payloads are the same but for a character or
 * two of text ("Vladimir Putin", "Vladimir Putn", "Wladimir Putin", ...), the way someone maps where
 * our fuzzy matching stops matching. A payload joins the run when it is near-identical to the run's
 * previous distinct payload or to its first; an identical payload is a retry and joins without
 * counting; anything else, or a gap longer than ENUMERATION_MAX_GAP_MS, ends the run.
 */
import { damerauLevenshtein } from '../../../matching/stringscore/damerau-levenshtein';
import { canonicalJson, flattenPayload, isExemptField, isText, type Scalar } from './payload-fields';
import { ENUMERATION_MAX_GAP_MS, NEAR_IDENTICAL_MAX_EDITS, NEAR_IDENTICAL_MIN_RUN } from './thresholds';
import { type AbuseFinding, describeSpan, jobTime, type TrafficJob } from './traffic';

interface DistinctPayload {
  canonical: string;
  leaves: Map<string, Scalar>;
  jobs: TrafficJob[];
}

/**
 * The text edits between two payloads, with the fields they touch, when the payloads have the same
 * fields and differ only in text by 1 to NEAR_IDENTICAL_MAX_EDITS edits; undefined otherwise. Numbers
 * and paging fields do not count: a changed revenue or page is not a probe of the name matcher.
 */
export function textEdits(a: Map<string, Scalar>, b: Map<string, Scalar>): { edits: number; fields: string[] } | undefined {
  if (a.size !== b.size) return undefined;
  let edits = 0;
  const fields: string[] = [];
  for (const [path, valueA] of a) {
    if (!b.has(path)) return undefined;
    const valueB = b.get(path) as Scalar;
    if (valueA === valueB) continue;
    if (isExemptField(path) || !isText(valueA) || !isText(valueB)) return undefined;
    edits += damerauLevenshtein(valueA, valueB, NEAR_IDENTICAL_MAX_EDITS - edits);
    if (edits > NEAR_IDENTICAL_MAX_EDITS) return undefined;
    fields.push(path);
  }
  return edits === 0 ? undefined : { edits, fields };
}

function finding(serviceId: string, run: DistinctPayload[], fieldCounts: Map<string, number>): AbuseFinding {
  const fields = [...fieldCounts.entries()].sort((x, y) => y[1] - x[1]).map(([path]) => path);
  const field = fields[0]!;
  const jobs = run.flatMap((d) => d.jobs).sort((x, y) => jobTime(x) - jobTime(y));
  const first = jobs[0]!;
  const last = jobs.at(-1)!;
  const jobIds = jobs.map((j) => j.id);
  return {
    rule: 'enumeration',
    pattern: 'near_identical_payloads',
    summary:
      `${run.length} ${serviceId} payloads within ${describeSpan(jobTime(last) - jobTime(first))} differing only by ` +
      `up to ${NEAR_IDENTICAL_MAX_EDITS} characters of \`${field}\`${fields.length > 1 ? ` (and ${fields.slice(1).join(', ')})` : ''}`,
    job_ids: jobIds,
    evidence: {
      service_id: serviceId,
      field,
      fields,
      values: run.map((d) => d.leaves.get(field) ?? null),
      base_payload: run[0]!.canonical,
      max_edits: NEAR_IDENTICAL_MAX_EDITS,
      run_length: run.length,
      min_run: NEAR_IDENTICAL_MIN_RUN,
      job_ids: jobIds,
      window: { from: first.created_at, to: last.created_at },
    },
  };
}

/** Near-identical payload runs among one service's jobs (oldest first). */
export function findNearIdenticalRuns(serviceId: string, jobs: TrafficJob[]): AbuseFinding[] {
  const findings: AbuseFinding[] = [];
  let run: DistinctPayload[] = [];
  let fieldCounts = new Map<string, number>();
  let lastTime = Number.NEGATIVE_INFINITY;
  const close = () => {
    if (run.length >= NEAR_IDENTICAL_MIN_RUN) findings.push(finding(serviceId, run, fieldCounts));
  };
  for (const job of jobs) {
    const time = jobTime(job);
    const payload: DistinctPayload = { canonical: canonicalJson(job.payload), leaves: flattenPayload(job.payload), jobs: [job] };
    const withinGap = run.length > 0 && time - lastTime <= ENUMERATION_MAX_GAP_MS;
    const retryOf = withinGap ? run.find((d) => d.canonical === payload.canonical) : undefined;
    const near = withinGap && !retryOf ? (textEdits(run.at(-1)!.leaves, payload.leaves) ?? textEdits(run[0]!.leaves, payload.leaves)) : undefined;
    if (retryOf) retryOf.jobs.push(job);
    else if (near) {
      run.push(payload);
      for (const field of near.fields) fieldCounts.set(field, (fieldCounts.get(field) ?? 0) + 1);
    } else {
      close();
      run = [payload];
      fieldCounts = new Map();
    }
    lastTime = time;
  }
  close();
  return findings;
}
