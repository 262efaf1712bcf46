/**
 * The provider's facts as the webhook events we stored tell them (`psp_events`, each verified when it
 * arrived): paid sessions, refunds and disputes, each with the checkout it is about. The reconciliation
 * joins them with the provider's own records (provider-records.ts), which also hold what never reached us.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { ProviderFact } from './movements';

interface Window {
  start: Date;
  end: Date;
}

export interface EventRow {
  event_id: string;
  event_type: string;
  provider_created_at: Date | string;
  object: Record<string, unknown>;
  session_account_id: string | null;
  session_id: string | null;
  invoice_number: string | number | null;
  previously_refunded: string | number | null;
}

const idOf = (value: unknown): string | null => (typeof value === 'string' ? value : typeof (value as { id?: unknown } | null)?.id === 'string' ? (value as { id: string }).id : null);
const centsOf = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);
const textOf = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** One provider event as a fact, or null for an event that reports no money moving (an unpaid completion). */
export function factFromEvent(row: EventRow): ProviderFact | null {
  const o = row.object;
  const created_at = new Date(row.provider_created_at).toISOString();
  const invoice_number = row.invoice_number === null ? null : Number(row.invoice_number);
  const metadata = (o.metadata ?? {}) as Record<string, unknown>;
  const account_id = row.session_account_id ?? textOf(o.client_reference_id) ?? textOf(metadata.account_id);
  const currency = textOf(o.currency);
  const payment_intent_id = idOf(o.payment_intent);
  switch (row.event_type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      if (row.event_type === 'checkout.session.completed' && o.payment_status !== 'paid') return null;
      return { kind: 'paid_session', event_id: row.event_id, created_at, account_id, session_id: String(o.id), payment_intent_id, amount_cents: centsOf(o.amount_total), currency, invoice_number };
    case 'charge.refunded':
      return {
        kind: 'refund',
        event_id: row.event_id,
        created_at,
        account_id,
        charge_id: String(o.id),
        payment_intent_id,
        amount_refunded_cents: centsOf(o.amount_refunded) ?? 0,
        previously_refunded_cents: row.previously_refunded === null ? 0 : Number(row.previously_refunded),
        currency,
        session_id: row.session_id,
        invoice_number,
      };
    case 'charge.dispute.created':
      return {
        kind: 'dispute',
        event_id: row.event_id,
        created_at,
        account_id,
        dispute_id: String(o.id),
        charge_id: idOf(o.charge),
        payment_intent_id,
        amount_cents: centsOf(o.amount) ?? 0,
        currency,
        session_id: row.session_id,
        invoice_number,
      };
    default:
      return null;
  }
}

/**
 * The provider's facts of the window: paid sessions, refunds and disputes, each with the checkout it is
 * about (our session, found by id or by payment intent) for its account and invoice number. A refund
 * comes with the charge's previous cumulative refund, whenever that was reported, so its own money is
 * known.
 */
export async function providerFacts(em: EntityManager, window: Window, accountId?: string): Promise<ProviderFact[]> {
  const rows = await sql<EventRow[]>(
    em,
    `with ev as (
       select e.event_id, e.event_type, e.provider_created_at, e.payload -> 'data' -> 'object' as object,
              coalesce(e.payment_intent_id, e.payload -> 'data' -> 'object' ->> 'payment_intent') as intent
         from psp_events e
        where e.provider_created_at >= ? and e.provider_created_at < ?
          and e.event_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded', 'charge.refunded', 'charge.dispute.created')
     )
     select ev.event_id, ev.event_type, ev.provider_created_at, ev.object, cs.account_id as session_account_id, cs.session_id, cs.invoice_number,
            case when ev.event_type = 'charge.refunded' then (
              select max((p.payload -> 'data' -> 'object' ->> 'amount_refunded')::bigint) from psp_events p
               where p.event_type = 'charge.refunded' and p.payload -> 'data' -> 'object' ->> 'id' = ev.object ->> 'id'
                 and (p.payload -> 'data' -> 'object' ->> 'amount_refunded')::bigint < (ev.object ->> 'amount_refunded')::bigint
            ) end as previously_refunded
       from ev
       left join lateral (
         select s.account_id::text as account_id, s.session_id, s.invoice_number from checkout_sessions s
          where (ev.event_type like 'checkout.session.%' and s.session_id = ev.object ->> 'id')
             or (ev.event_type like 'charge.%' and ev.intent is not null and s.payment_intent_id = ev.intent)
          limit 1
       ) cs on true
      order by ev.provider_created_at, ev.event_id`,
    [window.start, window.end],
  );
  const facts = rows.map(factFromEvent).filter((fact): fact is ProviderFact => fact !== null);
  return accountId ? facts.filter((fact) => fact.account_id === accountId) : facts;
}
