import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAbnLookupServer, type AbnLookupServer } from '../helpers/abn-lookup-server';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { startTestWorker, type TestWorker } from '../helpers/test-worker';

const GUID = 'b7f3c1d2-0000-4000-8000-test-guid';
const CAPTURED_ABN = '74172177893';

describe('ABNs missing from the extract, through the ABN Lookup web service on Temporal', () => {
  let service: AbnLookupServer;
  let app: TestApp;
  let worker: TestWorker;
  const get = async (abn: string) => jsonOf(await fetch(`${app.url}/v1/trust-score/${abn}`));
  const details = () => service.count('AbnDetails.aspx');

  beforeAll(async () => {
    service = await startAbnLookupServer({
      guid: GUID, // seeded with the captured answers, 74 172 177 893 among them
      records: [{ Abn: '53004085616', AbnStatus: 'Cancelled', AbnStatusEffectiveFrom: '2020-05-01', EntityName: 'GONE TRADING PTY LTD', EntityTypeCode: 'PRV', Gst: null, BusinessName: [], Message: '' }],
    });
    const config = testConfig({
      TEMPORAL_TASK_QUEUE: `abn-lookup-${randomUUID()}`,
      REDIS_KEY_PREFIX: `test:abn-lookup:${Date.now()}:`,
      ABN_LOOKUP_GUID: GUID,
      ABN_LOOKUP_BASE_URL: service.baseUrl,
      ABN_LOOKUP_TIMEOUT_MS: '2000',
    });
    app = await startTestApp(config);
    worker = await startTestWorker(config);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
    await service?.close();
  });

  it('reads the registration from the service under abn-lookup-<abn>, stores it, and does not ask twice within the window', async () => {
    const body = await get(CAPTURED_ABN);
    expect(body.entity_name_used).toBe('THE TRUSTEE FOR PSS FUND');
    expect(body.sub_scores.REG).toBe(100);
    expect(body.contributing_risks).toContain('The ABN is missing from the loaded bulk extract; its registration was read from the ABN Lookup web service.');
    expect(body.last_refreshed_per_source.abn_lookup).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(details()).toBe(1);
    const run = await app.deps.temporal.client.workflow.getHandle(`abn-lookup-${CAPTURED_ABN}`).describe();
    expect(run.status.name).toBe('COMPLETED');
    const [stored] = await app.deps.orm.em.fork().getConnection().execute<{ found: boolean }[]>('select found from abn_lookup_responses where abn = ?', [CAPTURED_ABN]);
    expect(stored!.found).toBe(true);

    const again = await jsonOf(await fetch(`${app.url}/v1/trust-score/${CAPTURED_ABN}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ tranche_2_profession: true }) }));
    expect(again.entity_name_used).toBe('THE TRUSTEE FOR PSS FUND');
    expect(details()).toBe(1); // the stored answer, not a second call
  });

  it('scores a cancelled ABN from the service, and an ABN the service does not know as not found', async () => {
    const cancelled = await get('53004085616');
    expect(cancelled.sub_scores.REG).toBe(0);
    expect(cancelled.band).not.toBe('GREEN');
    const unknown = await get('51824753556');
    expect(unknown.sub_scores.REG).toBe(40);
    expect(unknown.contributing_risks).toContain('The ABN is well formed but the ABN Lookup web service of the Australian Business Register answered that it has no such ABN.');
    expect(unknown.incomplete_sources).not.toContain('abn_lookup');
  });

  it('says "could not check" when the service keeps failing: abn_lookup in incomplete_sources, never "does not know", never cached, never GREEN', async () => {
    // An ABN no register extract of this run holds (files share one database), so only the service could know it.
    service.failNext(3); // every attempt the activity's retry policy allows
    const before = details();
    const res = await fetch(`${app.url}/v1/trust-score/57838136614`);
    expect(res.headers.get('x-cache')).toBe('miss');
    const body = await jsonOf(res);
    expect(body.incomplete_sources).toContain('abn_lookup');
    expect(body.last_refreshed_per_source.abn_lookup).toBe('never');
    expect(body.band).not.toBe('GREEN');
    expect(body.sub_scores.REG).toBe(100); // default-clean input for a source that could not be checked
    expect(body.contributing_risks.find((r: string) => r.startsWith('Could not check abn_lookup:'))).toMatch(/could not be reached/);
    expect(JSON.stringify(body)).not.toMatch(/does not know|no such ABN/);
    expect(details() - before).toBe(3); // the activity retried before giving up
    // Nothing of the outage's answer is kept: no cached entry says anything about this ABN.
    const keys = await app.deps.redis.keys(`${app.deps.config.redis.keyPrefix}trust:*`);
    const cached = await Promise.all(keys.map((k) => app.deps.redis.get(k)));
    expect(cached.filter((v) => v?.includes('57838136614'))).toEqual([]);
  });
});
