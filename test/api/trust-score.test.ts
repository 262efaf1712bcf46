import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAbrExtract } from '../../src/modules/registers/abr-store';
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

  it('scores a well-formed ABN the registers do not know, with every spec field and what a citation needs', async () => {
    const res = await get('51 824 753 556');
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body).toMatchObject({
      abn: '51824753556',
      methodology_version: 'v1.1',
      abr_entity_url: 'https://abr.business.gov.au/ABN/View?abn=51824753556',
      entity_name_used: null,
    });
    expect(body.sub_scores.REG).toBe(40);
    expect(body.contributing_risks).toContain('The ABN is well formed but the Australian Business Register does not know it.');
    // Registers other test files have not loaded are incomplete, never silently clean; an unknown ABN is never GREEN either way.
    const never = Object.entries(body.last_refreshed_per_source as Record<string, string>).filter(([, at]) => at === 'never').map(([source]) => source);
    expect(body.incomplete_sources).toEqual(never);
    expect(body.band).not.toBe('GREEN');
    expect(body.contributing_risks).toContain('An ABN the Australian Business Register does not know keeps the band from GREEN.');
    expect(Object.values(body.sub_scores).every((n) => Number.isInteger(n))).toBe(true);
    expect(Object.keys(body.last_refreshed_per_source)).toEqual(['abr', 'asic_companies', 'asic_banned_persons', 'asic_banned_orgs', 'asic_notices', 'austrac_enforcement', 'austrac_reporting_entities', 'sanctions']);
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
    expect(body.contributing_risks.some((r: string) => /matches .*FORCES DEMOCRATIQUES/i.test(r))).toBe(true);
    expect(body.contributing_risks).toContain('An adverse-media search was asked for, but no search provider is configured, so none was run.');
  });

  it('answers the same inputs the same way from its 24-hour cache, keyed on hint and flag', async () => {
    const abn = records.find((r) => r.status === 'ACT')!.abn;
    const first = await get(abn);
    expect(first.headers.get('x-cache')).toBe('miss');
    const firstBody: Json = await jsonOf(first);
    const second = await get(abn);
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await jsonOf(second)).toEqual(firstBody);
    expect(second.headers.get('x-ratelimit-limit')).toEqual(expect.any(String));
    const flagged = await post(abn, { tranche_2_profession: true });
    expect(flagged.headers.get('x-cache')).toBe('miss');
    expect((await post(abn, { entity_name_hint: '!!!' })).status).toBe(422);
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
