import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('POST /v1/scans/batch validation (private webhook targets not allowed)', () => {
  let app: TestApp;
  let token: string;
  let freeToken: string;
  const submit = (body: unknown, bearer = token) =>
    fetch(`${app.url}/v1/scans/batch`, { method: 'POST', headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const item = { entity_type: 'person', name: 'Jane Citizen' };

  beforeAll(async () => {
    app = await startTestApp(testConfig({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' }));
    token = await tokenFor(app.url, await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'scale' }));
    freeToken = await tokenFor(app.url, await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'free' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(['https://127.0.0.1/hook', 'https://10.0.0.1/hook', 'https://169.254.169.254/latest/meta-data', 'https://localhost/hook', 'https://[::1]/hook', 'https://192.168.1.20/x'])(
    'refuses a webhook_url pointing at %s with 422, accepting nothing',
    async (url) => {
      const before = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from batch_jobs');
      const res = await submit({ entities: [item], webhook_url: url });
      expect(res.status).toBe(422);
      const detail = (await jsonOf(res)).detail;
      expect(detail[0].loc).toEqual(['body', 'webhook_url']);
      expect(detail[0].msg).toMatch(/loopback, private, link-local or metadata/);
      const after = await app.deps.orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from batch_jobs');
      expect(after[0]!.n).toBe(before[0]!.n);
    },
  );

  it('refuses a webhook_url that is not an absolute https URL', async () => {
    for (const url of ['http://hooks.example.com/x', 'hooks.example.com/x', 'ftp://x.example/y']) {
      const res = await submit({ entities: [item], webhook_url: url });
      expect(res.status).toBe(422);
      expect((await jsonOf(res)).detail[0].loc).toEqual(['body', 'webhook_url']);
    }
  });

  it('locates an invalid item by its index and field', async () => {
    const res = await submit({ entities: [item, item, { entity_type: 'person', name: 'X', dob: '1990-13-01' }] });
    expect(res.status).toBe(422);
    expect((await jsonOf(res)).detail[0].loc).toEqual(['body', 'entities', 2, 'dob']);
    const org = await submit({ entities: [{ entity_type: 'organisation', name: 'Acme', incorporation_country_code: 'AU' }] });
    expect((await jsonOf(org)).detail[0].loc).toEqual(['body', 'entities', 0, 'incorporation_country_code']);
  });

  it('enforces 1 to 100 entities, and the plan’s lower limit (Free: 10)', async () => {
    expect((await submit({ entities: [] })).status).toBe(422);
    expect((await submit({ entities: Array(101).fill(item) })).status).toBe(422);
    const free = await submit({ entities: Array(11).fill(item) }, freeToken);
    expect(free.status).toBe(422);
    expect((await jsonOf(free)).detail[0]).toMatchObject({ loc: ['body', 'entities'], msg: expect.stringContaining('free plan allows at most 10') });
  });
});
