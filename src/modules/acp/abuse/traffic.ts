/**
 * What the abuse monitor reads (one wallet's agent jobs) and what it reports (findings a reviewer and
 * the verification-bond flow can act on without re-deriving them: the rule, the pattern, the jobs and
 * the evidence that made the rule fire).
 */

/** One agent job as the rules see it: the columns of `acp_jobs` that traffic patterns live in. */
export interface TrafficJob {
  id: string;
  service_id: string;
  usdc_amount: number;
  payload: Record<string, unknown>;
  /** ISO 8601. */
  created_at: string;
}

export type AbuseRule = 'structuring' | 'enumeration' | 'blacklisted_wallet';

export interface AbuseFinding {
  rule: AbuseRule;
  /** Which shape of the rule fired, e.g. `just_below_threshold` or `alphabetical_names`. */
  pattern: string;
  /** One sentence for the reviewer. */
  summary: string;
  job_ids: string[];
  evidence: Record<string, unknown>;
}

/** The first and last job time of a finding. */
export interface TrafficWindow {
  from: string;
  to: string;
}

/** Job times are compared as epoch milliseconds. */
export const jobTime = (job: TrafficJob): number => Date.parse(job.created_at);

/** A span as a reviewer reads it: "40 s", "12 min", "3 h 20 min". */
export function describeSpan(ms: number): string {
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}
