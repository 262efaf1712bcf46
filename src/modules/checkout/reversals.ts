/**
 * Taking credits back when the provider reports a refund or a dispute on a paid checkout. A refund
 * takes back the share of the pack's credits that the refunded money bought (the provider reports the
 * cumulative amount refunded, so each report reverses only what earlier ones did not); a dispute takes
 * back whatever of the pack is not yet reversed. Credits already used cannot be taken back: the ledger
 * never goes below zero, so the row takes what the balance holds and its description says how many
 * were already used. Every report gets its row, even one that takes nothing (a pack used up before its
 * refund: a reversal of 0 credits naming the credits used), so finance sees every provider fact in the
 * ledger and the reconciliation matches it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { priceOf } from '../credits/pricing';
import { recordMovement, type BalanceChange } from '../credits/ledger';
import type { CheckoutSession } from './checkout-session.store';

export type ProviderReversal =
  | { kind: 'refund'; chargeId: string; paymentIntentId: string; amountRefundedCents: number }
  | { kind: 'dispute'; disputeId: string; paymentIntentId: string; amountCents: number };

/** `change`: the balance movement of a new reversal (it may cross a low-credit line). */
export type ReversalOutcome = { status: 'reversed' | 'already_reversed'; credits: number; shortfall: number; change?: BalanceChange };

/** Writes the reversal row for one provider report on `session` (a paid checkout), once. */
export async function reverseCheckout(em: EntityManager, session: CheckoutSession, report: ProviderReversal): Promise<ReversalOutcome> {
  return em.transactional(async (tx) => {
    const [balanceRow] = await sql<{ balance: number }[]>(tx, `select balance from credit_balances where account_id = ? for update`, [session.account_id]);
    const [done] = (await sql<{ credits: number; refunded_cents: number }[]>(
      tx,
      `select coalesce(-sum(amount), 0)::int as credits,
              coalesce(sum(amount_inc_gst_cents) filter (where idempotency_key like 'reversal:refund:%'), 0)::int as refunded_cents
         from credit_ledger where kind = 'reversal' and provider_session_id = ?`,
      [session.session_id],
    )) as [{ credits: number; refunded_cents: number }];
    const key = report.kind === 'refund' ? `reversal:refund:${report.chargeId}:${report.amountRefundedCents}` : `reversal:dispute:${report.disputeId}`;
    const [existing] = await sql<{ amount: number }[]>(tx, `select amount from credit_ledger where idempotency_key = ?`, [key]);
    if (existing) return { status: 'already_reversed', credits: -existing.amount, shortfall: 0 };

    const owed =
      report.kind === 'refund'
        ? Math.min(session.credits, Math.round((session.credits * report.amountRefundedCents) / session.amount_inc_gst_cents)) - done.credits
        : session.credits - done.credits;
    const money = report.kind === 'refund' ? Math.max(0, report.amountRefundedCents - done.refunded_cents) : report.amountCents;
    const taken = Math.min(Math.max(owed, 0), balanceRow?.balance ?? 0);
    const shortfall = Math.max(owed, 0) - taken;
    const what = report.kind === 'refund' ? `Refund ${report.chargeId}` : `Dispute ${report.disputeId}`;
    const why = shortfall ? ` (${shortfall} of the pack's ${session.credits} credits already used)` : owed <= 0 ? ' (nothing of the pack left to reverse)' : '';
    const recorded = await recordMovement(tx, {
      accountId: session.account_id,
      kind: 'reversal',
      amount: -taken,
      idempotencyKey: key,
      description: `${what} on checkout ${session.session_id}: ${taken} credits reversed${why}`,
      providerSessionId: session.session_id,
      providerPaymentId: report.paymentIntentId,
      packIndex: session.pack_index,
      price: priceOf(money),
    });
    return { status: 'reversed', credits: taken, shortfall, ...(recorded.status === 'recorded' ? { change: recorded.change } : {}) };
  });
}
