/**
 * Checkout sessions as we created them at the provider: what we asked it to charge (from the pricing
 * table) and what became of it. Only the `checkout-<session_id>` workflow settles a session.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';

export type CheckoutStatus = 'open' | 'paid' | 'expired' | 'failed';

export interface CheckoutSession {
  session_id: string;
  account_id: string;
  client_id: string;
  pack_index: number;
  credits: number;
  amount_inc_gst_cents: number;
  gst_cents: number;
  ex_gst_cents: number;
  currency: string;
  checkout_url: string;
  workflow_id: string;
  status: CheckoutStatus;
  payment_intent_id: string | null;
  invoice_number: number | null;
  expires_at: string;
  created_at: string;
  settled_at: string | null;
}

type Row = Omit<CheckoutSession, 'expires_at' | 'created_at' | 'settled_at' | 'invoice_number'> & {
  expires_at: Date | string;
  created_at: Date | string;
  settled_at: Date | string | null;
  invoice_number: string | number | null;
};

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const toSession = (r: Row): CheckoutSession => ({
  ...r,
  currency: r.currency.trim(),
  invoice_number: r.invoice_number === null ? null : Number(r.invoice_number),
  expires_at: iso(r.expires_at)!,
  created_at: iso(r.created_at)!,
  settled_at: iso(r.settled_at),
});

const COLUMNS = `session_id, account_id, client_id, pack_index, credits, amount_inc_gst_cents, gst_cents, ex_gst_cents, currency, checkout_url,
  workflow_id, status, payment_intent_id, invoice_number, expires_at, created_at, settled_at`;

export type NewCheckoutSession = Omit<CheckoutSession, 'status' | 'payment_intent_id' | 'invoice_number' | 'created_at' | 'settled_at'> & { requestKey: string | null };

/** Records a session the provider created; a retried request with the same key keeps the first. */
export async function insertCheckoutSession(em: EntityManager, s: NewCheckoutSession): Promise<CheckoutSession> {
  const [row] = await sql<Row[]>(
    em,
    `insert into checkout_sessions (session_id, account_id, client_id, pack_index, credits, amount_inc_gst_cents, gst_cents, ex_gst_cents, currency,
       checkout_url, workflow_id, request_key, expires_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (session_id) do update set session_id = excluded.session_id returning ${COLUMNS}`,
    [s.session_id, s.account_id, s.client_id, s.pack_index, s.credits, s.amount_inc_gst_cents, s.gst_cents, s.ex_gst_cents, s.currency,
      s.checkout_url, s.workflow_id, s.requestKey, s.expires_at],
  );
  return toSession(row!);
}

export async function findCheckoutSession(em: EntityManager, sessionId: string): Promise<CheckoutSession | undefined> {
  const [row] = await sql<Row[]>(em, `select ${COLUMNS} from checkout_sessions where session_id = ?`, [sessionId]);
  return row ? toSession(row) : undefined;
}

/** The session an earlier request with this Idempotency-Key created, if any. */
export async function findByRequestKey(em: EntityManager, accountId: string, requestKey: string): Promise<CheckoutSession | undefined> {
  const [row] = await sql<Row[]>(em, `select ${COLUMNS} from checkout_sessions where account_id = ? and request_key = ?`, [accountId, requestKey]);
  return row ? toSession(row) : undefined;
}

/** The session a payment intent paid for (refunds and disputes name the payment, not the session). */
export async function findByPaymentIntent(em: EntityManager, paymentIntentId: string): Promise<CheckoutSession | undefined> {
  const [row] = await sql<Row[]>(em, `select ${COLUMNS} from checkout_sessions where payment_intent_id = ?`, [paymentIntentId]);
  return row ? toSession(row) : undefined;
}

/**
 * Marks the session paid with the provider's payment id and amount, and gives it the next tax invoice
 * number, once. A session closed as expired by our own deadline is still paid when the provider says so.
 */
export async function markCheckoutPaid(em: EntityManager, sessionId: string, payment: { paymentIntentId: string | null; amountTotal: number | null }): Promise<void> {
  await sql(
    em,
    `update checkout_sessions set status = 'paid', payment_intent_id = coalesce(?, payment_intent_id), provider_amount_total = ?,
       invoice_number = coalesce(invoice_number, nextval('tax_invoice_number_seq')), settled_at = coalesce(settled_at, clock_timestamp())
     where session_id = ? and status <> 'paid'`,
    [payment.paymentIntentId, payment.amountTotal, sessionId],
  );
}

/** Closes an open session with no grant (expired, or its delayed payment failed). */
export async function closeCheckoutSession(em: EntityManager, sessionId: string, status: 'expired' | 'failed'): Promise<boolean> {
  const rows = await sql<{ session_id: string }[]>(
    em,
    `update checkout_sessions set status = ?, settled_at = clock_timestamp() where session_id = ? and status = 'open' returning session_id`,
    [status, sessionId],
  );
  return rows.length > 0;
}
