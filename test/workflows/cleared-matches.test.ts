/**
 * Cleared matches remembered (issue 22, deliverable 6), end to end over the real API, database, list
 * pipeline and Temporal sweeps: a false_positive ruling sets the listed entity aside in later scans and
 * sweeps of the same customer of the same account while the entity is unchanged, and brings it back
 * (saying why) once a new list version changes it; true_match is never suppressed; a later decision
 * on the case revokes the clearing.
 */
import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepSettings } from '../../src/temporal/workflow-inputs';
import { monitoringSweepWorkflow } from '../../workflows/monitoring-sweep';
import { jsonOf, type Json } from '../helpers/http';
import { eventually } from '../helpers/https-receiver';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { ingestListVersion } from '../helpers/ingest-list-version';
import { type SyntheticTarget } from '../helpers/synthetic-lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

describe('cleared matches remembered', () => {
  const config = testConfig({ TEMPORAL_TASK_QUEUE: `cleared-${randomUUID()}` });
  const source = `opensanctions:clr_${randomUUID().slice(0, 8)}`;
  // Listed people without a date of birth, so a customer's date of birth never filters them out.
  const scanTarget: SyntheticTarget = { id: 'CLR-1', schema: 'Person', name: 'Marisol Quenby Ardwhistle' };
  const confirmTarget: SyntheticTarget = { id: 'CLR-2', schema: 'Person', name: 'Oswin Tarrant Vellacourt' };
  const sweepTarget: SyntheticTarget = { id: 'CLR-3', schema: 'Person', name: 'Thaddeus Quillon Brackenridge' };
  const filler = (n: number): SyntheticTarget => ({ id: `CLR-F${n}`, schema: 'Person', name: `Filler Person Number ${n}` });
  const entityId = (t: SyntheticTarget) => `${source}:${t.id}`;
  let app: TestApp;
  let worker: TestWorker;
  let connection: Connection;
  let temporal: Client;
  let client: TestClient;
  let other: TestClient;
  let token: string;
  let otherToken: string;

  const api = (method: string, path: string, body?: unknown, bearer = token) =>
    fetch(`${app.url}${path}`, { method, headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const scan = async (name: string, dob: string | null, bearer = token): Promise<Json> => {
    const res = await api('POST', '/v1/scans/full', { entity_type: 'person', name, ...(dob ? { dob } : {}) }, bearer);
    expect(res.status).toBe(200);
    return jsonOf(res);
  };
  const matchIds = (s: Json): string[] => s.scan_result.matches.map((m: Json) => m.listed_entity_id);
  const suppressedIds = (s: Json): string[] => s.scan_result.suppressed_matches.map((m: Json) => m.listed_entity_id);
  const openCase = async (scanId: string, reviewer = 'Opening Analyst') => jsonOf(await api('POST', '/v1/cases', { scan_id: scanId, reviewer }));
  const decide = async (caseId: string, decision: string, reviewer: string) => {
    const res = await api('PATCH', `/v1/cases/${caseId}/decision`, { decision, reviewer, notes: `${decision} by ${reviewer}` });
    expect(res.status).toBe(200);
    return jsonOf(res);
  };
  /** Ingests a list version through the real pipeline workflow, waits for its monitoring sweep, and swaps the API's index. */
  const ingest = (targets: SyntheticTarget[]) => ingestListVersion(temporal, app, config, source, targets);
  /** A scheduled sweep (every enrolment re-screened, as opposed to a version's, which re-screens those its changes reach); returns its key. */
  const sweepAll = async () => {
    const workflowId = `sweep-scheduled-${randomUUID()}`;
    await temporal.workflow.execute(monitoringSweepWorkflow, { taskQueue: config.temporal.taskQueue, workflowId, args: [sweepSettings(config)] });
    return workflowId;
  };
  const alertsOf = async (enrolmentId: string): Promise<Json[]> => (await jsonOf(await api('GET', `/v1/monitoring/alerts?enrolment_id=${enrolmentId}`))).alerts;
  /** What sweeps set aside for an enrolment, oldest first. */
  const suppressionsOf = async (enrolmentId: string, bearer = token): Promise<Json[]> =>
    (await jsonOf(await api('GET', `/v1/monitoring/suppressions?enrolment_id=${enrolmentId}`, undefined, bearer))).suppressions.reverse();

  beforeAll(async () => {
    app = await startTestApp(config);
    worker = await startTestWorker(config);
    connection = await Connection.connect({ address: config.temporal.address });
    temporal = new Client({ connection, namespace: config.temporal.namespace });
    client = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    other = await createTestClient(app.deps.orm.em.fork(), config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
    otherToken = await tokenFor(app.url, other);
    await ingest([scanTarget, confirmTarget, sweepTarget, filler(1)]);
  });
  afterAll(async () => {
    await connection?.close();
    await worker?.stop();
    await app?.close();
  });

  it('sets a cleared match aside in the next scan of the same name and date of birth, naming the case and reviewer, and nowhere else', async () => {
    const first = await scan('Marisol Quenby Ardwhistle', '1980-02-03');
    expect(matchIds(first)).toContain(entityId(scanTarget));
    expect(first.scan_result.suppressed_matches).toEqual([]);
    const opened = await openCase(first.scan_id);
    const decided = await decide(opened.case_id, 'false_positive', 'Rita Reviewer');
    expect(decided.decision).toBe('false_positive');
    expect(decided.audit_chain_valid).toBe(true);
    expect(decided.audit_log.at(-1).event_data).toMatchObject({ decision: 'false_positive', cleared_matches: expect.arrayContaining([entityId(scanTarget)]) });

    // The same customer written another way (order, case, punctuation): set aside, not counted, not scored.
    const againRes = await api('POST', '/v1/scans/full', { entity_type: 'person', name: 'ARDWHISTLE, Marisol  Quenby', dob: '1980-02-03' });
    const againText = await againRes.text();
    const again = JSON.parse(againText) as Json;
    expect(matchIds(again)).not.toContain(entityId(scanTarget));
    expect(again.scan_result.match_count).toBe(again.scan_result.matches.length);
    const suppressed = again.scan_result.suppressed_matches.find((m: Json) => m.listed_entity_id === entityId(scanTarget));
    expect(suppressed).toMatchObject({
      matched_name: expect.any(String),
      explanation: { summary: expect.any(String) },
      suppression: { reason: 'previously_cleared', case_id: opened.case_id, cleared_by: 'Rita Reviewer', cleared_list_version: 1 },
    });
    expect(again.scan_result.filter_applied).toBe(true);
    expect(again.scan_result.filter_explanation).toContain(`previously cleared: 1 match ruled a false positive for this customer (case ${opened.case_id})`);
    expect(again.risk_assessment.risk_score).toBeLessThan(first.risk_assessment.risk_score);
    // The stored record is the answer, byte for byte, suppression included.
    expect(await (await api('GET', `/v1/scans/${again.scan_id}`)).text()).toBe(againText);

    // Batch items are scans of the same customer too.
    const accepted = await jsonOf(await api('POST', '/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'Marisol Quenby Ardwhistle', dob: '1980-02-03' }] }));
    const batch = await eventually(async () => {
      const current = await jsonOf(await api('GET', `/v1/scans/batch/${accepted.job_id}`));
      return current.status === 'completed' && current;
    }, 60_000, 'the batch to complete');
    const batchScan = await jsonOf(await api('GET', `/v1/scans/${batch.items[0].scan_id}`));
    expect(suppressedIds(batchScan)).toContain(entityId(scanTarget));
    expect(matchIds(batchScan)).not.toContain(entityId(scanTarget));

    // Another date of birth is another customer; another account never sees this account's rulings.
    const otherDob = await scan('Marisol Quenby Ardwhistle', '1975-01-01');
    expect(matchIds(otherDob)).toContain(entityId(scanTarget));
    expect(otherDob.scan_result.suppressed_matches).toEqual([]);
    const noDob = await scan('Marisol Quenby Ardwhistle', null);
    expect(matchIds(noDob)).toContain(entityId(scanTarget));
    const otherAccount = await scan('Marisol Quenby Ardwhistle', '1980-02-03', otherToken);
    expect(matchIds(otherAccount)).toContain(entityId(scanTarget));
    expect(otherAccount.scan_result.suppressed_matches).toEqual([]);

    // A later decision on the case revokes the clearing: the match is back; clearing again sets it aside again.
    await decide(opened.case_id, 'pending', 'Second Reviewer');
    const revoked = await scan('Marisol Quenby Ardwhistle', '1980-02-03');
    expect(matchIds(revoked)).toContain(entityId(scanTarget));
    expect(revoked.scan_result.suppressed_matches).toEqual([]);
    expect(revoked.scan_result.matches.find((m: Json) => m.listed_entity_id === entityId(scanTarget)).previous_clearance).toBeUndefined();
    await decide(opened.case_id, 'false_positive', 'Third Reviewer');
    const recleared = await scan('Marisol Quenby Ardwhistle', '1980-02-03');
    expect(suppressedIds(recleared)).toContain(entityId(scanTarget));
    expect(recleared.scan_result.suppressed_matches[0].suppression).toMatchObject({ case_id: opened.case_id, cleared_by: 'Third Reviewer' });
  });

  it('never suppresses a true_match, even when another case of the same customer ruled it a false positive', async () => {
    const first = await scan('Oswin Tarrant Vellacourt', '1959-11-30');
    expect(matchIds(first)).toContain(entityId(confirmTarget));
    const confirmed = await openCase(first.scan_id);
    await decide(confirmed.case_id, 'true_match', 'Tom Confirmer');
    const second = await scan('Oswin Tarrant Vellacourt', '1959-11-30');
    expect(matchIds(second)).toContain(entityId(confirmTarget));
    const cleared = await openCase(second.scan_id);
    const decided = await decide(cleared.case_id, 'false_positive', 'Fay Clearer');
    expect(decided.audit_log.at(-1).event_data.cleared_matches).toContain(entityId(confirmTarget));
    const third = await scan('Oswin Tarrant Vellacourt', '1959-11-30');
    expect(matchIds(third)).toContain(entityId(confirmTarget));
    expect(third.scan_result.suppressed_matches).toEqual([]);
    // Withdrawing the true_match leaves the clearing in force.
    await decide(confirmed.case_id, 'pending', 'Tom Confirmer');
    const fourth = await scan('Oswin Tarrant Vellacourt', '1959-11-30');
    expect(suppressedIds(fourth)).toContain(entityId(confirmTarget));
  });

  it('a cleared false positive raises no alert in the next monitoring sweep, and alerts once after the listed entity changes', async () => {
    const customer = { name: 'Thaddeus Quillon Brackenridge', dob: '1966-06-06' };
    const first = await scan(customer.name, customer.dob);
    expect(matchIds(first)).toContain(entityId(sweepTarget));
    const opened = await openCase(first.scan_id);
    await decide(opened.case_id, 'false_positive', 'Sam Sweeper');
    // Enrolled from a scan where the match was already set aside: without the ruling, the next sweep would alert on it.
    const enrolled = await scan(customer.name, customer.dob);
    expect(suppressedIds(enrolled)).toContain(entityId(sweepTarget));
    const enrolRes = await api('POST', '/v1/monitoring', { scan_id: enrolled.scan_id, entity_name: customer.name, entity_type: 'person' });
    expect(enrolRes.status).toBe(201);
    const enrolment = await jsonOf(enrolRes);

    // A customer without a date of birth has no key: a clearing on their enrolment's scan holds for that enrolment only.
    const undated = await scan(customer.name, null);
    expect(matchIds(undated)).toContain(entityId(sweepTarget));
    const undatedEnrolment = await jsonOf(await api('POST', '/v1/monitoring', { scan_id: undated.scan_id, entity_name: customer.name, entity_type: 'person' }));
    const undatedCase = await openCase(undated.scan_id);
    await decide(undatedCase.case_id, 'false_positive', 'Uma Undated');
    expect(matchIds(await scan(customer.name, null))).toContain(entityId(sweepTarget));

    // v2 changes another entity, which reaches no one here; a scheduled sweep re-screens everyone, sets the cleared match aside and records why.
    await ingest([scanTarget, confirmTarget, sweepTarget, filler(1), filler(2)]);
    const scheduled = await sweepAll();
    expect(await alertsOf(enrolment.enrolment_id)).toEqual([]);
    const suppressions = await suppressionsOf(enrolment.enrolment_id);
    expect(suppressions).toEqual([
      expect.objectContaining({ sweep: scheduled, listed_entity_id: entityId(sweepTarget), reason: 'previously_cleared', case_id: opened.case_id, cleared_by: 'Sam Sweeper' }),
    ]);
    expect(await suppressionsOf(enrolment.enrolment_id, otherToken)).toEqual([]);
    // Without a filter, the account's suppressions across its enrolments; another account sees none of them.
    const accountWide = (bearer: string) => api('GET', '/v1/monitoring/suppressions', undefined, bearer).then(jsonOf);
    expect((await accountWide(token)).suppressions).toContainEqual(expect.objectContaining({ enrolment_id: enrolment.enrolment_id, case_id: opened.case_id }));
    expect(JSON.stringify((await accountWide(otherToken)).suppressions)).not.toContain(enrolment.enrolment_id);
    expect(await alertsOf(undatedEnrolment.enrolment_id)).toEqual([]);
    expect(await suppressionsOf(undatedEnrolment.enrolment_id)).toEqual([expect.objectContaining({ listed_entity_id: entityId(sweepTarget), case_id: undatedCase.case_id, cleared_by: 'Uma Undated' })]);

    // v3 changes the cleared entity itself: the sweep alerts on it, saying it was cleared and has changed.
    await ingest([scanTarget, confirmTarget, { ...sweepTarget, countries: 'ru' }, filler(1), filler(2)]);
    const alerts = await alertsOf(enrolment.enrolment_id);
    expect(alerts).toHaveLength(1);
    const reopened = alerts[0].new_matches.find((m: Json) => m.listed_entity_id === entityId(sweepTarget));
    expect(reopened.previous_clearance).toMatchObject({ reason: 'previously_cleared_but_changed', case_id: opened.case_id, cleared_by: 'Sam Sweeper', cleared_list_version: 1 });
    expect(reopened.countries.map((c: string) => c.toUpperCase())).toContain('RU');
    // The enrolment-only clearing is reopened by the change too (its match was known, so only the clearing makes it alert).
    const undatedAlerts = await alertsOf(undatedEnrolment.enrolment_id);
    expect(undatedAlerts).toHaveLength(1);
    expect(undatedAlerts[0].new_matches.find((m: Json) => m.listed_entity_id === entityId(sweepTarget)).previous_clearance).toMatchObject({
      reason: 'previously_cleared_but_changed',
      case_id: undatedCase.case_id,
      cleared_by: 'Uma Undated',
    });
    const alertScan = await jsonOf(await api('GET', `/v1/scans/${alerts[0].scan_id}`));
    expect(matchIds(alertScan)).toContain(entityId(sweepTarget));
    expect(alertScan.scan_result.filter_explanation).toContain('previously cleared but changed');
    // A scan of the same customer shows it again too, with the reason.
    const later = await scan(customer.name, customer.dob);
    expect(later.scan_result.matches.find((m: Json) => m.listed_entity_id === entityId(sweepTarget)).previous_clearance.reason).toBe('previously_cleared_but_changed');

    // v4 changes something else: the changed match was alerted once and is not alerted again.
    await ingest([scanTarget, confirmTarget, { ...sweepTarget, countries: 'ru' }, filler(1), filler(2), filler(3)]);
    expect(await alertsOf(enrolment.enrolment_id)).toHaveLength(1);

    // Clearing the changed entity (a case on the alert's scan) silences it again for the enrolment.
    const second = await openCase(alerts[0].scan_id);
    await decide(second.case_id, 'false_positive', 'Sam Sweeper');
    await ingest([scanTarget, confirmTarget, { ...sweepTarget, countries: 'ru' }, filler(1), filler(2), filler(3), filler(4)]);
    const lastSweep = await sweepAll();
    expect(await alertsOf(enrolment.enrolment_id)).toHaveLength(1);
    const latest = await suppressionsOf(enrolment.enrolment_id);
    expect(latest.at(-1)).toMatchObject({ sweep: lastSweep, case_id: second.case_id });
  });
});
