import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldWindowClock } from '../helpers/clock';
import { jsonOf } from '../helpers/http';
import { createTestClient, tokenFor, type TestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('access control around the edges', () => {
  it('keeps serving authenticated requests when Redis is unreachable, and /health says the store is down', async () => {
    const healthy = await startTestApp(testConfig());
    const client = await createTestClient(healthy.deps.orm.em.fork(), healthy.deps.config.auth.encryptionKey, { plan: 'free' });
    const token = await tokenFor(healthy.url, client);
    await healthy.close();

    const app = await startTestApp(testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }));
    try {
      for (let i = 0; i < 12; i += 1) {
        const res = await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
        expect(res.status).toBe(200); // more than the Free plan's 10: the limiter fails open
      }
      const health = await jsonOf(await fetch(`${app.url}/health`));
      expect(health.components.rate_limit_store.status).toBe('down');
    } finally {
      await app.close();
    }
  });

  describe('secrets', () => {
    const lines: string[] = [];
    let app: TestApp;
    let client: TestClient;
    beforeAll(async () => {
      app = await startTestApp(testConfig({ LOG_LEVEL: 'trace' }), lines);
      client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    });
    afterAll(async () => {
      await app?.close();
    });

    it('never writes the client secret, webhook secret or access token to logs or to the database in clear', async () => {
      const basic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
      const res = await fetch(`${app.url}/v1/oauth/token`, { method: 'POST', headers: { Authorization: basic }, body: new URLSearchParams({ grant_type: 'client_credentials' }) });
      const { access_token: token } = await jsonOf(res);
      await fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
      await fetch(`${app.url}/v1/oauth/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret }) });

      const logs = lines.join('\n');
      expect(lines.length).toBeGreaterThan(2);
      for (const secret of [client.clientSecret, client.webhookSecret, token, basic.slice(6)]) expect(logs).not.toContain(secret);

      const rows = await app.deps.orm.em.fork().getConnection().execute('select row_to_json(c)::text as row from client_registrations c where client_id = ?', [client.clientId]);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(client.clientSecret);
      expect(stored).not.toContain(client.webhookSecret);
      expect(stored).toMatch(/scrypt\$/);
    });
  });

  it('limits public eligibility calls to 60 a minute per IP', async () => {
    // Its own counters: other test files call the eligibility endpoints from 127.0.0.1 in the same minute.
    const app = await startTestApp(testConfig({ RATE_LIMIT_ELIGIBILITY_PER_MINUTE: '5', REDIS_KEY_PREFIX: `test:${randomUUID()}:` }), undefined, new HeldWindowClock().now);
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) statuses.push((await fetch(`${app.url}/v1/eligibility/services`)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await app.close();
    }
  });
});
