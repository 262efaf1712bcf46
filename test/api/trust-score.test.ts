import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAbrExtract } from '../../src/modules/registers/abr-extract.store';
import type { AbrRecord } from '../../src/sources/abr/abr-record';
import { parseAbrExtract } from '../../src/sources/abr/parse';
import { writeAbrExtract } from '../../scripts/generate-abr-extract';
import { jsonOf, type Json } from '../helpers/http';
import { loadStandardFixtures } from '../helpers/lists';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('the ABN Trust Score endpoints', () => {
  let app: TestApp;
  const records: AbrRecord[] = [];
  const get = (abn: string) => fetch(`${app.url}/v1/trust-score/${encodeURIComponent(abn)}`);
  const post = (abn: string, body: unknown) => fetch(`${app.url}/v1/trust-score/${abn}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    app = await startTestApp(testConfig({ REDIS_KEY_PREFIX: `test:trust:${Date.now()}:` }));
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
    const file = join(mkdtempSync(join(tmpdir(), 'abr-')), 'extract.xml');
    await writeAbrExtract(file, 40);
    for await (const event of parseAbrExtract(file)) if ('record' in event) records.push(event.record);
    await storeAbrExtract(app.deps.orm.em.fork(), { path: file, origin: `file:${file}`, workflowId: null });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers a malformed ABN with 422 naming the problem', async () => {
    const res = await get('51 824 753 557');
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).detail[0]).toMatchObject({ loc: ['path', 'abn'], msg: expect.stringMatching(/checksum/), type: 'abn_invalid' });
    expect((await get('12345')).status).toBe(422);
  });

  it('scores a well-formed ABN missing from the extract, without ABN Lookup, as "could not check", with every spec field and what a citation needs', async () => {
    const res = await get('51 824 753 556');
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body).toMatchObject({
      abn: '51824753556',
      methodology_version: 'v1.2',
      abr_entity_url: 'https://abr.business.gov.au/ABN/View?abn=51824753556',
      entity_name_used: null,
    });
    // No ABN Lookup is configured here: the registration could not be checked, which is never "unknown".
    expect(body.sub_scores.REG).toBe(100);
    expect(JSON.stringify(body)).not.toMatch(/does not know|no such ABN/);
    expect(body.contributing_risks).toContain(
      'Could not check abn_lookup: the ABN is not in the loaded bulk extract and no ABN Lookup web service is configured (ABN_LOOKUP_GUID), so its registration was not checked.',
    );
    // Registers other test files have not loaded are incomplete, never silently clean, and so are sources no feed offers.
    const never = Object.entries(body.last_refreshed_per_source as Record<string, string>).filter(([, at]) => at === 'never').map(([source]) => source);
    expect(body.incomplete_sources).toEqual([...never, 'abn_lookup', 'personal_insolvency', 'court_records']);
    expect(body.band).not.toBe('GREEN');
    expect(body).toMatchObject({ possible_matches: [], directors_checked: [], names_screened: [] });
    expect(body.notes).toContain("No director was checked: none was named (POST `directors` to check them against ASIC's banned and disqualified persons register).");
    expect(Object.values(body.sub_scores).every((n) => Number.isInteger(n))).toBe(true);
    expect(Object.keys(body.last_refreshed_per_source)).toEqual(['abr', 'asic_companies', 'asic_banned_persons', 'asic_banned_orgs', 'asic_notices', 'austrac_enforcement', 'sanctions']);
    expect(body.last_refreshed_per_source.abr).toMatch(/^\d{4}-/);
    expect(Date.parse(body.retrieved_at)).not.toBeNaN();
  });

  it('zeroes REG for a cancelled ABN from the loaded extract, and uses its registered name for the sanctions match', async () => {
    const cancelled = records.find((r) => r.status === 'CAN')!;
    const body = await jsonOf(await get(cancelled.abn));
    expect(body.sub_scores.REG).toBe(0);
    expect(['AMBER', 'RED']).toContain(body.band);
    expect(body.entity_name_used).toBe(cancelled.name);
  });

  it('zeroes SAN when the name hint is on a sanctions list', async () => {
    const active = records.find((r) => r.status === 'ACT' && !r.individual)!;
    const res = await post(active.abn, { entity_name_hint: 'Forces Democratiques de Liberation du Rwanda', include_adverse_media: true });
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body.sub_scores.SAN).toBe(0);
    expect(body.entity_name_used).toBe('Forces Democratiques de Liberation du Rwanda');
    expect(body.names_screened).toEqual([active.name, 'Forces Democratiques de Liberation du Rwanda']);
    expect(body.contributing_risks.some((r: string) => /matches .*FORCES DEMOCRATIQUES/i.test(r))).toBe(true);
    expect(body.contributing_risks).toContain('An adverse-media search was asked for, but no search provider is configured, so none was run.');
  });

  it('answers the same inputs the same way from its 24-hour cache, and tells hits only on GET', async () => {
    const abn = records.find((r) => r.status === 'ACT')!.abn;
    const first = await get(abn);
    expect(first.headers.get('x-cache')).toBe('miss');
    const firstBody: Json = await jsonOf(first);
    const second = await get(abn);
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await jsonOf(second)).toEqual(firstBody);
    expect(second.headers.get('x-ratelimit-limit')).toEqual(expect.any(String));
    const flagged = await post(abn, { tranche_2_profession: true });
    expect(flagged.status).toBe(200);
    expect(flagged.headers.get('x-cache')).toBeNull();
  });

  it('keeps no hint or director name in a cache key, caches answers to names per caller, and bounds its entries', async () => {
    const abn = records.find((r) => r.status === 'ACT' && !r.individual)!.abn;
    const hint = `Secret Hint ${Date.now()}`;
    expect((await post(abn, { entity_name_hint: hint, directors: [{ name: 'Private Person', postcode: '3000', state: 'vic' }] })).status).toBe(200);
    expect((await post(abn, { include_adverse_media: true })).status).toBe(200);
    const keys = await app.deps.redis.keys(`${app.deps.config.redis.keyPrefix}trust:*`);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(key).toMatch(/trust:v1\.2:[0-9a-f]{64}$/);
    for (const key of keys) expect(Buffer.byteLength((await app.deps.redis.get(key)) ?? '')).toBeLessThanOrEqual(64 * 1024);
  });

  it('accepts any entity_name_hint up to 512 characters, as the spec says, and refuses a longer one in the spec shape', async () => {
    const abn = records.find((r) => r.status === 'ACT' && !r.individual)!;
    const punctuation = await post(abn.abn, { entity_name_hint: '!!!' });
    expect(punctuation.status).toBe(200);
    const body = await jsonOf(punctuation);
    expect(body.names_screened).toEqual([abn.name]);
    expect(body.notes).toContain('The name hint has no letter or digit, so only the registered name was screened.');
    expect((await post(abn.abn, { entity_name_hint: '' })).status).toBe(200);
    expect((await post(abn.abn, { entity_name_hint: 'x'.repeat(512) })).status).toBe(200);
    const long = await post(abn.abn, { entity_name_hint: 'x'.repeat(513) });
    expect(long.status).toBe(422);
    expect((await jsonOf(long)).detail[0]).toMatchObject({ loc: ['body', 'entity_name_hint'] });
    const badDirector = await post(abn.abn, { directors: [{ name: 'A Person', postcode: '30000' }] });
    expect(badDirector.status).toBe(422);
    expect((await jsonOf(badDirector)).detail[0].loc).toEqual(['body', 'directors', 0, 'postcode']);
    expect((await post(abn.abn, { directors: [{ name: 'A Person', date_of_birth: '1970-01-01' }] })).status).toBe(422);
  });

  it('names the register sources and their last refresh on /health', async () => {
    const registers = (await jsonOf(await fetch(`${app.url}/health`))).components.registers;
    expect(registers.status).toBe('ok');
    expect(registers.last_refreshed).toMatchObject({ abr: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(Object.keys(registers.last_refreshed)).toEqual(['abr', 'asic_companies', 'asic_banned_persons', 'asic_banned_orgs', 'asic_notices', 'austrac_enforcement', 'austrac_reporting_entities', 'austender']);
    const never = Object.entries(registers.last_refreshed as Record<string, string>).filter(([, at]) => at === 'never').map(([source]) => source);
    expect(registers.detail).toBe(never.length ? `not loaded yet: ${never.join(', ')} (Trust Scores list them in incomplete_sources)` : 'every register loaded');
  });
});
