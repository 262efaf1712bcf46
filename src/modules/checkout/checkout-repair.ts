/**
 * Repairing a paid checkout whose confirmation never reached us (the webhook was never delivered, or
 * was lost before we kept it): the provider's own record of the session is read with the SDK, and if
 * it says paid, the payment is passed to the session's `checkout-<session_id>` workflow exactly as the
 * webhook would have passed it (signal-with-start), so the grant is the workflow's, under the same
 * ledger key (`grant:checkout:<session>`): a repair run twice, or a webhook that arrives after all,
 * grants once.
 */
import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import { sql } from '../../db/sql';
import type { LedgerEntry } from '../credits/ledger';
import { findCheckoutSession } from './checkout-session.store';
import { signalCheckoutWorkflow } from './checkout-workflow';
import type { Psp } from './psp-client';

/** The repair cannot be made (not our session, not paid at the provider, amounts disagree); nothing changed. */
export class RepairRefusedError extends Error {
  override name = 'RepairRefusedError';
}

export type RepairOutcome = { status: 'already_granted'; entry: Pick<LedgerEntry, 'entry_id' | 'amount' | 'created_at'> } | { status: 'granted'; entry: Pick<LedgerEntry, 'entry_id' | 'amount' | 'created_at'> } | { status: 'signalled' };

const PAID = new Set(['paid', 'no_payment_required']);

async function grantOf(em: EntityManager, sessionId: string) {
  const [row] = await sql<{ entry_id: string; amount: number; created_at: Date | string }[]>(
    em,
    `select id as entry_id, amount, created_at from credit_ledger where idempotency_key = ?`,
    [`grant:checkout:${sessionId}`],
  );
  return row ? { entry_id: row.entry_id, amount: row.amount, created_at: new Date(row.created_at).toISOString() } : undefined;
}

/**
 * Grants `sessionId` if the provider says it is paid and it has no grant yet; waits up to `waitMs` for
 * the workflow's grant (answers `signalled` if it has not landed by then: no worker running, say).
 */
export async function repairCheckout(
  deps: { em: () => EntityManager; psp: Psp; temporal: Client; config: AppConfig },
  sessionId: string,
  waitMs = 60_000,
): Promise<RepairOutcome> {
  const session = await findCheckoutSession(deps.em(), sessionId);
  if (!session) throw new RepairRefusedError(`no checkout session ${sessionId} was created by this service: nothing granted`);
  const granted = await grantOf(deps.em(), sessionId);
  if (granted) return { status: 'already_granted', entry: granted };

  let provider;
  try {
    provider = await deps.psp.checkout.sessions.retrieve(sessionId);
  } catch (err) {
    throw new Error(`the payment provider could not be asked about ${sessionId}: ${(err as Error).message}; nothing granted`, { cause: err });
  }
  if (!PAID.has(provider.payment_status)) throw new RepairRefusedError(`the payment provider says ${sessionId} is ${provider.payment_status} (status ${provider.status}): nothing granted`);
  if (provider.amount_total !== null && provider.amount_total !== session.amount_inc_gst_cents) {
    throw new RepairRefusedError(`the payment provider charged ${provider.amount_total} cents for ${sessionId}, not the pack's ${session.amount_inc_gst_cents}: nothing granted; look into it with the provider`);
  }
  const paymentIntentId = typeof provider.payment_intent === 'string' ? provider.payment_intent : (provider.payment_intent?.id ?? null);
  await signalCheckoutWorkflow(deps.temporal, deps.config, session, {
    eventId: `repair:${sessionId}`,
    type: 'checkout.session.completed',
    paymentStatus: provider.payment_status,
    paymentIntentId,
    amountTotal: provider.amount_total,
  });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const entry = await grantOf(deps.em(), sessionId);
    if (entry) return { status: 'granted', entry };
    if (Date.now() >= deadline) return { status: 'signalled' };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
