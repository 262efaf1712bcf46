import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../src/modules/webhooks/signature';
import { refreshInput, sweepSettings } from '../../src/temporal/workflow-inputs';
import { monitoringSweepWorkflow } from '../../workflows/monitoring-sweep';
import { watchlistRefreshWorkflow } from '../../workflows/watchlist-refresh';
import { jsonOf, type Json } from '../helpers/http';
import { eventually, startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { writeSimpleCsv } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('ongoing monitoring', () => {
  const config = testConfig({ TEMPORAL_TASK_QUEUE: `monitoring-${randomUUID()}`, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  const source = `opensanctions:mon_${randomUUID().slice(0, 8)}`;
  const watchedName = 'Yevgeny Arkadyevich Tumanovsky';
  let receiver: HttpsReceiver;
  let app: TestApp;
  let worker: TestWorker;
  let connection: Connection;
  let temporal: Client;
  let client: TestClient;
  let token: string;
  const api = (method: string, path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const refresh = (file: string) =>
    temporal.workflow.execute(watchlistRefreshWorkflow, { taskQueue: config.temporal.taskQueue, workflowId: `pipeline-${source}-${randomUUID()}`, args: [refreshInput(config, { source, file })] });
  const alertsFor = (enrolmentId: string) => receiver.received.filter((r) => JSON.parse(r.rawBody.toString()).data?.enrolment_id === enrolmentId);

  beforeAll(async () => {
    receiver = await startHttpsReceiver();
    const withCa = { ...config, webhooks: { ...config.webhooks, caBundlePath: receiver.caPath } };
    app = await startTestApp(withCa);
    worker = await startTestWorker(withCa);
    connection = await Connection.connect({ address: config.temporal.address });
    temporal = new Client({ connection, namespace: config.temporal.namespace });
    client = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
    await refresh(writeSimpleCsv([{ id: 'T-1', schema: 'Person', name: 'Someone Entirely Different' }]));
    await app.deps.screening.index.rebuild();
  });
  afterAll(async () => {
    await connection?.close();
    await worker?.stop();
    await app?.close();
    await receiver?.close();
  });

  it('enrols, lists, refuses duplicates, and alerts with a signed monitoring.alert when a new list version adds the name', async () => {
    const scan = await jsonOf(await api('POST', '/v1/scans/full', { entity_type: 'person', name: watchedName, dob: '1961-07-04' }));
    expect(scan.scan_result.match_count).toBe(0);
    const enrolRes = await api('POST', '/v1/monitoring', { scan_id: scan.scan_id, entity_name: watchedName, entity_type: 'person', webhook_url: receiver.url });
    expect(enrolRes.status).toBe(201);
    const enrolment = await jsonOf(enrolRes);
    expect(enrolment).toMatchObject({ scan_id: scan.scan_id, account_id: client.accountId, active: true, entity_name: watchedName });
    const again = await api('POST', '/v1/monitoring', { scan_id: scan.scan_id, entity_name: watchedName, entity_type: 'person' });
    expect(again.status).toBe(200);
    expect((await jsonOf(again)).enrolment_id).toBe(enrolment.enrolment_id);
    const listed = await jsonOf(await api('GET', '/v1/monitoring'));
    expect(listed.map((e: Json) => e.enrolment_id)).toContain(enrolment.enrolment_id);

    const v2 = writeSimpleCsv([
      { id: 'T-1', schema: 'Person', name: 'Someone Entirely Different' },
      { id: 'T-2', schema: 'Person', name: 'TUMANOVSKY Yevgeny Arkadyevich', birthDate: '1961-07-04', countries: 'ru' },
    ]);
    const outcome = await refresh(v2);
    expect(outcome.outcome).toBe('created');
    expect(outcome.sweep).toBe(`sweep-${source}-v2`);

    const alert = await eventually(async () => alertsFor(enrolment.enrolment_id)[0], 30_000, 'the monitoring alert');
    expect(verifyWebhookSignature(alert.rawBody, alert.headers['x-service-signature'] as string, client.webhookSecret)).toBe(true);
    const body = JSON.parse(alert.rawBody.toString());
    expect(body.event).toBe('monitoring.alert');
    expect(body.data).toMatchObject({ enrolment_id: enrolment.enrolment_id, previous_scan_id: scan.scan_id, entity_name: watchedName, entity_type: 'person' });
    expect(body.data.scan_id).not.toBe(scan.scan_id);
    expect(body.data.new_matches.map((m: Json) => m.listed_entity_id)).toEqual([`${source}:T-2`]);
    expect(body.data.list_versions).toEqual(expect.arrayContaining([expect.objectContaining({ source, version: 2 })]));
    const newScan = await jsonOf(await api('GET', `/v1/scans/${body.data.scan_id}`));
    expect(newScan.scan_result.matches.map((m: Json) => m.listed_entity_id)).toContain(`${source}:T-2`);

    // The same file again: no new version, no sweep, nothing sent.
    const unchanged = await refresh(v2);
    expect(unchanged.outcome).toBe('unchanged');
    await new Promise((r) => setTimeout(r, 2_000));
    expect(alertsFor(enrolment.enrolment_id)).toHaveLength(1);

    const stored = await jsonOf(await api('GET', `/v1/monitoring/alerts?enrolment_id=${enrolment.enrolment_id}`));
    expect(stored.alerts).toHaveLength(1);
    expect(stored.alerts[0]).toMatchObject({ scan_id: body.data.scan_id, previous_scan_id: scan.scan_id, removed_matches: [] });
  });

  it('raises nothing when a matched entity is delisted; a scheduled sweep records the removal, without a webhook', async () => {
    const scan = await jsonOf(await api('POST', '/v1/scans/full', { entity_type: 'person', name: 'Someone Entirely Different' }));
    expect(scan.scan_result.match_count).toBeGreaterThan(0);
    const enrolment = await jsonOf(await api('POST', '/v1/monitoring', { scan_id: scan.scan_id, entity_name: 'Someone Entirely Different', entity_type: 'person', webhook_url: receiver.url }));
    const delisted = await refresh(writeSimpleCsv([{ id: 'T-2', schema: 'Person', name: 'TUMANOVSKY Yevgeny Arkadyevich', birthDate: '1961-07-04' }]));
    await temporal.workflow.getHandle(delisted.sweep!).result();
    expect((await jsonOf(await api('GET', `/v1/monitoring/alerts?enrolment_id=${enrolment.enrolment_id}`))).alerts).toEqual([]);

    await temporal.workflow.execute(monitoringSweepWorkflow, { taskQueue: config.temporal.taskQueue, workflowId: `sweep-scheduled-${randomUUID()}`, args: [sweepSettings(config)] });
    const stored = await eventually(async () => {
      const list = await jsonOf(await api('GET', `/v1/monitoring/alerts?enrolment_id=${enrolment.enrolment_id}`));
      return list.alerts.length > 0 && list;
    }, 30_000, 'the removal to be recorded');
    expect(stored.alerts[0]).toMatchObject({ new_matches: [], removed_matches: [`${source}:T-1`], webhook_event_id: null });
    expect(alertsFor(enrolment.enrolment_id)).toHaveLength(0);
  });

  it('unenrols with 204, keeps the record inactive, and answers 404 afterwards or for unknown ids', async () => {
    const scan = await jsonOf(await api('POST', '/v1/scans/full', { entity_type: 'organisation', name: 'Quiet Harbour Pty Ltd' }));
    const enrolment = await jsonOf(await api('POST', '/v1/monitoring', { scan_id: scan.scan_id, entity_name: 'Quiet Harbour Pty Ltd', entity_type: 'organisation' }));
    expect((await api('DELETE', `/v1/monitoring/${enrolment.enrolment_id}`)).status).toBe(204);
    expect((await api('DELETE', `/v1/monitoring/${enrolment.enrolment_id}`)).status).toBe(404);
    expect((await api('DELETE', `/v1/monitoring/${randomUUID()}`)).status).toBe(404);
    const listed = await jsonOf(await api('GET', '/v1/monitoring'));
    expect(listed.map((e: Json) => e.enrolment_id)).not.toContain(enrolment.enrolment_id);
    const [row] = await app.deps.orm.em.fork().getConnection().execute<{ active: boolean }[]>('select active from monitoring_enrolments where id = ?', [enrolment.enrolment_id]);
    expect(row!.active).toBe(false);
    const other = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey);
    const otherToken = await tokenFor(app.url, other);
    const foreign = await fetch(`${app.url}/v1/monitoring`, { method: 'POST', headers: { Authorization: `Bearer ${otherToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ scan_id: scan.scan_id, entity_name: 'x', entity_type: 'organisation' }) });
    expect(foreign.status).toBe(404);
  });
});
