import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../src/db/migrate';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor } from '../helpers/identity';
import { loadStandardFixtures } from '../helpers/lists';
import { startOwnPostgres, type OwnPostgres } from '../helpers/own-postgres';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('a PostgreSQL outage seen from the API', () => {
  let cluster: OwnPostgres;
  let app: TestApp;
  let token: string;
  let scanId: string;
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${app.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  beforeAll(async () => {
    cluster = await startOwnPostgres();
    const databaseUrl = `${cluster.serverUrl}/outage`;
    await migrate({ url: databaseUrl, poolMax: 2 });
    app = await startTestApp(testConfig({ DATABASE_URL: databaseUrl }));
    await loadStandardFixtures(app.deps.orm.em.fork());
    await app.deps.screening.index.rebuild();
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    token = await tokenFor(app.url, client);
    scanId = (await jsonOf(await call('POST', '/v1/scans/full', { entity_type: 'person', name: 'Outage Olga' }))).scan_id;
  });
  afterAll(async () => {
    await app?.close();
    cluster?.destroy();
  });

  it('answers 503 in the spec shape with a plain sentence while the database is down, and serves again once it is back', async () => {
    cluster.stop();
    try {
      for (const res of [await call('GET', `/v1/scans/${scanId}`), await call('POST', '/v1/scans/full', { entity_type: 'person', name: 'During Outage' }), await call('GET', '/v1/cases/00000000-0000-4000-8000-000000000000')]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
        const body = await jsonOf(res);
        expect(Object.keys(body)).toEqual(['detail']);
        expect(body.detail).toMatch(/^The database is unavailable/);
        expect(body.detail).not.toMatch(/ECONNREFUSED|knex|pg|Timeout acquiring|stack/i);
      }
      const health = await fetch(`${app.url}/health`);
      expect(health.status).toBe(503);
      expect((await jsonOf(health)).components.database.status).toBe('down');
    } finally {
      cluster.start();
    }
    let res = await call('GET', `/v1/scans/${scanId}`);
    for (let i = 0; i < 20 && res.status !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      res = await call('GET', `/v1/scans/${scanId}`);
    }
    expect(res.status).toBe(200);
    const refused = await app.deps.orm.em.fork().getConnection().execute(`select id from scans where entity_name = 'During Outage'`);
    expect(refused).toEqual([]); // the refused scan changed nothing
  }, 120_000);
});
