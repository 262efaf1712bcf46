import { createHash } from 'node:crypto';
import { compactVerify, createLocalJWKSet, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, type Json } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { operatorSql } from '../helpers/operator-sql';
import { auditEventHash } from '../../src/modules/cases/audit-chain';
import { canonicalJson } from '../../src/integrity/canonical-json';
import { CaseService } from '../../src/modules/cases/case.service';
import { pdfPages } from '../helpers/pdf-text';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('compliance cases', () => {
  let app: TestApp;
  let client: TestClient;
  let token: string;
  let scanId: string;
  const call = (method: string, path: string, body?: unknown, bearer = token) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const openCase = async (reviewer = 'analyst@example.com.au') => jsonOf(await call('POST', '/v1/cases', { scan_id: scanId, reviewer }));
  /** A session as the database owner (a DBA, or whoever holds the migration credentials). */
  const psql = (sql: string) => operatorSql(app.deps.config.db.ownerUrl, sql);
  /** A session with the credentials the running service holds. */
  const asService = (sql: string) => operatorSql(app.deps.config.db.url, sql);

  beforeAll(async () => {
    app = await startTestApp(testConfig());
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
    client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
    scanId = (await jsonOf(await call('POST', '/v1/scans/full', { entity_type: 'person', name: 'Raed Muhammad Hasan Muhammad Hijazi' }))).scan_id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens a case in pending with the scan summary and a case_created event carrying the reviewer', async () => {
    const res = await call('POST', '/v1/cases', { scan_id: scanId, reviewer: 'Ann Analyst' });
    expect(res.status).toBe(201);
    const created = await jsonOf(res);
    expect(created).toMatchObject({ scan_id: scanId, reviewer: 'Ann Analyst', decision: 'pending', decision_notes: null, audit_chain_valid: true });
    expect(created.scan_summary).toMatchObject({ entity_name: 'Raed Muhammad Hasan Muhammad Hijazi', entity_type: 'person', risk_level: 'critical' });
    expect(created.scan_summary.match_count).toBeGreaterThan(0);
    expect(created.audit_log).toEqual([expect.objectContaining({ sequence: 1, event_type: 'case_created', actor: 'Ann Analyst', event_data: { reviewer: 'Ann Analyst', scan_id: scanId, account_id: client.accountId }, previous_hash: null })]);
    const fetched = await jsonOf(await call('GET', `/v1/cases/${created.case_id}`));
    expect(fetched).toEqual(created);
  });

  it('follows the state table: any decision from any state, each appended with previous and new decision', async () => {
    const { case_id: caseId } = await openCase();
    const rulings = [
      ['true_match', 'matches DOB and nationality'],
      ['false_positive', null],
      ['false_positive', 'confirmed again'],
      ['pending', 'reopened for a second look'],
      ['true_match', null],
    ] as const;
    let previous = 'pending';
    for (const [decision, notes] of rulings) {
      const res = await call('PATCH', `/v1/cases/${caseId}/decision`, { decision, reviewer: 'Bob Reviewer', notes });
      expect(res.status).toBe(200);
      const body = await jsonOf(res);
      expect(body.decision).toBe(decision);
      expect(body.decision_notes).toBe(notes);
      const last = body.audit_log.at(-1);
      expect(last).toMatchObject({ event_type: 'decision_logged', actor: 'Bob Reviewer', event_data: { previous_decision: previous, decision, notes } });
      expect(Date.parse(body.updated_at)).toBeGreaterThanOrEqual(Date.parse(body.created_at));
      previous = decision;
    }
    const final = await jsonOf(await call('GET', `/v1/cases/${caseId}`));
    expect(final.audit_log).toHaveLength(rulings.length + 1);
    expect(final.audit_chain_valid).toBe(true);
  });

  it('serialises concurrent decisions: the audit log order is the order they took effect', async () => {
    const { case_id: caseId } = await openCase();
    const decisions = Array.from({ length: 12 }, (_, i) => (['true_match', 'false_positive', 'pending'] as const)[i % 3]);
    const responses = await Promise.all(decisions.map((decision, i) => call('PATCH', `/v1/cases/${caseId}/decision`, { decision, reviewer: `reviewer ${i}`, notes: `ruling ${i}` })));
    expect(responses.map((r) => r.status), JSON.stringify(await Promise.all(responses.map((r) => r.clone().json())))).toEqual(decisions.map(() => 200));
    const body = await jsonOf(await call('GET', `/v1/cases/${caseId}`));
    const log = body.audit_log as Json[];
    expect(log.map((e) => e.sequence)).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
    for (let i = 1; i < log.length; i += 1) {
      const before = i === 1 ? 'pending' : log[i - 1].event_data.decision;
      expect(log[i].event_data.previous_decision).toBe(before);
      expect(log[i].previous_hash).toBe(log[i - 1].hash);
    }
    expect(body.decision).toBe(log.at(-1).event_data.decision);
    expect(body.audit_chain_valid).toBe(true);
  });

  it('answers 404 for another account, 422 for an unknown decision or malformed id, and 404 for a foreign scan', async () => {
    const { case_id: caseId } = await openCase();
    const other = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    const otherToken = await tokenFor(app.url, other);
    expect((await call('GET', `/v1/cases/${caseId}`, undefined, otherToken)).status).toBe(404);
    expect((await call('PATCH', `/v1/cases/${caseId}/decision`, { decision: 'true_match', reviewer: 'x' }, otherToken)).status).toBe(404);
    expect((await call('GET', `/v1/cases/${caseId}/report`, undefined, otherToken)).status).toBe(404);
    expect((await call('POST', '/v1/cases', { scan_id: scanId, reviewer: 'x' }, otherToken)).status).toBe(404);
    const unknownDecision = await call('PATCH', `/v1/cases/${caseId}/decision`, { decision: 'maybe', reviewer: 'x' });
    expect(unknownDecision.status).toBe(422);
    expect((await jsonOf(unknownDecision)).detail[0].loc).toEqual(['body', 'decision']);
    const malformed = await call('POST', '/v1/cases', { scan_id: 'nope', reviewer: 'x' });
    expect(malformed.status).toBe(422);
    expect((await jsonOf(malformed)).detail[0].loc).toEqual(['body', 'scan_id']);
    expect((await call('POST', '/v1/cases', { scan_id: scanId, reviewer: '' })).status).toBe(422);
    expect((await call('POST', '/v1/cases', { scan_id: scanId, reviewer: 'r'.repeat(257) })).status).toBe(422);
    expect((await call('GET', '/v1/cases/not-a-uuid')).status).toBe(422);
  });

  it('refuses UPDATE and DELETE of audit events to the service role and the owner, and reports a chain broken by hand as invalid', async () => {
    const { case_id: caseId } = await openCase();
    await call('PATCH', `/v1/cases/${caseId}/decision`, { decision: 'true_match', reviewer: 'x', notes: 'original note' });
    await expect(asService(`update case_audit_events set actor = 'mallory' where case_id = '${caseId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`delete from case_audit_events where case_id = '${caseId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`alter table case_audit_events disable trigger case_audit_events_immutable`)).rejects.toThrow(/must be owner/);
    await expect(psql(`update case_audit_events set actor = 'mallory' where case_id = '${caseId}'`)).rejects.toThrow(/immutable/);
    await expect(psql(`delete from case_audit_events where case_id = '${caseId}'`)).rejects.toThrow(/immutable/);
    // An attacker with the power to disable the trigger edits history; the chain gives it away.
    await psql(`begin; alter table case_audit_events disable trigger case_audit_events_immutable;
          update case_audit_events set event_data = jsonb_set(event_data, '{notes}', '"forged note"') where case_id = '${caseId}' and sequence = 2;
          alter table case_audit_events enable trigger case_audit_events_immutable; commit;`);
    const body = await jsonOf(await call('GET', `/v1/cases/${caseId}`));
    expect(body.audit_log[1].event_data.notes).toBe('forged note');
    expect(body.audit_chain_valid).toBe(false);
  });

  it('records the authenticated client on every audit event, besides the free-text reviewer', async () => {
    const { case_id: caseId } = await openCase('Free Text Name');
    await call('PATCH', `/v1/cases/${caseId}/decision`, { decision: 'false_positive', reviewer: 'Anyone At All', notes: null });
    const body = await jsonOf(await call('GET', `/v1/cases/${caseId}`));
    expect(body.audit_log.map((e: Json) => e.client_id)).toEqual([client.clientId, client.clientId]);
    expect(body.audit_chain_valid).toBe(true);
  });

  it('detects a rewrite by the database owner who recomputes every hash and the head, because the anchors need a key the database does not hold', async () => {
    const { case_id: caseId } = await openCase();
    await call('PATCH', `/v1/cases/${caseId}/decision`, { decision: 'true_match', reviewer: 'x', notes: 'original note' });
    const [event] = (await psql(`select * from case_audit_events where case_id = '${caseId}' and sequence = 2`)) as Json[];
    const forged = { ...event, event_data: { ...event.event_data, notes: 'forged note' }, created_at: new Date(event.created_at).toISOString() };
    const forgedHash = auditEventHash(forged, event.previous_hash);
    await psql(`begin; alter table case_audit_events disable trigger case_audit_events_immutable;
          update case_audit_events set event_data = '${JSON.stringify(forged.event_data)}', hash = '${forgedHash}' where case_id = '${caseId}' and sequence = 2;
          update cases set head_hash = '${forgedHash}' where id = '${caseId}';
          alter table case_audit_events enable trigger case_audit_events_immutable; commit;`);
    const body = await jsonOf(await call('GET', `/v1/cases/${caseId}`));
    expect(body.audit_log[1].event_data.notes).toBe('forged note');
    expect(body.audit_log[1].hash).toBe(forgedHash); // the unkeyed chain itself is consistent again...
    expect(body.audit_chain_valid).toBe(false); // ...but the anchors are not
    const pdf = await call('GET', `/v1/cases/${caseId}/report`);
    expect((await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join('\n')).toMatch(/Audit chain\s+INVALID[\s\S]*anchor does not verify/);
    const statement = decodeJwt(pdf.headers.get('x-integrity-signature')!.replace(/^([^.]+\.[^.]+)\.[^.]+$/, '$1.sig'));
    expect(statement.audit_chain_valid).toBe(false); // and we sign that it did not verify
  });

  it('reads a case and its log in one snapshot, so a decision landing between the reads never shows a broken chain', async () => {
    const { case_id: caseId } = await openCase();
    const owner = { accountId: client.accountId, clientId: client.clientId };
    const racing = new CaseService(app.deps.config.audit.anchorKey);
    let landed = false;
    const reader = new CaseService(app.deps.config.audit.anchorKey, {
      betweenReads: async () => {
        landed = true;
        await racing.decide(app.deps.orm.em.fork(), owner, caseId, { decision: 'true_match', reviewer: 'racer', notes: 'landed between the reads' });
      },
    });
    const seen = await reader.get(app.deps.orm.em.fork(), owner, caseId);
    expect(landed).toBe(true);
    expect(seen.audit_chain_valid).toBe(true);
    expect(seen.decision).toBe('pending');
    expect(seen.audit_log).toHaveLength(1); // the state before the decision, whole
    const after = await jsonOf(await call('GET', `/v1/cases/${caseId}`));
    expect(after.audit_log).toHaveLength(2);
    expect(after.audit_chain_valid).toBe(true);
  });

  it('produces a PDF report whose text holds the entity, the decisions in order and a hash anyone can recompute', async () => {
    const { case_id: caseId } = await openCase('Carol Compliance');
    for (const decision of ['true_match', 'false_positive', 'true_match'] as const) {
      await call('PATCH', `/v1/cases/${caseId}/decision`, { decision, reviewer: 'Dan Decider', notes: `because ${decision}` });
    }
    const res = await call('GET', `/v1/cases/${caseId}/report`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="service-case-${caseId}.pdf"`);
    const headerHash = res.headers.get('x-integrity-hash')!.replace('sha256=', '');
    const text = (await pdfPages(new Uint8Array(await res.arrayBuffer()))).join('\n');
    expect(text).toContain('Raed Muhammad Hasan Muhammad Hijazi');
    expect(text).toContain(headerHash);
    const order = ['True match', 'False positive', 'True match'].map((label, i, all) => {
      const from = all.slice(0, i).reduce((pos) => text.indexOf('because', pos) + 1, 0);
      return text.indexOf(label, from);
    });
    expect(order.every((pos, i) => pos > 0 && (i === 0 || pos > order[i - 1]!))).toBe(true);
    expect(text.indexOf('because true_match')).toBeLessThan(text.indexOf('because false_positive'));

    const canonical = await call('GET', `/v1/cases/${caseId}/report.json`);
    const raw = await canonical.text();
    expect(createHash('sha256').update(raw, 'utf8').digest('hex')).toBe(headerHash);
    expect(JSON.parse(raw).audit_log).toHaveLength(4);

    // What an auditor does without trusting our database: check our signed statement with the public keys.
    const jwks = createLocalJWKSet(await jsonOf(await fetch(`${app.url}/.well-known/jwks.json`)));
    for (const signature of [res.headers.get('x-integrity-signature')!, canonical.headers.get('x-integrity-signature')!]) {
      const { payload, protectedHeader } = await compactVerify(signature, jwks);
      expect(protectedHeader.alg).toBe('ES256');
      expect(JSON.parse(new TextDecoder().decode(payload))).toMatchObject({ case_id: caseId, integrity_hash: headerHash, audit_chain_valid: true });
    }
    // And every event's chain hash recomputes from report.json alone, client_id included (format v2).
    const report = JSON.parse(raw) as { format: string; audit_log: (Json & { hash: string; previous_hash: string | null })[] };
    expect(report.format).toBe('case-report-integrity/v2');
    let previousHash: string | null = null;
    for (const { hash, ...content } of report.audit_log) {
      expect(content.client_id).toBe(client.clientId);
      expect(content.previous_hash).toBe(previousHash);
      expect(createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex')).toBe(hash);
      previousHash = hash;
    }
    const tampered = res.headers.get('x-integrity-signature')!.replace(/\.([^.]+)\./, (_m, p: string) => `.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), audit_chain_valid: false })).toString('base64url')}.`);
    await expect(compactVerify(tampered, jwks)).rejects.toThrow();
  });
});
