import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor } from '../helpers/identity';
import { operatorSql } from '../helpers/operator-sql';
import { startScreeningApp } from '../helpers/screening-app';
import type { TestApp } from '../helpers/test-app';

describe('scans', () => {
  let app: TestApp;
  let token: string;
  const scan = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/v1/scans/full`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

  beforeAll(async () => {
    ({ app, token } = await startScreeningApp());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('matches a listed person despite a typo and reordered name parts, and explains the match', async () => {
    const res = await scan({ entity_type: 'person', name: 'Hijazi Raed Muhamad Hasan' });
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    const match = body.scan_result.matches.find((m: { primary_name: string }) => m.primary_name === 'Raed Muhammad Hasan Muhammad Hijazi');
    expect(match, JSON.stringify(body.scan_result.matches.map((m: { primary_name: string }) => m.primary_name))).toBeDefined();
    expect(match.source).toBe('dfat');
    expect(match.list_kind).toBe('sanctions');
    expect(match.match_kind).toBe('fuzzy');
    expect(match.explanation.summary).toEqual(expect.any(String));
    expect(match.explanation.pairings.map((p: { how: string }) => p.how)).toEqual(expect.arrayContaining(['exact']));
    expect(match.dates_of_birth).toContain('1968-12-30');
    expect(match.list_version).toBeGreaterThanOrEqual(1);
    expect(body.scan_result.match_count).toBe(body.scan_result.matches.length);
    expect(body.scan_result.sources_checked).toEqual(expect.arrayContaining(['dfat', 'un']));
    expect(body.risk_assessment.risk_level).toBe('critical');
    expect(body.metadata.service_id).toBe('pep_scan');
    expect(Number.isInteger(body.metadata.query_time_ms)).toBe(true);
  });

  it('does not match a clean name', async () => {
    const body = await jsonOf(await scan({ entity_type: 'person', name: 'Margaret Eleanor Thompson', dob: '1980-05-17', country_code: 'AU' }));
    expect(body.scan_result.match_count).toBe(0);
    expect(body.scan_result.filter_applied).toBe(false);
    expect(body.scan_result.filter_explanation).toBeNull();
  });

  it('removes a same-name listed person born in another year with the date-of-birth filter, and says so', async () => {
    const body = await jsonOf(await scan({ entity_type: 'person', name: 'Raed Muhammad Hasan Muhammad Hijazi', dob: '1990-01-01' }));
    expect(body.scan_result.matches.map((m: { primary_name: string }) => m.primary_name)).not.toContain('Raed Muhammad Hasan Muhammad Hijazi');
    expect(body.scan_result.filter_applied).toBe(true);
    expect(body.scan_result.filter_explanation).toMatch(/date of birth/i);
    expect(body.scan_result.filter_explanation).toMatch(/1968/);
    const kept = await jsonOf(await scan({ entity_type: 'person', name: 'Raed Muhammad Hasan Muhammad Hijazi', dob: '1968-12-30' }));
    expect(kept.scan_result.matches[0].corroboration.dateOfBirth).toBe('exact');
  });

  it('refuses organisation fields on a person with 422 naming the field, and stores nothing', async () => {
    const before = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from scans');
    const res = await scan({ entity_type: 'person', name: 'Jane Citizen', incorporation_country_code: 'AU' });
    expect(res.status).toBe(422);
    const body = await jsonOf(res);
    expect(body.detail).toEqual([expect.objectContaining({ loc: ['body', 'incorporation_country_code'] })]);
    const after = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from scans');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it.each([
    [{ entity_type: 'person', name: 'A', dob: '2023-02-30' }, ['body', 'dob']],
    [{ entity_type: 'person', name: 'A', dob: '2999-01-01' }, ['body', 'dob']],
    [{ entity_type: 'person', name: 'A', nationality_code: 'ZZ' }, ['body', 'nationality_code']],
    [{ entity_type: 'organisation', name: 'A', gender: 'F' }, ['body', 'gender']],
    [{ entity_type: 'person', name: '' }, ['body', 'name']],
    [{ entity_type: 'person', name: 'x'.repeat(513) }, ['body', 'name']],
    [{ entity_type: 'robot', name: 'A' }, ['body', 'entity_type']],
    [{ entity_type: 'person', name: 'A', nationality: 'AU' }, ['body', 'nationality']],
    [{ entity_type: 'person', name: 'A', risk_profile: { industry_type: 'gambling' } }, ['body', 'risk_profile', 'industry_type']],
  ])('refuses %j with 422 at %j', async (request, loc) => {
    const res = await scan(request);
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).detail.map((d: { loc: unknown }) => d.loc)).toContainEqual(loc);
  });

  it('returns the stored scan byte for byte, and 404/422 for unknown, foreign or malformed ids', async () => {
    const created = await scan({ entity_type: 'organisation', name: 'Joint Stock Company Exi Bank', incorporation_country_code: 'RU', risk_profile: { industry_type: 'financial_services' } });
    const raw = await created.text();
    const { scan_id: scanId } = JSON.parse(raw);
    const fetched = await fetch(`${app.url}/v1/scans/${scanId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(fetched.status).toBe(200);
    expect(await fetched.text()).toBe(raw);

    const other = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    const otherToken = await tokenFor(app.url, other);
    expect((await fetch(`${app.url}/v1/scans/${scanId}`, { headers: { Authorization: `Bearer ${otherToken}` } })).status).toBe(404);
    expect((await fetch(`${app.url}/v1/scans/00000000-0000-4000-8000-000000000000`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
    const malformed = await fetch(`${app.url}/v1/scans/not-a-uuid`, { headers: { Authorization: `Bearer ${token}` } });
    expect(malformed.status).toBe(422);
    expect((await jsonOf(malformed)).detail[0].loc).toEqual(['path', 'scan_id']);
  });

  it('stores, hashes and answers a body in several scripts from the same bytes', async () => {
    const created = await scan({ entity_type: 'person', name: 'Zoë Müller-محمد 李小龍 Ольга' });
    expect(created.status).toBe(200);
    const answered = Buffer.from(await created.arrayBuffer());
    expect(Number(created.headers.get('content-length'))).toBe(answered.length);
    const { scan_id: scanId, entity_name: entityName } = JSON.parse(answered.toString('utf8'));
    expect(entityName).toBe('Zoë Müller-محمد 李小龍 Ольга');
    const [row] = await app.deps.orm.em.fork().getConnection().execute<{ response_sha256: string; response_body: string }[]>(
      'select response_sha256, response_body from scans where id = ?',
      [scanId],
    );
    expect(Buffer.from(row!.response_body)).toEqual(answered);
    const { createHash } = await import('node:crypto');
    expect(row!.response_sha256).toBe(createHash('sha256').update(answered).digest('hex'));
    const fetched = await fetch(`${app.url}/v1/scans/${scanId}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(answered);
  });

  it('is immutable in the database: the service role may not UPDATE or DELETE, and the owner is refused by the trigger', async () => {
    const { scan_id: scanId } = await jsonOf(await scan({ entity_type: 'person', name: 'Immutable Person' }));
    const { url, ownerUrl } = app.deps.config.db;
    await expect(operatorSql(url, `update scans set entity_name = 'changed' where id = '${scanId}'`)).rejects.toThrow(/permission denied/);
    await expect(operatorSql(url, `delete from scans where id = '${scanId}'`)).rejects.toThrow(/permission denied/);
    await expect(operatorSql(url, `alter table scans disable trigger user`)).rejects.toThrow(/must be owner/);
    await expect(operatorSql(ownerUrl, `update scans set entity_name = 'changed' where id = '${scanId}'`)).rejects.toThrow(/immutable/);
    await expect(operatorSql(ownerUrl, `delete from scans where id = '${scanId}'`)).rejects.toThrow(/immutable/);
    const [row] = await app.deps.orm.em.fork().getConnection().execute<{ entity_name: string; response_sha256: string; response_body: string }[]>('select * from scans where id = ?', [scanId]);
    expect(row!.entity_name).toBe('Immutable Person');
    const { createHash } = await import('node:crypto');
    expect(row!.response_sha256).toBe(createHash('sha256').update(row!.response_body).digest('hex'));
  });

  it('keeps the compressed response body in the scan row rather than in the TOAST table', async () => {
    const [column] = await app.deps.orm.em.fork().getConnection().execute<{ attstorage: string }[]>(
      `select attstorage from pg_attribute where attrelid = 'scans'::regclass and attname = 'response_body'`,
    );
    expect(column!.attstorage).toBe('m'); // main: compressed, and kept inline while the row fits a page
  });

  it('returns the first scan for a retried request with the same Idempotency-Key, and 409 for a different body', async () => {
    const key = `retry-${Date.now()}`;
    const first = await scan({ entity_type: 'person', name: 'Idempotent Ivan' }, { 'Idempotency-Key': key });
    const firstRaw = await first.text();
    const retried = await scan({ entity_type: 'person', name: 'Idempotent Ivan' }, { 'Idempotency-Key': key });
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await retried.text()).toBe(firstRaw);
    const [count] = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from scans where idempotency_key = ?', [key]);
    expect(count!.n).toBe(1);
    const conflicting = await scan({ entity_type: 'person', name: 'Someone Else' }, { 'Idempotency-Key': key });
    expect(conflicting.status).toBe(409);
  });
});
