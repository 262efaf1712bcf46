/**
 * What a wallet sees of its standing (`GET /acp/wallets/{address}`) and how it posts its verification
 * bond (`POST /acp/wallets/{address}/bond`): the escrow job is checked on chain at once, for a clear
 * answer, then handed to the wallet's `bond-<wallet>` workflow, which checks it again and alone
 * changes the wallet's standing; the call waits briefly for that and answers the standing as it is.
 */
import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../../config';
import { AppError, ServiceUnavailableError } from '../../../errors';
import type { WalletBlocklist } from '../abuse/blocklist';
import { walletFlags } from '../abuse/flags';
import type { ChainClient } from '../chain/client';
import { checkBondDeposit } from './bond-deposit';
import { escrowRailFor, isRailOn } from '../escrow/escrow-rail';
import { bondDescription } from './bond-terms';
import { findWalletStanding, walletEvents, type WalletStanding } from './wallet-standing';
import { bondPostedSignal } from '../../../../workflows/definitions';

/** How long a bond post waits for the workflow to record its verdict before answering as things stand. */
const POST_WAIT_MS = 10_000;

export class BondService {
  constructor(
    private readonly temporal: Client,
    private readonly config: AppConfig,
    private readonly chain: ChainClient | undefined,
    private readonly blocklist: WalletBlocklist,
  ) {}

  async view(em: EntityManager, wallet: string) {
    const [standing, flags, events, listed] = await Promise.all([findWalletStanding(em, wallet), walletFlags(em, wallet), walletEvents(em, wallet), this.blocklist.lookup(wallet)]);
    return {
      address: wallet,
      status: standing?.status ?? 'clear',
      blocklisted: listed !== undefined,
      degraded: standing?.status === 'under_verification',
      per_wallet_limit_per_minute: standing?.status === 'under_verification' ? this.config.acp.underVerificationPerMinute : this.config.acp.perWalletPerMinute,
      bond: standing && standing.bond_usdc !== null ? bondView(standing, this.config) : null,
      workflow_id: standing?.workflow_id ?? null,
      flags: flags.map((f) => ({ id: f.id, rule: f.rule, pattern: f.pattern, summary: f.summary, job_ids: f.job_ids, evidence: f.evidence, created_at: f.created_at })),
      history: events,
    };
  }

  async postBond(em: EntityManager, wallet: string, escrowJobId: string) {
    const standing = await findWalletStanding(em, wallet);
    if (standing?.status !== 'bond_required') {
      throw new AppError(409, 'bond_not_required', `The wallet ${wallet} is ${standing?.status ?? 'clear'}: no verification bond is awaited from it.`);
    }
    const rail = escrowRailFor(this.config);
    if (!isRailOn(rail) || !this.chain) throw new ServiceUnavailableError(`${isRailOn(rail) ? 'No chain RPC is configured' : rail.off}; the bond cannot be checked.`);
    const windowEnds = Date.now() + (this.config.acp.bondCleanWindowSeconds + this.config.acp.bondExpiryMarginSeconds) * 1000;
    const check = await checkBondDeposit(em, this.chain, rail, { wallet, escrowJobId, bondUsdc: standing.bond_usdc ?? 0, mustLastUntil: new Date(windowEnds) });
    if (!check.ok) throw new AppError(402, 'bond_not_accepted', `Bond not accepted: ${check.reason}.`, {}, { bond: bondView(standing, this.config) });
    try {
      await this.temporal.workflow.getHandle(standing.workflow_id).signal(bondPostedSignal, { escrowJobId });
    } catch (err) {
      throw Object.assign(new ServiceUnavailableError('The bond is good on chain but could not be handed to its workflow just now; post it again shortly.'), { cause: err });
    }
    const deadline = Date.now() + POST_WAIT_MS;
    for (;;) {
      const now = await findWalletStanding(em.fork(), wallet);
      const refused = (await walletEvents(em.fork(), wallet, 1)).find((e) => e.event === 'bond_refused' && e.detail.escrow_job_id === escrowJobId);
      if (refused) throw new AppError(402, 'bond_not_accepted', `Bond not accepted: ${String(refused.detail.reason)}.`);
      if (now?.status !== 'bond_required' || Date.now() > deadline) return this.view(em.fork(), wallet);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

function bondView(standing: WalletStanding, config: AppConfig) {
  const rail = escrowRailFor(config);
  return {
    required_usdc: standing.bond_usdc,
    escrow_contract: standing.bond_escrow_contract ?? (isRailOn(rail) ? rail.escrow : null),
    escrow_job_id: standing.bond_escrow_job_id,
    provider: isRailOn(rail) ? rail.provider : null,
    evaluator: isRailOn(rail) ? rail.evaluator : null,
    description: bondDescription(standing.address),
    min_expiry_seconds: config.acp.bondCleanWindowSeconds + config.acp.bondExpiryMarginSeconds,
    posted_at: standing.bond_posted_at,
    clean_window_ends_at: standing.clean_window_ends_at,
    flagged_at: standing.flagged_at,
  };
}
