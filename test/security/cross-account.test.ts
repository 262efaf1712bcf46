import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/db/sql';
import { createWebhookEvent, recordAttempt } from '../../src/modules/webhooks/webhook-event.store';
import { jsonOf, type Json } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { expectPlainError } from './problem-shape';

/** Every row account A owns, table by table, as JSON text: compared before and after B's attempts. */
const OWNED_ROWS: Record<string, string> = {
  accounts: 'select row_to_json(t)::text as r from accounts t where id = $1',
  client_registrations: 'select row_to_json(t)::text as r from client_registrations t where account_id = $1',
  scans: 'select row_to_json(t)::text as r from scans t where account_id = $1',
  batch_jobs: 'select row_to_json(t)::text as r from batch_jobs t where account_id = $1',
  batch_items: 'select row_to_json(t)::text as r from batch_items t join batch_jobs j on j.id = t.job_id where j.account_id = $1',
  cases: 'select row_to_json(t)::text as r from cases t where account_id = $1',
  case_audit_events: 'select row_to_json(t)::text as r from case_audit_events t join cases c on c.id = t.case_id where c.account_id = $1',
  monitoring_enrolments: 'select row_to_json(t)::text as r from monitoring_enrolments t where account_id = $1',
  monitoring_alerts: 'select row_to_json(t)::text as r from monitoring_alerts t where account_id = $1',
  webhook_events: 'select row_to_json(t)::text as r from webhook_events t where account_id = $1',
  webhook_attempts: 'select row_to_json(t)::text as r from webhook_attempts t join webhook_events e on e.id = t.event_id where e.account_id = $1',
  credit_ledger: 'select row_to_json(t)::text as r from credit_ledger t where account_id = $1',
  credit_balances: 'select row_to_json(t)::text as r from credit_balances t where account_id = $1',
  checkout_sessions: 'select row_to_json(t)::text as r from checkout_sessions t where account_id = $1',
};

describe('one account cannot read or change another’s resources', () => {
  let app: TestApp;
  let a: TestClient;
  let b: TestClient;
  let tokenA: string;
  let tokenB: string;
  /** A's resources, one of each kind. */
  const owned = {} as { scan: string; idempotencyKey: string; job: string; case: string; enrolment: string; alert: string; event: string; invoice: string };
  const em = () => app.deps.orm.em.fork();
  const call = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const snapshot = async () => {
    const tables: Record<string, string[]> = {};
    for (const [table, query] of Object.entries(OWNED_ROWS)) {
      tables[table] = (await em().getConnection().execute<{ r: string }[]>(query.replace('$1', '?'), [a.accountId])).map((row) => row.r).sort();
    }
    return tables;
  };

  beforeAll(async () => {
    // Its own task queue with no worker: A's batch stays as submitted, so the snapshot cannot move on its own.
    app = await startTestApp(testConfig({ SELLER_ABN: '51824753556', TEMPORAL_TASK_QUEUE: `cross-account-${randomUUID()}` }));
    const options = { plan: 'enterprise' as const, customRequestsPerMinute: 100_000 };
    a = await createTestClient(em(), app.deps.config.auth.encryptionKey, options);
    b = await createTestClient(em(), app.deps.config.auth.encryptionKey, options);
    [tokenA, tokenB] = [await tokenFor(app.url, a), await tokenFor(app.url, b)];

    owned.idempotencyKey = `cross-account-${randomUUID()}`;
    const scanRes = await call(tokenA, 'POST', '/v1/scans/full', { entity_type: 'person', name: 'Harriet Crossaccount' }, { 'Idempotency-Key': owned.idempotencyKey });
    owned.scan = (await jsonOf(scanRes)).scan_id;
    owned.job = (await jsonOf(await call(tokenA, 'POST', '/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'Harriet Batch' }] }))).job_id;
    owned.case = (await jsonOf(await call(tokenA, 'POST', '/v1/cases', { scan_id: owned.scan, reviewer: 'A reviewer' }))).case_id;
    expect((await call(tokenA, 'PATCH', `/v1/cases/${owned.case}/decision`, { decision: 'true_match', reviewer: 'A reviewer', notes: 'A only' })).status).toBe(200);
    owned.enrolment = (await jsonOf(await call(tokenA, 'POST', '/v1/monitoring', { scan_id: owned.scan, entity_name: 'Harriet Crossaccount', entity_type: 'person' }))).enrolment_id;
    // An alert as a sweep stores it, and a delivered webhook event with its attempt (what the sweep and delivery workflows write).
    owned.alert = randomUUID();
    await sql(em(), `insert into monitoring_alerts (id, enrolment_id, account_id, sweep_key, scan_id, previous_scan_id, new_matches, removed_matches, list_versions, created_at)
      values (?, ?, ?, 'sweep-cross-account', ?, ?, '[]', '[]', '[]', now())`, [owned.alert, owned.enrolment, a.accountId, owned.scan, owned.scan]);
    const event = await createWebhookEvent(em(), { accountId: a.accountId, clientId: a.clientId, eventType: 'batch.completed', subjectId: owned.job, targetUrl: 'https://a.example/hook', data: { job_id: owned.job, completed: 1, failed: 0 } });
    await recordAttempt(em(), event.id, { attempt: 1, attemptedAt: new Date().toISOString(), statusCode: 200, latencyMs: 5, outcome: 'delivered', error: null });
    owned.event = event.id;
    // A paid checkout, as the checkout workflow leaves it, so A has a tax invoice.
    const [session] = await sql<{ invoice_number: string }[]>(em(),
      `insert into checkout_sessions (session_id, account_id, client_id, pack_index, credits, amount_inc_gst_cents, gst_cents, ex_gst_cents, currency,
         checkout_url, workflow_id, status, payment_intent_id, invoice_number, expires_at, settled_at)
       values (?, ?, ?, 0, 10, 2900, 264, 2636, 'AUD', 'https://checkout.example', ?, 'paid', ?, nextval('tax_invoice_number_seq'), now(), now()) returning invoice_number`,
      [`cs_cross_${randomUUID()}`, a.accountId, a.clientId, `checkout-cross-${randomUUID()}`, `pi_cross_${randomUUID()}`]);
    owned.invoice = `INV-${String(session!.invoice_number).padStart(6, '0')}`;
    for (const id of Object.values(owned)) expect(id).toBeTruthy();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lets A itself read each of its resources (the control for what B is refused)', async () => {
    for (const path of [`/v1/scans/${owned.scan}`, `/v1/scans/batch/${owned.job}`, `/v1/cases/${owned.case}`, `/v1/cases/${owned.case}/report`, `/v1/cases/${owned.case}/report.json`,
      `/v1/credits/invoices/${owned.invoice}`, `/v1/credits/balance?account_id=${a.accountId}`, `/v1/credits/ledger?account_id=${a.accountId}`, `/v1/credits/invoices?account_id=${a.accountId}`]) {
      const res = await call(tokenA, 'GET', path);
      expect(res.status, path).toBe(200);
      await res.arrayBuffer();
    }
    const lists = await Promise.all([`/v1/monitoring`, `/v1/monitoring/alerts?enrolment_id=${owned.enrolment}`, `/v1/webhooks/deliveries?job_id=${owned.job}`].map(async (p) => (await call(tokenA, 'GET', p)).text()));
    expect(lists[0]).toContain(owned.enrolment);
    expect(lists[1]).toContain(owned.alert);
    expect(lists[2]).toContain(owned.event);
  });

  it('answers B 404 or 403 on every read and write of A’s resources, and lists show B none of them', async () => {
    const before = await snapshot();
    const refusals: [string, string, unknown, number][] = [
      ['GET', `/v1/scans/${owned.scan}`, undefined, 404],
      ['GET', `/v1/scans/batch/${owned.job}`, undefined, 404],
      ['GET', `/v1/cases/${owned.case}`, undefined, 404],
      ['PATCH', `/v1/cases/${owned.case}/decision`, { decision: 'false_positive', reviewer: 'B intruder', notes: 'B was here' }, 404],
      ['GET', `/v1/cases/${owned.case}/report`, undefined, 404],
      ['GET', `/v1/cases/${owned.case}/report.json`, undefined, 404],
      ['POST', '/v1/cases', { scan_id: owned.scan, reviewer: 'B intruder' }, 404],
      ['POST', '/v1/monitoring', { scan_id: owned.scan, entity_name: 'Harriet Crossaccount', entity_type: 'person' }, 404],
      ['DELETE', `/v1/monitoring/${owned.enrolment}`, undefined, 404],
      ['GET', `/v1/credits/balance?account_id=${a.accountId}`, undefined, 403],
      ['GET', `/v1/credits/ledger?account_id=${a.accountId}`, undefined, 403],
      ['GET', `/v1/credits/invoices?account_id=${a.accountId}`, undefined, 403],
      ['GET', `/v1/credits/invoices/${owned.invoice}`, undefined, 404],
      ['POST', '/v1/psp/checkout', { account_id: a.accountId, pack_index: 0 }, 403],
    ];
    for (const [method, path, body, status] of refusals) {
      const res = await call(tokenB, method, path, body);
      const problem = await expectPlainError(res, status, `B ${method} ${path}`);
      // The refusal tells B nothing it did not send: no id of A's beyond what the request itself named.
      const sent = `${path} ${JSON.stringify(body ?? {})}`;
      for (const id of Object.values(owned).filter((i) => !sent.includes(i))) expect(JSON.stringify(problem), `${method} ${path} names A's ${id}`).not.toContain(id);
    }
    const lists = [`/v1/monitoring`, `/v1/monitoring/alerts`, `/v1/monitoring/alerts?enrolment_id=${owned.enrolment}`, `/v1/monitoring/suppressions?enrolment_id=${owned.enrolment}`,
      `/v1/webhooks/deliveries`, `/v1/webhooks/deliveries?job_id=${owned.job}`];
    for (const path of lists) {
      const res = await call(tokenB, 'GET', path);
      expect(res.status, path).toBe(200);
      const text = await res.text();
      for (const id of [...Object.values(owned), a.accountId]) expect(text, `B's ${path} shows A's ${id}`).not.toContain(id);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('keeps Idempotency-Keys per account: B reusing A’s key gets a scan of its own, not A’s', async () => {
    const before = await snapshot();
    const res = await call(tokenB, 'POST', '/v1/scans/full', { entity_type: 'person', name: 'Harriet Crossaccount' }, { 'Idempotency-Key': owned.idempotencyKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    const scan: Json = await jsonOf(res);
    expect(scan.scan_id).not.toBe(owned.scan);
    const [row] = await sql<{ account_id: string }[]>(em(), 'select account_id from scans where id = ?', [scan.scan_id]);
    expect(row?.account_id).toBe(b.accountId);
    expect(await snapshot()).toEqual(before);
  });
});
