/**
 * `npm run bench:auth`: what bearer authentication and the rate-limit check cost a request, and how
 * many GET /v1/whoami requests per second the whole stack serves at 50 concurrent connections.
 *
 * 1. In process: median time of the guard's own work (verify the JWT, look up the registration (cached,
 *    invalidated by PostgreSQL notifications), count the request in Redis), 5,000 times in a row.
 * 2. Over HTTP, one connection: median latency of GET /v1/whoami (authenticated) minus that of an
 *    unauthenticated, unlimited route answering a JSON body of similar size.
 * 3. autocannon, 50 connections, 10 s: requests/s and latency of GET /v1/whoami.
 */
import autocannon from 'autocannon';
import { createAccount } from '../src/modules/identity/accounts';
import { registerClient } from '../src/modules/identity/client-registrations';
import { ALL_SCOPES } from '../src/modules/identity/scopes';
import { startTestApp } from '../test/helpers/test-app';
import { freshBenchConfig, ms, percentiles } from './support/bench-app';

const say = (line: string) => process.stdout.write(`${line}\n`);

async function timeSequential(n: number, work: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const started = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return samples;
}

async function main(): Promise<void> {
  const config = await freshBenchConfig('auth');
  const app = await startTestApp(config);
  try {
    const em = app.deps.orm.em.fork();
    const account = await createAccount(em, { name: 'bench', plan: 'enterprise', customRequestsPerMinute: 10_000_000 });
    const client = await registerClient(em.fork(), config.auth.encryptionKey, { accountId: account.id, name: 'bench', scopes: ALL_SCOPES });
    const tokenRes = await fetch(`${app.url}/v1/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret! }),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const auth = { Authorization: `Bearer ${token}` };

    say('bench:auth — bearer authentication and rate limiting');
    say(`  warming up...`);
    await timeSequential(500, () => fetch(`${app.url}/v1/whoami`, { headers: auth }).then((r) => r.arrayBuffer()));

    const guard = await timeSequential(5_000, async () => {
      const claims = await app.deps.identity.tokens.verify(token);
      const caller = await app.deps.identity.callers.lookup(app.deps.orm.em.fork(), claims.clientId);
      if (caller.state !== 'active') throw new Error('caller not active');
      await app.deps.limiter.consume('client', claims.clientId, caller.caller.requestsPerMinute);
    });
    const g = percentiles(guard);
    say(`  guard work in process (verify + registration + rate limit), 5,000 runs: p50 ${ms(g.p50)}, p95 ${ms(g.p95)}, p99 ${ms(g.p99)}`);

    const authed = percentiles(await timeSequential(3_000, () => fetch(`${app.url}/v1/whoami`, { headers: auth }).then((r) => r.arrayBuffer())));
    const open = percentiles(await timeSequential(3_000, () => fetch(`${app.url}/.well-known/jwks.json`).then((r) => r.arrayBuffer())));
    say(`  HTTP, one connection, 3,000 requests each: GET /v1/whoami p50 ${ms(authed.p50)}; GET /.well-known/jwks.json (public) p50 ${ms(open.p50)}`);
    say(`  added by authentication + rate limit (median difference): ${ms(authed.p50 - open.p50)}  (target ≤ 1 ms)`);

    say('  autocannon: GET /v1/whoami, 50 connections, 10 s...');
    const result = await autocannon({ url: `${app.url}/v1/whoami`, connections: 50, duration: 10, headers: auth });
    const non2xx = result.non2xx + result.errors;
    say(`  throughput: ${Math.round(result.requests.average)} requests/s (total ${result.requests.total}, non-2xx or errors ${non2xx}); latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  process.stderr.write(`bench:auth failed: ${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
