/**
 * Property-based request fuzzing of every operation in our OpenAPI document (issue: Hardening, item 2).
 * Two phases over one app: first only requests that must be refused (each with a certain violation),
 * bracketed by row counts of every table, so "a refused request stored nothing" is checked soundly;
 * then hostile requests that may be valid. Every answer: no 5xx, errors in the spec's shape.
 * FUZZ_REQUESTS sets the total (default 10,000), FUZZ_SEED replays a run.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, tokenFor } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { sendAll, type FuzzResponse } from './fuzz-client';
import { FuzzTally } from './fuzz-tally';
import { createKnownResources } from './known-resources';
import { operationsOf, type OpenApiLike, type Operation } from './operations';
import { hostileRequest, refusableRequest, type FuzzContext, type FuzzRequest } from './request-cases';
import { contractBreach, describeRequest } from './response-checks';
import { changedTables, countRows } from './row-counts';
import { testRun } from '../helpers/test-run';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
/** Share of the requests that are refusable (phase one); the rest are hostile and possibly valid. */
const REFUSABLE_SHARE = 0.6;
const IN_FLIGHT = 12;
const UNLIMITED = '10000000';

describe(`OpenAPI request fuzzing (${TOTAL} requests, seed ${SEED})`, () => {
  let app: TestApp;
  let operations: Operation[];
  let ctx: FuzzContext;
  const tally = new FuzzTally();
  const started = Date.now();

  beforeAll(async () => {
    app = await startTestApp(
      testConfig({
        // Its own rate-limit keys: every test app calls from 127.0.0.1, and this one's counts would use up the others' per-IP limits.
        REDIS_KEY_PREFIX: `${testRun().redisKeyPrefix}fuzz:`,
        RATE_LIMIT_PUBLIC_PER_MINUTE: UNLIMITED,
        RATE_LIMIT_ELIGIBILITY_PER_MINUTE: UNLIMITED,
        RATE_LIMIT_ASK_PER_MINUTE: UNLIMITED,
        RATE_LIMIT_NEWSLETTER_PER_MINUTE: UNLIMITED,
        RATE_LIMIT_ACP_PER_MINUTE: UNLIMITED,
        RATE_LIMIT_ACP_PER_WALLET_PER_MINUTE: UNLIMITED,
        RATE_LIMIT_ACP_UNDER_VERIFICATION_PER_MINUTE: UNLIMITED,
        // Nothing leaves the machine, whatever a hostile request triggers.
        TURNSTILE_VERIFY_URL: 'http://127.0.0.1:9/siteverify',
        ABN_LOOKUP_BASE_URL: 'http://127.0.0.1:9/json/',
        // Tax invoices need the seller's ABN; without it the invoice routes answer 503 by design.
        SELLER_ABN: '51824753556',
      }),
    );
    const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: Number(UNLIMITED) });
    const document = (await (await fetch(`${app.url}/openapi.json`)).json()) as OpenApiLike;
    operations = operationsOf(document);
    const token = await tokenFor(app.url, client);
    ctx = { components: document.components?.schemas ?? {}, token, known: await createKnownResources(app.url, token, client.accountId) };
  });

  afterAll(async () => {
    if (tally.total > 0) console.log(tally.report(Date.now() - started));
    await app?.close();
  });

  const check = (request: FuzzRequest, response: FuzzResponse) => {
    tally.record(request.op.id, response.status, response.elapsedMs);
    const breach = contractBreach(request, response);
    if (breach) tally.fail(`${breach}\n    ← ${describeRequest(request)}`);
  };

  /** `count` generated requests per arbitrary, reproducible from the seed. */
  const generate = (arbitraries: fc.Arbitrary<FuzzRequest>[], count: number, seed: number) =>
    arbitraries.flatMap((arbitrary, index) => fc.sample(arbitrary, { numRuns: count, seed: seed + index }));

  it('reads every path and method of the document, protected and public', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.some((op) => op.bearer)).toBe(true);
    expect(operations.some((op) => !op.bearer)).toBe(true);
    expect(operations.map((op) => op.id)).toEqual(expect.arrayContaining(['POST /v1/scans/full', 'GET /v1/whoami', 'POST /v1/oauth/token', 'GET /health']));
  });

  it('refuses every request with a certain violation in the spec error shape, and stores nothing for any of them', { timeout: 600_000 }, async () => {
    const refusable = operations.map((op) => ({ op, arbitrary: refusableRequest(op, ctx) }));
    const arbitraries = refusable.flatMap(({ arbitrary }) => (arbitrary ? [arbitrary] : []));
    // Every write that takes any input (credentials, path, body) gets refusable requests; only an input-less one cannot.
    const inputless = (op: Operation) => !op.bearer && !op.body && op.pathParams.length === 0 && op.queryParams.length === 0;
    expect(refusable.filter(({ op, arbitrary }) => op.write && !arbitrary).map(({ op }) => op.id)).toEqual(operations.filter((op) => op.write && inputless(op)).map((op) => op.id));
    const requests = shuffle(generate(arbitraries, Math.ceil((TOTAL * REFUSABLE_SHARE) / arbitraries.length), SEED));
    const before = await countRows(app.deps.orm.em.fork());
    await sendAll(app.url, requests, IN_FLIGHT, check);
    const after = await countRows(app.deps.orm.em.fork());
    expect(tally.failures.slice(0, 15), `${tally.failures.length} breaches, first ones shown`).toEqual([]);
    expect(changedTables(before, after), 'tables changed by refused requests').toEqual([]);
    expect(before.size).toBeGreaterThan(20);
  });

  it.each([
    ['POST', '/v1/scans/full', { entity_type: 'person', name: 'Jane\u0000Citizen' }, ['body', 'name']],
    ['POST', '/v1/scans/batch', { entities: [{ entity_type: 'person', name: 'x\ud800' }] }, ['body', 'entities', 0, 'name']],
    ['POST', '/v1/cases', { scan_id: '{scan_id}', reviewer: '\udfffAnn' }, ['body', 'reviewer']],
    ['PATCH', '/v1/cases/{case_id}/decision', { decision: 'pending', reviewer: 'Ann', notes: 'a\u0000b' }, ['body', 'notes']],
    ['POST', '/v1/monitoring', { scan_id: '{scan_id}', entity_name: 'Jane\u0000', entity_type: 'person' }, ['body', 'entity_name']],
    ['POST', '/v1/ask', { question: 'What is an SMR\u0000?' }, ['body', 'question']],
    ['POST', '/v1/scans/full', { entity_type: 'person', name: 'Jane', risk_profile: { 'k\u0000': 1 } }, ['body', 'risk_profile', 'k\u0000']],
  ])('refuses text PostgreSQL cannot store (NUL, lone surrogates) in %s %s with a 422 at the field, storing nothing', async (method, path, body, loc) => {
    const known = (text: string) => text.replace(/\{(scan_id|case_id)\}/g, (_, name: string) => ctx.known[name]!);
    const before = await countRows(app.deps.orm.em.fork());
    const res = await fetch(`${app.url}${known(path)}`, { method, headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' }, body: known(JSON.stringify(body)) });
    expect(res.status).toBe(422);
    expect((await res.json()) as unknown).toMatchObject({ detail: [{ loc, type: 'invalid_text' }] });
    expect(changedTables(before, await countRows(app.deps.orm.em.fork()))).toEqual([]);
  });

  it.each([
    ['POST', '/v1/ask', { question: 'constructor __proto__ toString hasOwnProperty valueOf' }],
    ['POST', '/v1/scans/full', { entity_type: 'person', name: 'constructor __proto__ toString' }],
    ['POST', '/v1/eligibility/check', { profession_type: 'accountant', services_offered: ['constructor', '__proto__', 'toString'] }],
    ['POST', '/v1/trust-score/51824753556', { entity_name_hint: 'constructor', director_names: ['__proto__ toString'] }],
    ['POST', '/v1/feeds/asic/check', { name: 'constructor __proto__' }],
  ])('answers %s %s without a 5xx when the words are names of Object.prototype members', async (method, path, body) => {
    const res = await fetch(`${app.url}${path}`, { method, headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status, await res.clone().text()).toBeLessThan(500);
  });

  it('answers hostile requests to every operation without a 5xx, every error in the spec shape', { timeout: 600_000 }, async () => {
    const hostile = generate(
      operations.map((op) => hostileRequest(op, ctx)),
      Math.ceil((TOTAL * (1 - REFUSABLE_SHARE)) / operations.length),
      SEED + 1_000,
    );
    await sendAll(app.url, shuffle(hostile), IN_FLIGHT, check);
    expect(tally.failures.slice(0, 15), `${tally.failures.length} breaches, first ones shown`).toEqual([]);
    for (const op of operations) expect(tally.sentTo(op.id), op.id).toBeGreaterThan(0);
    expect(tally.total).toBeGreaterThanOrEqual(TOTAL);
  });
});

/** Interleaves operations, so concurrent requests hit different routes as real traffic would (deterministic: seeded). */
function shuffle<T>(items: T[]): T[] {
  let state = SEED || 1;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}
