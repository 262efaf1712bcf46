/**
 * Who may submit a job, decided before any payment moves: a wallet on the blocklist is refused at once
 * (403, and flagged, so that if it is ever delisted it must still post a bond); a flagged wallet that
 * has not posted its verification bond is refused with the bond's terms (402); a wallet whose bond was
 * forfeited is refused (403). A wallet under verification is admitted under the tighter per-wallet
 * limit, and its jobs run degraded. A wallet not yet flagged that submits from an IP address whose
 * wallets the abuse monitor flagged together (within its lookback) is flagged too and asked for the
 * same bond: rotating to a fresh address from the same place does not start over.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config';
import { AppError } from '../../../errors';
import type { WalletBlocklist } from '../abuse/blocklist';
import { recentFlagFromIp, recordFlag } from '../abuse/flags';
import { isGroupableAddress } from '../abuse/source-ip-review';
import { ABUSE_LOOKBACK_MS } from '../abuse/thresholds';
import { sql } from '../../../db/sql';
import type { AbuseMonitorClient } from '../abuse/abuse-monitor-client';
import { escrowRailFor, isRailOn } from '../escrow/escrow-rail';
import { bondAmountUsdc, bondDescription } from './bond-terms';
import { findWalletStanding, type WalletStanding } from './wallet-standing';

export interface Admission {
  standing: WalletStanding | undefined;
  /** The per-wallet limit that applies to this wallet now. */
  perMinute: number;
}

export class WalletGate {
  constructor(
    private readonly blocklist: WalletBlocklist,
    private readonly monitor: AbuseMonitorClient,
    private readonly config: AppConfig,
  ) {}

  async admit(em: EntityManager, wallet: string, sourceIp: string | null = null): Promise<Admission> {
    const listed = await this.blocklist.lookup(wallet);
    if (listed) {
      const flag = await recordFlag(
        em,
        wallet,
        { rule: 'blacklisted_wallet', pattern: 'blocklist', summary: `Wallet is on the blocklist${listed.reason ? `: ${listed.reason}` : ''}`, job_ids: [], evidence: { entry: listed.address, reason: listed.reason, line: listed.line } },
        [listed.address.toLowerCase(), listed.reason ?? ''],
      );
      if (flag) void this.monitor.trafficRecorded();
      throw new AppError(403, 'wallet_blocked', `The wallet ${wallet} is on our blocklist${listed.reason ? ` (${listed.reason})` : ''}; no job is accepted from it. Nothing was executed or charged.`);
    }
    const standing = await findWalletStanding(em, wallet);
    if (standing?.status === 'forfeited') {
      throw new AppError(403, 'wallet_forfeited', `The wallet ${wallet} forfeited its verification bond on confirmed abuse; no job is accepted from it. See GET /acp/wallets/${wallet}.`);
    }
    if (standing?.status === 'bond_required') throw this.bondRequired(wallet, standing);
    if (sourceIp && isGroupableAddress(sourceIp) && (!standing || standing.status === 'clear')) await this.refuseFromFlaggedIp(em, wallet, sourceIp);
    const perMinute = standing?.status === 'under_verification' ? this.config.acp.underVerificationPerMinute : this.config.acp.perWalletPerMinute;
    return { standing, perMinute };
  }

  /** A fresh wallet from a flagged address: flag it with the address's evidence and ask the group's bond now. */
  private async refuseFromFlaggedIp(em: EntityManager, wallet: string, sourceIp: string): Promise<void> {
    const groupFlag = await recentFlagFromIp(em, sourceIp, ABUSE_LOOKBACK_MS);
    if (!groupFlag) return;
    const flag = await recordFlag(
      em,
      wallet,
      {
        rule: groupFlag.rule,
        pattern: 'same_source_ip',
        summary: `A new wallet submitting from an IP address whose wallets were flagged together (${groupFlag.summary})`,
        job_ids: groupFlag.job_ids,
        evidence: { source_ip: sourceIp, flag_id: groupFlag.id, flagged_wallets: groupFlag.evidence.wallets ?? [groupFlag.address] },
      },
      ['same_source_ip', sourceIp, groupFlag.id],
      sourceIp,
    );
    if (flag) void this.monitor.trafficRecorded();
    const services = await sql<{ service_id: string }[]>(em, 'select distinct service_id from acp_jobs where id = any(?::uuid[])', [groupFlag.job_ids]);
    const bondUsdc = bondAmountUsdc(services.map((s) => s.service_id));
    throw this.bondRequired(wallet, { bond_usdc: bondUsdc }, `Wallets submitting from your IP address were flagged by the abuse monitor together (${groupFlag.rule}); a new wallet from the same address is held to the same verification bond.`);
  }

  private bondRequired(wallet: string, standing: Pick<WalletStanding, 'bond_usdc'>, why = `The abuse monitor flagged the wallet ${wallet}.`): AppError {
    const rail = escrowRailFor(this.config);
    const terms = isRailOn(rail)
      ? {
          bond_usdc: standing.bond_usdc,
          escrow_contract: rail.escrow,
          provider: rail.provider,
          evaluator: rail.evaluator,
          description: bondDescription(wallet),
          min_expiry_seconds: this.config.acp.bondCleanWindowSeconds + this.config.acp.bondExpiryMarginSeconds,
          post_to: `/acp/wallets/${wallet}/bond`,
        }
      : { bond_usdc: standing.bond_usdc, escrow: rail.off };
    return new AppError(
      402,
      'verification_bond_required',
      `${why} Before its next job the wallet ${wallet} must post a verification bond of ${standing.bond_usdc} USDC into ERC-8183 escrow: create a job on ${'escrow_contract' in terms ? terms.escrow_contract : 'our escrow contract'} with our provider and evaluator, description "${bondDescription(wallet)}", that budget, and an expiry at least ${Math.ceil((this.config.acp.bondCleanWindowSeconds + this.config.acp.bondExpiryMarginSeconds) / 86400)} days out; fund it; then POST its id to /acp/wallets/${wallet}/bond. Nothing was executed or charged.`,
      {},
      { bond: terms },
    );
  }
}
