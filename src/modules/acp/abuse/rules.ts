/**
 * The abuse monitor's rule engine (manifest: "agents showing structuring, blacklisted wallets or
 * enumeration patterns go to a verification-bond flow"). Pure: the monitoring workflow loads a
 * wallet's recent jobs and asks; blocklisted wallets are found by the caller from `WalletBlocklist`.
 */
import { findEnumeration } from './enumeration';
import { findStructuring } from './structuring';
import { ABUSE_LOOKBACK_MS } from './thresholds';
import { type AbuseFinding, jobTime, type TrafficJob } from './traffic';

export type { AbuseFinding, AbuseRule, TrafficJob } from './traffic';

/**
 * Reviews one wallet's traffic and returns what it shows, structuring first, then enumeration; empty
 * for honest traffic. `jobs` are the wallet's jobs in the lookback window, oldest first. Jobs older
 * than ABUSE_LOOKBACK_MS before `now` (or after it) are left out, so the answer does not depend on how
 * much history the caller happened to load, and jobs are re-sorted by time in case the order slipped.
 */
export function reviewWalletTraffic(jobs: TrafficJob[], now: Date): AbuseFinding[] {
  const until = now.getTime();
  const recent = jobs
    .filter((job) => {
      const time = jobTime(job);
      return time >= until - ABUSE_LOOKBACK_MS && time <= until;
    })
    .sort((a, b) => jobTime(a) - jobTime(b));
  return [...findStructuring(recent), ...findEnumeration(recent)];
}
