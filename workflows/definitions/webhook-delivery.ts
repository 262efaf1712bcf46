/** The webhook delivery workflow's contract (`webhook-<event_id>`): the event and the retry policy in, the outcome out. */

/** Durable backoff of a delivery: doubling from the initial wait to the maximum, given up after the window. */
export interface WebhookPolicy {
  initialBackoffSeconds: number;
  maxBackoffSeconds: number;
  giveUpAfterHours: number;
}

export interface WebhookDeliveryInput {
  eventId: string;
  policy: WebhookPolicy;
}

export interface WebhookDeliveryResult {
  status: 'delivered' | 'failed';
  attempts: number;
}
