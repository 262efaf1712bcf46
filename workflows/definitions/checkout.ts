/** The checkout workflow's contract (`checkout-<session_id>`): its input, the provider events it is signalled, its state and result. */
import { defineQuery, defineSignal } from '@temporalio/workflow';

export interface CheckoutWorkflowInput {
  sessionId: string;
  accountId: string;
  packIndex: number;
  credits: number;
  /** How long to wait for the provider before closing the session as expired. */
  confirmWindowMs: number;
}

/** What the webhook passes on from a verified provider event about this session. */
export interface CheckoutProviderEvent {
  eventId: string;
  type: string;
  paymentStatus: string | null;
  paymentIntentId: string | null;
  amountTotal: number | null;
}

export type CheckoutState = 'waiting' | 'awaiting_delayed_payment' | 'paid' | 'expired' | 'failed';

export interface CheckoutResult {
  state: 'paid' | 'expired' | 'failed';
  /** The provider event that decided it (none when the window ran out). */
  eventId: string | null;
  ledgerEntryId: string | null;
  newlyGranted: boolean;
}

export const providerEventSignal = defineSignal<[CheckoutProviderEvent]>('providerEvent');

export const checkoutStateQuery = defineQuery<CheckoutState>('checkoutState');
