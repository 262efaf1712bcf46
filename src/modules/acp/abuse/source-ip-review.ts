/**
 * The abuse monitor's second view of the traffic: every wallet seen from one IP address, reviewed as if
 * they were one wallet. A script that rotates fresh addresses spreads its run over many wallets, each of
 * which looks harmless alone; together their jobs show the same structuring or enumeration. A finding
 * that spans two or more wallets flags each of them (with the address, every wallet and the jobs as
 * evidence), so each must post a bond, and the wallet gate asks a bond of any new wallet from that
 * address while the flag is recent.
 *
 * Only globally routable addresses are grouped. A loopback, private or otherwise reserved address as
 * the client's is a reverse proxy or a local network in front of many unrelated clients (set
 * TRUST_PROXY behind a proxy, so the client's own address is seen), and bonding all of them together
 * would punish strangers for each other.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import ipaddr from 'ipaddr.js';
import { sql } from '../../../db/sql';
import { lastFlaggedIpAt, recordFlag } from './flags';
import { reviewWalletTraffic, type TrafficJob } from './rules';
import { ABUSE_LOOKBACK_MS } from './thresholds';

/** Jobs per address per pass: beyond this the address is far past every rule's run length anyway. */
const JOBS_PER_IP = 2_000;
const IPS_PER_PASS = 1_000;

type IpJob = TrafficJob & { buyer: string };

/** Whether wallets seen from `address` may be judged together: a globally routable unicast address. */
export function isGroupableAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Reviews the addresses with jobs after `from`; returns how many flags were recorded and the latest job time seen. */
export async function reviewSourceIps(em: EntityManager, from: Date, now: Date): Promise<{ ipsReviewed: number; flagsRecorded: number; latest: Date | null }> {
  const ips = await sql<{ source_ip: string; latest: Date }[]>(
    em,
    `select source_ip, max(created_at) as latest from acp_jobs
      where created_at > ? and source_ip is not null group by source_ip order by max(created_at) limit ?`,
    [from, IPS_PER_PASS],
  );
  let flagsRecorded = 0;
  for (const { source_ip: ip } of ips) {
    if (!isGroupableAddress(ip)) continue;
    const flaggedAt = await lastFlaggedIpAt(em, ip);
    const after = new Date(Math.max(now.getTime() - ABUSE_LOOKBACK_MS, flaggedAt?.getTime() ?? 0));
    const rows = await sql<(Omit<IpJob, 'usdc_amount' | 'created_at'> & { usdc_amount: string; created_at: Date })[]>(
      em,
      `select * from (select id, service_id, usdc_amount, payload, created_at, lower(buyer_address) as buyer from acp_jobs
        where source_ip = ? and created_at > ? order by created_at desc limit ?) j order by created_at`,
      [ip, after, JOBS_PER_IP],
    );
    const jobs: IpJob[] = rows.map((j) => ({ ...j, usdc_amount: Number(j.usdc_amount), created_at: new Date(j.created_at).toISOString() }));
    const buyerOf = new Map(jobs.map((j) => [j.id, j.buyer]));
    if (new Set(buyerOf.values()).size < 2) continue; // one wallet: the per-wallet review sees it all
    for (const finding of reviewWalletTraffic(jobs, now)) {
      const wallets = [...new Set(finding.job_ids.map((id) => buyerOf.get(id)!))].sort();
      if (wallets.length < 2) continue; // within one wallet: the per-wallet review records it
      const grouped = {
        ...finding,
        summary: `${finding.summary}, spread over ${wallets.length} wallets submitting from one IP address`,
        evidence: { ...finding.evidence, source_ip: ip, wallets },
      };
      for (const wallet of wallets) {
        if (await recordFlag(em, wallet, grouped, ['source_ip', ip, ...[...finding.job_ids].sort()], ip)) flagsRecorded++;
      }
    }
  }
  const latest = ips.reduce<Date | null>((max, r) => (max === null || r.latest > max ? new Date(r.latest) : max), null);
  return { ipsReviewed: ips.length, flagsRecorded, latest };
}
