import { WorkflowNotFoundError } from '@temporalio/client';
/**
 * A webhook receiver that fails every way a real one does before it recovers: it reads the request and
 * never answers (the attempt times out), then resets the connection, then answers 500, then 200. A
 * batch's `batch.completed` event is delivered successfully exactly once, every attempt is recorded
 * with its failure, and each attempt carried the same event id and the same bytes, so a receiver that
 * did see a failed attempt can drop the repeat. Retry timings are shortened through config.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookDeliveryResult } from '../../workflows/definitions';
import { startFaultyReceiver, type FaultyReceiver } from '../helpers/fault-receiver';
import { jsonOf, type Json } from '../helpers/http';
import { eventually } from '../helpers/https-receiver';
import { createTestClient, tokenFor } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('a webhook receiver that times out, resets connections and answers 500 before it recovers', () => {
  let receiver: FaultyReceiver;
  let app: TestApp;
  let worker: TestWorker;

  beforeAll(async () => {
    receiver = await startFaultyReceiver();
    const config = testConfig({
      TEMPORAL_TASK_QUEUE: `webhook-faults-${randomUUID()}`,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_CA_BUNDLE_PATH: receiver.caPath,
      WEBHOOK_TIMEOUT_MS: '1500',
      WEBHOOK_INITIAL_BACKOFF_SECONDS: '0.2',
      WEBHOOK_MAX_BACKOFF_SECONDS: '1',
    });
    app = await startTestApp(config);
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await receiver?.close();
  });

  it('delivers the batch.completed event successfully exactly once, with every failed attempt recorded', async () => {
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise' });
    const token = await tokenFor(app.url, client);
    const auth = { Authorization: `Bearer ${token}` };
    receiver.script(['no-answer', 'reset', 500]);
    const res = await fetch(`${app.url}/v1/scans/batch`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entities: [{ entity_type: 'person', name: 'Hooked Person One' }, { entity_type: 'person', name: 'Hooked Person Two' }], webhook_url: receiver.url }),
    });
    expect(res.status).toBe(202);
    const { job_id: jobId } = await jsonOf(res);

    const eventId = await eventually(async () => {
      const list = await jsonOf(await fetch(`${app.url}/v1/webhooks/deliveries?job_id=${jobId}`, { headers: auth }));
      return (list.deliveries[0]?.event_id as string | undefined) ?? false;
    }, 60_000, 'the batch.completed event');
    // The delivery workflow ends once delivered: nothing can be sent after this.
    // The event is listed as soon as it is stored; its delivery workflow starts just after.
    const outcome = (await eventually(async () => {
      try {
        return await app.deps.temporal.client.workflow.getHandle(`webhook-${eventId}`).result();
      } catch (err) {
        if (err instanceof WorkflowNotFoundError) return false;
        throw err;
      }
    }, 60_000, 'the delivery workflow')) as WebhookDeliveryResult;
    expect(outcome).toEqual({ status: 'delivered', attempts: 4 });

    const attempts = await app.deps.orm.em.fork().getConnection().execute<{ attempt: number; outcome: string; status_code: number | null; error: string | null }[]>(
      'select attempt, outcome, status_code, error from webhook_attempts where event_id = ? order by attempt',
      [eventId],
    );
    expect(attempts).toEqual([
      { attempt: 1, outcome: 'retry', status_code: null, error: expect.stringMatching(/time/i) },
      { attempt: 2, outcome: 'retry', status_code: null, error: expect.stringMatching(/closed|reset|socket/i) },
      { attempt: 3, outcome: 'retry', status_code: 500, error: 'receiver answered 500' },
      { attempt: 4, outcome: 'delivered', status_code: 200, error: null },
    ]);
    const [event] = await app.deps.orm.em.fork().getConnection().execute<{ status: string; event_type: string }[]>('select status, event_type from webhook_events where id = ?', [eventId]);
    expect(event).toEqual({ status: 'delivered', event_type: 'batch.completed' });

    // The receiver's side: four arrivals of one event, the same bytes each time, one of them answered 2xx.
    const arrivals = receiver.received.filter((r) => JSON.parse(r.rawBody.toString()).data?.job_id === jobId);
    expect(arrivals.map((r) => r.answeredWith)).toEqual(['no-answer', 'reset', 500, 200]);
    expect(new Set(arrivals.map((r) => r.headers['x-service-event-id']))).toEqual(new Set([eventId]));
    expect(new Set(arrivals.map((r) => r.rawBody.toString())).size).toBe(1);

    const deliveries = (await jsonOf(await fetch(`${app.url}/v1/webhooks/deliveries?job_id=${jobId}`, { headers: auth }))).deliveries as Json[];
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ event_id: eventId, status: 'delivered' });
    expect(deliveries[0].attempts).toHaveLength(4);
  }, 90_000);
});
