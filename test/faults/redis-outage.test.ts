/**
 * The rate-limit store crashing under load: a Redis the test starts itself is SIGKILLed while
 * authenticated requests stream in concurrently, then started again on the same port. Redis is not
 * the system of record, so every request is still answered (limits fail open), none with a 5xx, every
 * scan answered is stored exactly once and paid once, /health says the store is down meanwhile, and
 * once Redis is back the limits apply again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldWindowClock } from '../helpers/clock';
import { startOwnRedis, type OwnRedis } from '../helpers/fault-redis';
import { jsonOf } from '../helpers/http';
import { eventually } from '../helpers/https-receiver';
import { createTestClient, tokenFor } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Requests in flight at once. */
const CONCURRENCY = 4;
/** Answers to wait for in each phase (before the crash, during the outage, after the restart). */
const PER_PHASE = 24;

interface Answer {
  kind: 'scan' | 'whoami';
  status: number;
  scanId: string | null;
}

describe('the rate-limit store (Redis) crashing under load', () => {
  let redis: OwnRedis;
  let app: TestApp;
  const clock = new HeldWindowClock();
  const query = <T>(text: string, params: unknown[]) => app.deps.orm.em.fork().getConnection().execute<T[]>(text, params);
  const storeStatus = async () => (await jsonOf(await fetch(`${app.url}/health`))).components.rate_limit_store.status as string;

  beforeAll(async () => {
    redis = await startOwnRedis();
    app = await startTestApp(testConfig({ REDIS_URL: redis.url }), undefined, clock.now);
  });
  afterAll(async () => {
    await app?.close();
    await redis?.kill();
  });

  it('keeps answering every request with 2xx through the crash, stores each scan once, reports the store down, and limits again once Redis is back', async () => {
    const em = app.deps.orm.em.fork();
    const key = app.deps.config.auth.encryptionKey;
    const loadClient = await createTestClient(em, key, { plan: 'enterprise', customRequestsPerMinute: 100_000 });
    const limitedClient = await createTestClient(em, key, { plan: 'enterprise', customRequestsPerMinute: 3 });
    const [loadToken, limitedToken] = [await tokenFor(app.url, loadClient), await tokenFor(app.url, limitedClient)];
    const whoami = (token: string) => fetch(`${app.url}/v1/whoami`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await storeStatus()).toBe('ok');

    const answers: Answer[] = [];
    let stop = false;
    const lane = async (lane: number) => {
      for (let i = 0; !stop; i += 1) {
        if ((i + lane) % 2 === 0) {
          const res = await fetch(`${app.url}/v1/scans/full`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${loadToken}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({ entity_type: 'person', name: `Redisless Person ${lane}-${i}` }),
          });
          const body = res.status < 300 ? await jsonOf(res) : await res.text();
          answers.push({ kind: 'scan', status: res.status, scanId: typeof body === 'object' ? (body.scan_id as string) : null });
        } else {
          const res = await whoami(loadToken);
          await res.arrayBuffer();
          answers.push({ kind: 'whoami', status: res.status, scanId: null });
        }
      }
    };
    const load = Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => lane(i)));
    const answered = (count: number, what: string) => eventually(async () => answers.length >= count, 60_000, what);
    try {
      await answered(PER_PHASE, 'answers before the crash');
      await redis.kill();
      const atCrash = answers.length;
      await eventually(async () => (await storeStatus()) === 'down', 30_000, '/health to report the store down');
      await answered(atCrash + PER_PHASE, 'answers during the outage');
      // Limits fail open: more than the limited client's 3 a minute pass while Redis is away.
      const unlimited = [];
      for (let i = 0; i < 5; i += 1) unlimited.push((await whoami(limitedToken)).status);
      expect(unlimited).toEqual([200, 200, 200, 200, 200]);

      await redis.start();
      const atRestart = answers.length;
      await eventually(async () => (await storeStatus()) === 'ok', 30_000, '/health to report the store back');
      await answered(atRestart + PER_PHASE, 'answers after the restart');
    } finally {
      stop = true;
      await load;
    }

    expect(answers.filter((a) => a.status < 200 || a.status >= 300)).toEqual([]);
    const scanIds = answers.filter((a) => a.kind === 'scan').map((a) => a.scanId);
    expect(scanIds.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(scanIds).size).toBe(scanIds.length);
    const stored = await query<{ id: string; debits: number }>(
      `select s.id, (select count(*)::int from credit_ledger l where l.scan_id = s.id and l.kind = 'debit') as debits from scans s where s.account_id = ?`,
      [loadClient.accountId],
    );
    expect(new Set(stored.map((s) => s.id))).toEqual(new Set(scanIds));
    expect(stored).toHaveLength(scanIds.length);
    expect(stored.every((s) => s.debits === 1)).toBe(true);

    // Redis is back: the limited client is held to its 3 a minute again, counted from a fresh minute.
    clock.nextMinute();
    const limited = [];
    for (let i = 0; i < 4; i += 1) limited.push((await whoami(limitedToken)).status);
    expect(limited).toEqual([200, 200, 200, 429]);
  }, 180_000);
});
