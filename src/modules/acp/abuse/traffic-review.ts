/**
 * One pass of the abuse monitor over agent-job traffic: every wallet with jobs since the cursor has its
 * recent jobs (within the lookback, and only those after its last flag, so a finding always rests on
 * fresh traffic) run through the rules, and each finding is stored as a flag with its evidence. The
 * cursor steps back a little on each pass: a job committed late with an earlier timestamp is still
 * seen, and seeing a job twice records nothing twice (flags are unique by fingerprint). The wallets
 * seen from one IP address are then reviewed together (source-ip-review.ts), so rotating fresh
 * addresses does not hide a pattern.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/sql';
import { lastFlaggedAt, recordFlag } from './flags';
import { reviewWalletTraffic, type TrafficJob } from './rules';
import { reviewSourceIps } from './source-ip-review';
import { ABUSE_LOOKBACK_MS } from './thresholds';

/** Jobs per wallet per pass: beyond this a wallet is far past every rule's run length anyway. */
const JOBS_PER_WALLET = 500;
/** Overlap between passes, for transactions that commit after a later one. */
const CURSOR_OVERLAP_MS = 5_000;
const WALLETS_PER_PASS = 1_000;

export interface ReviewPass {
  cursor: string;
  walletsReviewed: number;
  ipsReviewed: number;
  flagsRecorded: number;
}

export async function reviewTraffic(em: EntityManager, since: string | null, now = new Date()): Promise<ReviewPass> {
  const from = since ? new Date(new Date(since).getTime() - CURSOR_OVERLAP_MS) : new Date(now.getTime() - ABUSE_LOOKBACK_MS);
  const wallets = await sql<{ wallet: string; latest: Date }[]>(
    em,
    `select lower(buyer_address) as wallet, max(created_at) as latest from acp_jobs
      where created_at > ? group by lower(buyer_address) order by max(created_at) limit ?`,
    [from, WALLETS_PER_PASS],
  );
  let flagsRecorded = 0;
  for (const { wallet } of wallets) {
    const flaggedAt = await lastFlaggedAt(em, wallet);
    const after = new Date(Math.max(now.getTime() - ABUSE_LOOKBACK_MS, flaggedAt?.getTime() ?? 0));
    const jobs = await sql<(Omit<TrafficJob, 'usdc_amount' | 'created_at'> & { usdc_amount: string; created_at: Date })[]>(
      em,
      `select * from (select id, service_id, usdc_amount, payload, created_at from acp_jobs
        where lower(buyer_address) = ? and created_at > ? order by created_at desc limit ?) j order by created_at`,
      [wallet, after, JOBS_PER_WALLET],
    );
    const traffic: TrafficJob[] = jobs.map((j) => ({ ...j, usdc_amount: Number(j.usdc_amount), created_at: new Date(j.created_at).toISOString() }));
    for (const finding of reviewWalletTraffic(traffic, now)) {
      if (await recordFlag(em, wallet, finding)) flagsRecorded++;
    }
  }
  const byIp = await reviewSourceIps(em, from, now);
  flagsRecorded += byIp.flagsRecorded;
  const latest = [...wallets.map((w) => new Date(w.latest)), ...(byIp.latest ? [byIp.latest] : [])].reduce<Date | null>((max, d) => (max === null || d > max ? d : max), null);
  return { cursor: (latest ?? (since ? new Date(since) : from)).toISOString(), walletsReviewed: wallets.length, ipsReviewed: byIp.ipsReviewed, flagsRecorded };
}
