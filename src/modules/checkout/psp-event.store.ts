/**
 * Provider events whose signature verified, kept whole. The event id is the key: a redelivery is
 * counted and recognised, and an event is processed until `processed_at` says it was, so one whose
 * processing failed (Temporal down, say) is processed again when the provider retries it.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { sql } from '../../db/sql';

/** The checkout session and payment an event is about, where its object names them. */
export function eventSubjects(event: Stripe.Event): { sessionId: string | null; paymentIntentId: string | null } {
  const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
  const intent = typeof object.payment_intent === 'string' ? object.payment_intent : ((object.payment_intent as { id?: string } | null)?.id ?? null);
  return { sessionId: object.object === 'checkout.session' ? (object.id ?? null) : null, paymentIntentId: intent };
}

/** Stores the event (or counts a redelivery); answers whether it was already processed. */
export async function receivePspEvent(em: EntityManager, event: Stripe.Event): Promise<{ alreadyProcessed: boolean; deliveries: number }> {
  const { sessionId, paymentIntentId } = eventSubjects(event);
  const [row] = await sql<{ processed_at: Date | null; deliveries: number }[]>(
    em,
    `insert into psp_events (event_id, event_type, provider_created_at, session_id, payment_intent_id, payload)
     values (?, ?, to_timestamp(?), ?, ?, ?::jsonb)
     on conflict (event_id) do update set deliveries = psp_events.deliveries + 1
     returning processed_at, deliveries`,
    [event.id, event.type, event.created, sessionId, paymentIntentId, JSON.stringify(event)],
  );
  return { alreadyProcessed: row!.processed_at !== null, deliveries: row!.deliveries };
}

export async function markPspEventProcessed(em: EntityManager, eventId: string): Promise<void> {
  await sql(em, `update psp_events set processed_at = clock_timestamp() where event_id = ? and processed_at is null`, [eventId]);
}
