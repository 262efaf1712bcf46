/**
 * A new list version re-screens only the enrolled customers its changes reach (issue 51), end to end
 * over the real API, list pipeline and Temporal sweep: an added entity alerts the customer it matches
 * and no other; a removed entity raises nothing (and its relisting alerts again); a cleared match stays
 * cleared across a release that reaches its customer.
 */
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, type Json } from '../helpers/http';
import { createTestClient, tokenFor } from '../helpers/identity';
import { ingestListVersion } from '../helpers/ingest-list-version';
import { type SyntheticTarget } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('change-driven re-screening of a new list version', () => {
  const config = testConfig({ TEMPORAL_TASK_QUEUE: `change-rescreen-${randomUUID()}` });
  const source = `opensanctions:chg_${randomUUID().slice(0, 8)}`;
  const filler: SyntheticTarget = { id: 'CHG-F', schema: 'Person', name: 'Ottoline Brisk Farnaby' };
  const added: SyntheticTarget = { id: 'CHG-A', schema: 'Person', name: 'QUELLWOOD Corvinia Maelstrand' };
  const removed: SyntheticTarget = { id: 'CHG-G', schema: 'Person', name: 'Gideon Farraway Luskington' };
  const cleared: SyntheticTarget = { id: 'CHG-D', schema: 'Person', name: 'Delphine Ashgrove Tamsworth' };
  const clearedNamesake: SyntheticTarget = { id: 'CHG-D2', schema: 'Person', name: 'TAMSWORTH Delphine Ashgrove' };
  const entityId = (t: SyntheticTarget) => `${source}:${t.id}`;
  let app: TestApp;
  let worker: TestWorker;
  let connection: Connection;
  let temporal: Client;
  let token: string;

  const api = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const res = await fetch(`${app.url}${path}`, { method, headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect(res.status).toBeLessThan(300);
    return jsonOf(res);
  };
  /** Ingests a version through the real pipeline and waits for its sweep; returns the sweep's key. */
  const ingest = async (targets: SyntheticTarget[]) => (await ingestListVersion(temporal, app, config, source, targets)).sweep!.replace(/^sweep-/, '');
  const enrolled = async (name: string, dob: string) => {
    const scan = await api('POST', '/v1/scans/full', { entity_type: 'person', name, dob });
    const enrolment = await api('POST', '/v1/monitoring', { scan_id: scan.scan_id, entity_name: name, entity_type: 'person' });
    return { scan, enrolmentId: enrolment.enrolment_id as string };
  };
  const alertsOf = async (enrolmentId: string): Promise<Json[]> => (await api('GET', `/v1/monitoring/alerts?enrolment_id=${enrolmentId}`)).alerts;
  const candidatesOf = async (sweepKey: string): Promise<string[]> =>
    (await app.deps.orm.em.fork().getConnection().execute<{ enrolment_id: string }[]>('select enrolment_id from change_rescreen_candidates where sweep_key = ?', [sweepKey])).map((r) => r.enrolment_id);

  beforeAll(async () => {
    app = await startTestApp(config);
    worker = await startTestWorker(config);
    connection = await Connection.connect({ address: config.temporal.address });
    temporal = new Client({ connection, namespace: config.temporal.namespace });
    const client = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
    await ingest([filler, removed, cleared]);
  });
  afterAll(async () => {
    await connection?.close();
    await worker?.stop();
    await app?.close();
  });

  it('alerts only the customer an added entity matches, raises nothing for a removed entity, alerts a relisting, and keeps a cleared match cleared', async () => {
    const alpha = await enrolled('Corvinia Maelstrand Quellwood', '1981-03-04');
    const beta = await enrolled('Bertrand Oakshaw Pellinore', '1979-05-06');
    const gamma = await enrolled('Gideon Farraway Luskington', '1968-07-08');
    expect(gamma.scan.scan_result.matches.map((m: Json) => m.listed_entity_id)).toContain(entityId(removed));
    // Delta's match is ruled a false positive before enrolling: the enrolment starts with it set aside.
    const deltaName = 'Delphine Ashgrove Tamsworth';
    const deltaFirst = await api('POST', '/v1/scans/full', { entity_type: 'person', name: deltaName, dob: '1970-01-02' });
    expect(deltaFirst.scan_result.matches.map((m: Json) => m.listed_entity_id)).toContain(entityId(cleared));
    const opened = await api('POST', '/v1/cases', { scan_id: deltaFirst.scan_id, reviewer: 'Clara Clearer' });
    await api('PATCH', `/v1/cases/${opened.case_id}/decision`, { decision: 'false_positive', reviewer: 'Clara Clearer', notes: 'not our customer' });
    const delta = await enrolled(deltaName, '1970-01-02');
    expect(delta.scan.scan_result.suppressed_matches.map((m: Json) => m.listed_entity_id)).toContain(entityId(cleared));

    // v2 adds an entity matching alpha and removes the one gamma matched.
    const v2 = await ingest([filler, cleared, added]);
    const alphaAlerts = await alertsOf(alpha.enrolmentId);
    expect(alphaAlerts).toHaveLength(1);
    expect(alphaAlerts[0].sweep).toBe(v2);
    expect(alphaAlerts[0].new_matches.map((m: Json) => m.listed_entity_id)).toEqual([entityId(added)]);
    expect(await alertsOf(beta.enrolmentId)).toEqual([]);
    expect(await alertsOf(gamma.enrolmentId)).toEqual([]);
    expect(await alertsOf(delta.enrolmentId)).toEqual([]);
    // Only the customers the change reached were re-screened: alpha, not the others.
    const v2Candidates = await candidatesOf(v2);
    expect(v2Candidates).toContain(alpha.enrolmentId);
    expect(v2Candidates).not.toContain(beta.enrolmentId);
    expect(v2Candidates).not.toContain(gamma.enrolmentId);

    // v3 relists gamma's entity and adds a namesake of delta's cleared match.
    const v3 = await ingest([filler, cleared, added, removed, clearedNamesake]);
    const gammaAlerts = await alertsOf(gamma.enrolmentId);
    expect(gammaAlerts).toHaveLength(1);
    expect(gammaAlerts[0].new_matches.map((m: Json) => m.listed_entity_id)).toEqual([entityId(removed)]);
    const deltaAlerts = await alertsOf(delta.enrolmentId);
    expect(deltaAlerts).toHaveLength(1);
    expect(deltaAlerts[0].sweep).toBe(v3);
    expect(deltaAlerts[0].new_matches.map((m: Json) => m.listed_entity_id)).toEqual([entityId(clearedNamesake)]);
    const suppressions = (await api('GET', `/v1/monitoring/suppressions?enrolment_id=${delta.enrolmentId}`)).suppressions;
    expect(suppressions).toEqual([expect.objectContaining({ sweep: v3, listed_entity_id: entityId(cleared), case_id: opened.case_id, cleared_by: 'Clara Clearer' })]);
    expect(await alertsOf(alpha.enrolmentId)).toHaveLength(1);
    expect(await alertsOf(beta.enrolmentId)).toEqual([]);
  });
});
