/**
 * Structuring: a wallet paying, again and again within a day, an amount just below a threshold, so
 * that no single job crosses it while the jobs together do. We look for the band below the review
 * threshold and below round amounts; a pure "many small jobs adding up to more than the threshold"
 * rule is not used on its own, because every service costs 75 USDC or less and any busy honest buyer's
 * daily total passes 50. The splitting is still recorded: the finding's total always exceeds the
 * threshold several times over (STRUCTURING_MIN_JOBS pieces of at least 95% of it).
 */
import { acpService } from '../services';
import {
  REVIEW_THRESHOLD_USDC,
  ROUND_AMOUNTS_USDC,
  STRUCTURING_BAND_FRACTION,
  STRUCTURING_MIN_JOBS,
  STRUCTURING_WINDOW_MS,
} from './thresholds';
import { type AbuseFinding, describeSpan, jobTime, type TrafficJob } from './traffic';

type ThresholdKind = 'review_threshold' | 'round_amount';

interface Threshold {
  usdc: number;
  kind: ThresholdKind;
}

const THRESHOLDS: readonly Threshold[] = [
  { usdc: REVIEW_THRESHOLD_USDC, kind: 'review_threshold' },
  ...ROUND_AMOUNTS_USDC.filter((usdc) => usdc !== REVIEW_THRESHOLD_USDC).map((usdc) => ({ usdc, kind: 'round_amount' as const })),
];

const cents = (usdc: number) => Math.round(usdc * 100) / 100;
const micro = (usdc: number) => Math.round(usdc * 1e6) / 1e6;

/** The lowest amount of a threshold's band; the band runs up to the threshold, excluded. */
export const bandFloor = (threshold: number) => cents(threshold * (1 - STRUCTURING_BAND_FRACTION));

/**
 * Whether the job's amount sits just below the threshold in a way the buyer chose. The service's own
 * price range decides: a threshold at or outside its ends cannot be dodged (the maximum is simply the
 * most one job may pay), and its minimum price is what honest buyers pay. An unknown service (no
 * range to go by) is judged by the band alone.
 */
function isJustBelow(job: TrafficJob, threshold: number): boolean {
  if (job.usdc_amount < bandFloor(threshold) || job.usdc_amount >= threshold) return false;
  const range = acpService(job.service_id)?.price_usdc_range;
  if (!range) return true;
  const [min, max] = range;
  return min < threshold && threshold < max && job.usdc_amount > min;
}

/** Groups of jobs where some window of STRUCTURING_WINDOW_MS holds at least STRUCTURING_MIN_JOBS; overlapping windows merge. */
function denseClusters(jobs: TrafficJob[]): TrafficJob[][] {
  const clusters: TrafficJob[][] = [];
  let clusterEnd = 0;
  let j = 0;
  for (let i = 0; i < jobs.length; i++) {
    while (j < jobs.length && jobTime(jobs[j]!) - jobTime(jobs[i]!) <= STRUCTURING_WINDOW_MS) j++;
    if (j - i < STRUCTURING_MIN_JOBS) continue;
    const current = clusters.at(-1);
    if (current && i < clusterEnd) current.push(...jobs.slice(clusterEnd, j));
    else clusters.push(jobs.slice(i, j));
    clusterEnd = j;
  }
  return clusters;
}

function finding(threshold: Threshold, jobs: TrafficJob[]): AbuseFinding {
  const floor = bandFloor(threshold.usdc);
  const amounts = jobs.map((j) => j.usdc_amount);
  const total = micro(amounts.reduce((sum, a) => sum + a, 0));
  const first = jobs[0]!;
  const last = jobs.at(-1)!;
  const what = threshold.kind === 'review_threshold' ? 'manual-review threshold' : 'round amount';
  const jobIds = jobs.map((j) => j.id);
  return {
    rule: 'structuring',
    pattern: 'just_below_threshold',
    summary:
      `${jobs.length} jobs of ${floor} to under ${threshold.usdc} USDC within ${describeSpan(jobTime(last) - jobTime(first))}, ` +
      `each just under the ${threshold.usdc} USDC ${what}, together ${total} USDC`,
    job_ids: jobIds,
    evidence: {
      threshold_usdc: threshold.usdc,
      threshold_kind: threshold.kind,
      band_usdc: { from: floor, below: threshold.usdc },
      amounts,
      job_ids: jobIds,
      total_usdc: total,
      service_ids: [...new Set(jobs.map((j) => j.service_id))],
      window: { from: first.created_at, to: last.created_at },
      window_limit_ms: STRUCTURING_WINDOW_MS,
      min_jobs: STRUCTURING_MIN_JOBS,
    },
  };
}

/** Structuring findings in one wallet's jobs (oldest first): one per threshold and burst. */
export function findStructuring(jobs: TrafficJob[]): AbuseFinding[] {
  return THRESHOLDS.flatMap((threshold) => {
    const inBand = jobs.filter((job) => isJustBelow(job, threshold.usdc));
    return denseClusters(inBand).map((cluster) => finding(threshold, cluster));
  });
}
