/**
 * The free tier of agent jobs (spec: "the first 5 jobs are free on the test network"). It exists only
 * where the service is configured for a test network: a mainnet deployment has none. A wallet costs
 * nothing to make, so the per-wallet allowance alone would give unlimited free work to anyone rotating
 * fresh addresses; free jobs are therefore also capped per source IP address and in total, each over
 * the last 24 hours (ACP_FREE_JOBS_PER_IP_PER_DAY, ACP_FREE_JOBS_PER_DAY). The per-IP cap counts by
 * address group, as the token limits do (src/modules/rate-limits/address-group.ts): an IPv6 host holds a
 * whole /64, so its addresses share one cap, while each IPv4 address has its own. The group is computed in
 * SQL (`acp_address_group`, migration x402-payment-identifiers) from the exact `source_ip` the abuse review
 * reads. The counts and the insert run under one transaction-scoped advisory lock, so concurrent requests
 * cannot overrun a cap.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import { sql } from '../../db/sql';
import { insertAcpJob, type AcpJob, type NewAcpJob } from './acp-job.store';
import { isTestNetwork } from './chain/client';

/** pg_advisory_xact_lock key of free-slot allocation (an arbitrary constant: "acp free"). */
const FREE_TIER_LOCK = 0x0ac9f3ee;

export type FreeSlot = { ok: true; job: AcpJob } | { ok: false; reason: string };

/** Why the deployment offers no free jobs at all, or undefined when it does. */
export function freeTierClosed(config: AppConfig): string | undefined {
  if (!isTestNetwork(config.acp.chainId)) return `This service runs on a main network (chain id ${config.acp.chainId}), where no job is free.`;
  if (config.acp.freeJobsPerWallet === 0) return 'This deployment offers no free jobs.';
  return undefined;
}

/**
 * Records `base` as the wallet's next free job, or says which allowance is spent: the wallet's, the
 * source IP's for the day, or the service's for the day.
 */
export async function takeFreeSlot(em: EntityManager, config: AppConfig, base: Omit<NewAcpJob, 'payment_kind' | 'free_job_number' | 'payment_tx_hash'>): Promise<FreeSlot> {
  const sourceIp = base.source_ip ?? null;
  const closed = freeTierClosed(config);
  if (closed) return { ok: false, reason: closed };
  const { freeJobsPerWallet, freeJobsPerIpPerDay, freeJobsPerDay } = config.acp;
  return em.transactional(async (tx) => {
    await sql(tx, 'select pg_advisory_xact_lock(?)', [FREE_TIER_LOCK]);
    const [counts] = await sql<{ wallet: number; ip: number; total: number }[]>(
      tx,
      `select count(*) filter (where buyer_address = ? and chain = ?)::int as wallet,
              count(*) filter (where acp_address_group(source_ip) = acp_address_group(?) and created_at > now() - interval '1 day')::int as ip,
              count(*) filter (where created_at > now() - interval '1 day')::int as total
         from acp_jobs where payment_kind = 'free' and (buyer_address = ? or created_at > now() - interval '1 day')`,
      [base.buyer_address, base.chain, sourceIp, base.buyer_address],
    );
    const { wallet, ip, total } = counts!;
    if (wallet >= freeJobsPerWallet) return { ok: false, reason: `This wallet has used its ${freeJobsPerWallet} free jobs on the test network.` };
    if (sourceIp !== null && ip >= freeJobsPerIpPerDay) return { ok: false, reason: `The ${freeJobsPerIpPerDay} free jobs a day allowed from one IP address are used up (the free tier is capped per source address, an IPv6 /64 counting as one, whatever the wallet).` };
    if (total >= freeJobsPerDay) return { ok: false, reason: `Today's ${freeJobsPerDay} free jobs are all taken; free jobs open again as the day's ones age past 24 hours.` };
    const job = await insertAcpJob(tx as EntityManager, { ...base, payment_kind: 'free', free_job_number: wallet + 1, payment_tx_hash: null });
    return { ok: true, job };
  });
}
