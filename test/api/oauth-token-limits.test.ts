import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeldWindowClock } from '../helpers/clock';
import { startOwnRedis, type OwnRedis } from '../helpers/fault-redis';
import { postFormFrom } from '../helpers/from-address';
import { createTestClient, type TestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

const PER_PAIR = 3;
const PER_ADDRESS = 8;
const HASHING_CONCURRENCY = 2;

/** Limits low enough to reach, a request limit high enough not to, and the hashing bound at two. */
const limits = (overrides: Record<string, string> = {}) =>
  testConfig({
    REDIS_KEY_PREFIX: `test:${randomUUID()}:`,
    RATE_LIMIT_TOKEN_PER_IP_PER_MINUTE: '1000',
    RATE_LIMIT_TOKEN_FAILURES_PER_CLIENT_IP_PER_MINUTE: String(PER_PAIR),
    RATE_LIMIT_TOKEN_FAILURES_PER_IP_PER_MINUTE: String(PER_ADDRESS),
    TOKEN_SECRET_HASHING_CONCURRENCY: String(HASHING_CONCURRENCY),
    ...overrides,
  });

function tokenEndpoint(app: () => TestApp) {
  return (from: string, client: { clientId: string }, secret: string, headers: Record<string, string> = {}) =>
    postFormFrom(`${app().url}/v1/oauth/token`, from, { grant_type: 'client_credentials', client_id: client.clientId, client_secret: secret }, headers);
}

describe('POST /v1/oauth/token: failed authentications from real client addresses', () => {
  let app: TestApp;
  const logLines: string[] = [];
  const clock = new HeldWindowClock();
  const token = tokenEndpoint(() => app);
  const newClient = () => createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);

  beforeAll(async () => {
    app = await startTestApp(limits({ LOG_LEVEL: 'warn' }), logLines, clock.now);
  });
  afterAll(async () => {
    await app?.close();
  });

  it("stops a stranger's guesses at a client with 429, while the client from its own address and other clients behind the stranger's address go on", async () => {
    const victim: TestClient = await newClient();
    const neighbour: TestClient = await newClient();
    clock.nextMinute();
    const guesses = [];
    for (let i = 0; i < PER_PAIR + 4; i += 1) guesses.push(await token('127.0.0.2', victim, `guess-${i}`));
    expect(guesses.map((r) => r.status)).toEqual([...Array(PER_PAIR).fill(401), ...Array(4).fill(429)]);
    expect(guesses[0]!.body).toEqual({ detail: 'Invalid client credentials', error: 'invalid_client' });
    const refused = guesses.at(-1)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.detail).toMatch(/failed client authentications for this client from this IP address/);

    // The client itself, from its own address, is not locked out, even by its right secret from the stranger's.
    expect((await token('127.0.0.3', victim, victim.clientSecret)).status).toBe(200);
    // The stranger's guesses at one client never reach the address's ceiling: a neighbour behind it gets its token.
    expect((await token('127.0.0.2', neighbour, neighbour.clientSecret)).status).toBe(200);
  });

  it('meets random client ids from one address with the looser per-address ceiling', async () => {
    clock.nextMinute();
    const statuses = [];
    for (let i = 0; i < PER_ADDRESS + 3; i += 1) statuses.push((await token('127.0.0.4', { clientId: randomUUID() }, 'x')).status);
    expect(statuses).toEqual([...Array(PER_ADDRESS).fill(401), 429, 429, 429]);
  });

  it('hashes at most the limit’s worth of secrets for 50 concurrent wrong secrets from one address, two at a time at most', async () => {
    const victim = await newClient();
    clock.nextMinute();
    const before = { ...app.deps.identity.secretHashing.counts };
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => token('127.0.0.5', victim, `concurrent-${i}`)));
    const hashed = app.deps.identity.secretHashing.counts.started - before.started;
    expect(hashed).toBeLessThanOrEqual(PER_PAIR);
    expect(answers.filter((r) => r.status === 401)).toHaveLength(PER_PAIR);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(50 - PER_PAIR);
    expect(answers.every((r) => r.status !== 429 || Number(r.headers['retry-after']) > 0)).toBe(true);
  });

  it('hashes no more than the concurrency bound at once, across many addresses', async () => {
    const victim = await newClient();
    clock.nextMinute();
    app.deps.identity.secretHashing.counts.peak = 0;
    const before = app.deps.identity.secretHashing.counts.started;
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => token(`127.0.1.${i + 1}`, victim, `spread-${i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(16).fill(401));
    expect(app.deps.identity.secretHashing.counts.started - before).toBe(16);
    expect(app.deps.identity.secretHashing.counts.peak).toBeLessThanOrEqual(HASHING_CONCURRENCY);
  });

  it('logs once, with what to set, when requests carry X-Forwarded-For while TRUST_PROXY is off', async () => {
    const client = await newClient();
    for (let i = 0; i < 3; i += 1) await token('127.0.0.6', client, 'wrong', { 'X-Forwarded-For': `203.0.113.${i}` });
    const notices = logLines.filter((line) => line.includes('X-Forwarded-For but TRUST_PROXY=false'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/set TRUST_PROXY=true and TRUST_PROXY_HOPS/);
  });
});

describe('POST /v1/oauth/token with the rate-limit store (Redis) stopped', () => {
  let redis: OwnRedis;
  let app: TestApp;
  const clock = new HeldWindowClock();
  const token = tokenEndpoint(() => app);

  beforeAll(async () => {
    redis = await startOwnRedis();
    app = await startTestApp(limits({ REDIS_URL: redis.url }), undefined, clock.now);
  });
  afterAll(async () => {
    await app?.close();
    await redis?.kill();
  });

  it('still limits failed authentications, in the process, and still serves the right secret', async () => {
    const victim = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey);
    await redis.kill();
    clock.nextMinute();
    const before = app.deps.identity.secretHashing.counts.started;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => token('127.0.0.7', victim, `redisless-${i}`)));
    expect(answers.filter((r) => r.status === 401)).toHaveLength(PER_PAIR);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(20 - PER_PAIR);
    expect(app.deps.identity.secretHashing.counts.started - before).toBeLessThanOrEqual(PER_PAIR);
    const random = [];
    for (let i = 0; i < PER_ADDRESS + 1; i += 1) random.push((await token('127.0.0.8', { clientId: randomUUID() }, 'x')).status);
    expect(random).toEqual([...Array(PER_ADDRESS).fill(401), 429]);
    expect((await token('127.0.0.9', victim, victim.clientSecret)).status).toBe(200);
  });
});
