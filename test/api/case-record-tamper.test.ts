import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, type Json } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { operatorSql } from '../helpers/operator-sql';
import { pdfPages } from '../helpers/pdf-text';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A case is its chain: whoever holds the service's database credentials (or the owner's) and edits a
 * case row, or the rulings it made, gets a case that reads invalid, in the API, the PDF and our signed
 * statement, naming what differs.
 */
describe('a case row edited outside the service', () => {
  let app: TestApp;
  let client: TestClient;
  let other: TestClient;
  let token: string;
  let scanId: string;
  let otherScanId: string;
  let secondScanId: string;
  const call = async (method: string, path: string, body?: unknown, bearer = token) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  /** A session with the credentials the running service holds. */
  const asService = (text: string) => operatorSql(app.deps.config.db.url, text);
  /** A session as the database owner, who can also switch the owner-binding trigger off. */
  const asOwner = (text: string) => operatorSql(app.deps.config.db.ownerUrl, text);
  const ownerEdit = (caseId: string, set: string) =>
    asOwner(`begin; alter table cases disable trigger cases_identity_fixed; update cases set ${set} where id = '${caseId}'; alter table cases enable trigger cases_identity_fixed; commit;`);

  const openDecided = async (decision: 'true_match' | 'false_positive' = 'true_match') => {
    const { case_id: caseId } = await jsonOf(await call('POST', '/v1/cases', { scan_id: scanId, reviewer: 'Ann Analyst' }));
    const decided = await jsonOf(await call('PATCH', `/v1/cases/${caseId}/decision`, { decision, reviewer: 'Bob Reviewer', notes: 'documents checked' }));
    expect(decided.audit_chain_valid).toBe(true);
    return caseId as string;
  };
  /** What the API, the PDF and our signature say about the case now. */
  const verdict = async (caseId: string) => {
    const body = await jsonOf(await call('GET', `/v1/cases/${caseId}`));
    const pdf = await call('GET', `/v1/cases/${caseId}/report`);
    const text = (await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
    const signed = decodeJwt(pdf.headers.get('x-integrity-signature')!.replace(/^([^.]+\.[^.]+)\.[^.]+$/, '$1.sig'));
    return { body: body as Json, text, signedValid: signed.audit_chain_valid };
  };

  beforeAll(async () => {
    app = await startTestApp(testConfig());
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
    client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    other = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
    const scan = async (bearer: string) => (await jsonOf(await call('POST', '/v1/scans/full', { entity_type: 'person', name: 'Raed Muhammad Hasan Muhammad Hijazi' }, bearer))).scan_id as string;
    scanId = await scan(token);
    secondScanId = (await jsonOf(await call('POST', '/v1/scans/full', { entity_type: 'person', name: 'Ivan Petrovich Sidorov' }))).scan_id as string;
    otherScanId = await scan(await tokenFor(app.url, other));
  });
  afterAll(async () => {
    await app?.close();
  });

  it("the service role's edit of the decision makes the API, the PDF and the signature say invalid, naming the decision", async () => {
    const caseId = await openDecided('true_match');
    await asService(`update cases set decision = 'false_positive' where id = '${caseId}'`);
    const { body, text, signedValid } = await verdict(caseId);
    expect(body.decision).toBe('false_positive');
    expect(body.audit_chain_valid).toBe(false);
    expect(text).toMatch(/Audit chain INVALID \(2 events\):.*decision \("false_positive"\) differs from the audit log's latest decision \("true_match"\)/);
    expect(signedValid).toBe(false);
  });

  it("the service role's edit of the notes is caught the same way", async () => {
    const caseId = await openDecided();
    await asService(`update cases set decision_notes = 'nothing found' where id = '${caseId}'`);
    const { body, text } = await verdict(caseId);
    expect(body.audit_chain_valid).toBe(false);
    expect(text).toMatch(/INVALID.*decision_notes \("nothing found"\) differs from the latest decision's notes \("documents checked"\)/);
  });

  it("refuses the service role any edit of the scan, reviewer or account; the owner's edit reads invalid, naming the field", async () => {
    const caseId = await openDecided();
    await expect(asService(`update cases set scan_id = '${otherScanId}' where id = '${caseId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`update cases set reviewer = 'Mallory' where id = '${caseId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`update cases set account_id = '${other.accountId}' where id = '${caseId}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`delete from cases where id = '${caseId}'`)).rejects.toThrow(/permission denied/);
    await expect(asOwner(`update cases set reviewer = 'Mallory' where id = '${caseId}'`)).rejects.toThrow(/immutable but for/);

    await ownerEdit(caseId, `scan_id = '${otherScanId}'`);
    // The other customer's scan is not this account's, so the case no longer even opens for it...
    expect((await call('GET', `/v1/cases/${caseId}`)).status).toBe(404);
    // ...and moved to that customer's account with it, it reads invalid there.
    await ownerEdit(caseId, `account_id = '${other.accountId}'`);
    const moved = await jsonOf(await call('GET', `/v1/cases/${caseId}`, undefined, await tokenFor(app.url, other)));
    expect(moved.scan_id).toBe(otherScanId);
    expect(moved.audit_chain_valid).toBe(false);

    const reviewerCase = await openDecided();
    await ownerEdit(reviewerCase, `reviewer = 'Mallory'`);
    const { body, text, signedValid } = await verdict(reviewerCase);
    expect(body.audit_chain_valid).toBe(false);
    expect(text).toMatch(/INVALID.*reviewer \("Mallory"\) differs from the reviewer event 1 recorded \("Ann Analyst"\)/);
    expect(signedValid).toBe(false);

    // The same account's other scan: the case still opens, and says which scan event 1 committed to.
    const scanCase = await openDecided();
    await ownerEdit(scanCase, `scan_id = '${secondScanId}'`);
    const seen = await verdict(scanCase);
    expect(seen.body.scan_id).toBe(secondScanId);
    expect(seen.body.audit_chain_valid).toBe(false);
    expect(seen.text).toContain(`scan_id ("${secondScanId}") differs from the scan event 1 committed to ("${scanId}")`);
  });

  it("refuses the service role a rewrite, deletion or forgery of a ruling; one revoked by hand makes the case read invalid", async () => {
    const caseId = await openDecided('false_positive');
    const rulings = (await asOwner(`select id, listed_entity_id from match_rulings where case_id = '${caseId}' and revoked_at is null`)) as { id: string; listed_entity_id: string }[];
    expect(rulings.length).toBeGreaterThan(0);
    const ruling = rulings[0]!;
    await expect(asService(`update match_rulings set ruling = 'true_match' where id = '${ruling.id}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`update match_rulings set listed_entity_id = 'OTHER' where id = '${ruling.id}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`delete from match_rulings where id = '${ruling.id}'`)).rejects.toThrow(/permission denied/);
    await expect(asService(`truncate match_rulings`)).rejects.toThrow(/permission denied/);
    await expect(asOwner(`update match_rulings set ruling = 'true_match' where id = '${ruling.id}'`)).rejects.toThrow(/immutable but for revoked_at, revoked_by_sequence/);
    await expect(asOwner(`delete from match_rulings where id = '${ruling.id}'`)).rejects.toThrow(/DELETE refused/);
    expect((await jsonOf(await call('GET', `/v1/cases/${caseId}`))).audit_chain_valid).toBe(true);

    // Revoking is allowed once, as a decision does; done by hand it shows on the case.
    await asService(`update match_rulings set revoked_at = now(), revoked_by_sequence = 2 where id = '${ruling.id}'`);
    await expect(asService(`update match_rulings set revoked_at = null, revoked_by_sequence = null where id = '${ruling.id}'`)).rejects.toThrow(/immutable/);
    const revoked = await verdict(caseId);
    expect(revoked.body.audit_chain_valid).toBe(false);
    expect(revoked.text).toMatch(new RegExp(`false_positive ruling on ${ruling.listed_entity_id} is not in force`));

    // A forged ruling is refused unless the decision event it names made it.
    const honest = await openDecided('true_match');
    const forge = (entity: string, ruling: string) =>
      asService(`insert into match_rulings (id, account_id, customer_key, enrolment_ids, listed_entity_id, ruling, case_id, scan_id, audit_sequence, ruled_by, ruled_at)
        select gen_random_uuid(), account_id, customer_key, enrolment_ids, '${entity}', '${ruling}', case_id, scan_id, audit_sequence, ruled_by, ruled_at
          from match_rulings where case_id = '${honest}' limit 1`);
    await expect(forge('FORGED-1', 'false_positive')).rejects.toThrow(/a ruling must be made by its case's decision/);
    await expect(forge('FORGED-1', 'true_match')).rejects.toThrow(/a ruling must be made by its case's decision/);
    expect(await asOwner(`select 1 from match_rulings where listed_entity_id = 'FORGED-1'`)).toEqual([]);
  });
});
