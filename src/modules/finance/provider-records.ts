/**
 * The payment provider's own records of a reconciliation window, read with the official SDK (every list
 * paged through to its end): Checkout Sessions, charges, refunds and disputes, turned into the same
 * facts the stored webhook events give (movements.ts). This is what makes a payment whose webhook never
 * reached us visible: it is in the provider's records and nowhere in ours.
 *
 * Only what is ours is kept: a session we created (in `checkout_sessions`) or one carrying our
 * checkout's metadata (account and pack), and the refunds and disputes of those sessions' payments.
 * Anything else on the provider account (other products) is counted and left out.
 *
 * A refund's ledger key is the charge's cumulative amount refunded after it (what `charge.refunded`
 * reports), so each refund is placed among all the refunds of its charge, whenever they were made.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { sql } from '../../db/sql';
import type { Psp } from '../checkout/psp-client';
import type { ProviderFact } from './movements';

/** Objects per page asked of the provider (its maximum is 100). */
export const PROVIDER_PAGE_SIZE = 100;

interface Window {
  start: Date;
  end: Date;
}

interface OurSession {
  session_id: string;
  account_id: string;
  payment_intent_id: string | null;
  invoice_number: number | null;
}

export interface ProviderRecords {
  facts: ProviderFact[];
  /** Objects read from the provider, and those left out as not ours. */
  read: number;
  notOurs: number;
}

const idOf = (value: unknown): string | null => (typeof value === 'string' ? value : ((value as { id?: string } | null)?.id ?? null));
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const PAID = new Set(['paid', 'no_payment_required']);
const COUNTED_REFUND = new Set(['succeeded', 'pending', 'requires_action']);

async function ourSessions(em: EntityManager, by: { sessionIds: string[]; intents: string[] }): Promise<OurSession[]> {
  if (by.sessionIds.length === 0 && by.intents.length === 0) return [];
  const rows = await sql<(Omit<OurSession, 'invoice_number'> & { invoice_number: string | number | null })[]>(
    em,
    `select session_id, account_id::text as account_id, payment_intent_id, invoice_number from checkout_sessions
      where session_id = any(?::text[]) or payment_intent_id = any(?::text[])`,
    [by.sessionIds, by.intents],
  );
  return rows.map((r) => ({ ...r, invoice_number: r.invoice_number === null ? null : Number(r.invoice_number) }));
}

/** Our stored events, by what they are about, to name the event (if any) that told us of each fact. */
async function storedEventIds(em: EntityManager, window: Window): Promise<Map<string, string>> {
  const rows = await sql<{ event_id: string; event_type: string; object_id: string; amount_refunded: string | null }[]>(
    em,
    `select event_id, event_type, payload -> 'data' -> 'object' ->> 'id' as object_id, payload -> 'data' -> 'object' ->> 'amount_refunded' as amount_refunded
       from psp_events where provider_created_at >= ? and provider_created_at < ?
        and event_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded', 'charge.refunded', 'charge.dispute.created')
      order by provider_created_at, event_id`,
    [window.start, window.end],
  );
  const ids = new Map<string, string>();
  for (const r of rows) {
    const key = r.event_type === 'charge.refunded' ? `refund:${r.object_id}:${r.amount_refunded}` : r.event_type === 'charge.dispute.created' ? `dispute:${r.object_id}` : `session:${r.object_id}`;
    if (!ids.has(key)) ids.set(key, r.event_id);
  }
  return ids;
}

/**
 * Reads the window's records from the provider and answers the facts that are ours. `pageSize` is the
 * provider's `limit` per page (tests make it small to exercise the paging).
 */
export async function readProviderRecords(psp: Psp, em: EntityManager, window: Window, pageSize = PROVIDER_PAGE_SIZE): Promise<ProviderRecords> {
  const created = { gte: Math.floor(window.start.getTime() / 1000), lt: Math.floor(window.end.getTime() / 1000) };
  const sessions: Stripe.Checkout.Session[] = [];
  for await (const s of psp.checkout.sessions.list({ created, limit: pageSize })) sessions.push(s);
  const charges: Stripe.Charge[] = [];
  for await (const c of psp.charges.list({ created, limit: pageSize })) charges.push(c);
  const refunds: Stripe.Refund[] = [];
  for await (const r of psp.refunds.list({ created, limit: pageSize })) refunds.push(r);
  const disputes: Stripe.Dispute[] = [];
  for await (const d of psp.disputes.list({ created, limit: pageSize })) disputes.push(d);
  const read = sessions.length + charges.length + refunds.length + disputes.length;

  const intentOfCharge = new Map(charges.map((c) => [c.id, idOf(c.payment_intent)]));
  const intentOf = (o: { payment_intent?: unknown; charge?: unknown }) => idOf(o.payment_intent) ?? intentOfCharge.get(idOf(o.charge) ?? '') ?? null;
  const ours = await ourSessions(em, {
    sessionIds: sessions.map((s) => s.id),
    intents: [...sessions.map((s) => idOf(s.payment_intent)), ...refunds.map(intentOf), ...disputes.map(intentOf)].filter((x): x is string => x !== null),
  });
  const bySession = new Map(ours.map((s) => [s.session_id, s]));
  const byIntent = new Map(ours.filter((s) => s.payment_intent_id).map((s) => [s.payment_intent_id!, s]));
  const events = await storedEventIds(em, window);
  const facts: ProviderFact[] = [];
  let notOurs = 0;

  for (const s of sessions) {
    const metadata = s.metadata ?? {};
    const our = bySession.get(s.id);
    const account = our?.account_id ?? (metadata.account_id && metadata.pack_index !== undefined ? metadata.account_id : null);
    if (!account) {
      notOurs++;
      continue;
    }
    const intent = idOf(s.payment_intent);
    // A paid session of ours that we never matched still names its payment: its refunds are ours too.
    if (intent && !byIntent.has(intent)) byIntent.set(intent, { session_id: s.id, account_id: account, payment_intent_id: intent, invoice_number: our?.invoice_number ?? null });
    if (!PAID.has(s.payment_status)) continue;
    facts.push({
      kind: 'paid_session',
      event_id: events.get(`session:${s.id}`) ?? null,
      created_at: iso(s.created),
      account_id: account,
      session_id: s.id,
      payment_intent_id: intent,
      amount_cents: s.amount_total,
      currency: s.currency,
      invoice_number: our?.invoice_number ?? null,
    });
  }

  // Each charge's refunds in order, all of them (also those before the window), for the cumulative amounts.
  const refundsOfCharge = new Map<string, Stripe.Refund[]>();
  for (const r of refunds) {
    const charge = idOf(r.charge);
    const our = byIntent.get(intentOf(r) ?? '');
    if (!charge || !our) {
      notOurs++;
      continue;
    }
    if (refundsOfCharge.has(charge)) continue;
    const all: Stripe.Refund[] = [];
    for await (const each of psp.refunds.list({ charge, limit: pageSize })) all.push(each);
    refundsOfCharge.set(charge, all.filter((x) => COUNTED_REFUND.has(x.status ?? '')).sort((a, b) => a.created - b.created || a.id.localeCompare(b.id)));
  }
  for (const [charge, all] of refundsOfCharge) {
    let cumulative = 0;
    for (const r of all) {
      const previously = cumulative;
      cumulative += r.amount;
      if (r.created < created.gte || r.created >= created.lt) continue;
      const our = byIntent.get(intentOf(r) ?? '')!;
      facts.push({
        kind: 'refund',
        event_id: events.get(`refund:${charge}:${cumulative}`) ?? null,
        created_at: iso(r.created),
        account_id: our.account_id,
        charge_id: charge,
        payment_intent_id: our.payment_intent_id,
        amount_refunded_cents: cumulative,
        previously_refunded_cents: previously,
        currency: r.currency,
        session_id: our.session_id,
        invoice_number: our.invoice_number,
      });
    }
  }

  for (const d of disputes) {
    const our = byIntent.get(intentOf(d) ?? '');
    if (!our) {
      notOurs++;
      continue;
    }
    facts.push({
      kind: 'dispute',
      event_id: events.get(`dispute:${d.id}`) ?? null,
      created_at: iso(d.created),
      account_id: our.account_id,
      dispute_id: d.id,
      charge_id: idOf(d.charge),
      payment_intent_id: our.payment_intent_id,
      amount_cents: d.amount,
      currency: d.currency,
      session_id: our.session_id,
      invoice_number: our.invoice_number,
    });
  }
  return { facts, read, notOurs };
}
