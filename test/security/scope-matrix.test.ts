import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SCOPES, type Scope } from '../../src/modules/identity/scopes';
import { jsonOf, type Json } from '../helpers/http';
import { createTestClient, tokenFor } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { testRun } from '../helpers/test-run';

/** Who may call a route: anyone, any valid token, or a token holding one scope. */
type Access = 'public' | 'authenticated' | Scope;

/**
 * The access policy, one row per route. Written out by hand so a change of policy is a visible diff,
 * and compared with the OpenAPI document so a route added without a row here fails.
 */
const MATRIX: Record<string, Access> = {
  'POST /v1/oauth/token': 'public',
  'GET /.well-known/jwks.json': 'public',
  'GET /.well-known/agent.json': 'public',
  'GET /.well-known/oauth-protected-resource': 'public',
  'GET /.well-known/x402': 'public',
  'GET /health': 'public',
  'GET /v1/whoami': 'authenticated',
  'POST /v1/scans/full': 'scans:write',
  'GET /v1/scans/{scan_id}': 'scans:read',
  'POST /v1/scans/batch': 'scans:write',
  'GET /v1/scans/batch/{job_id}': 'scans:read',
  'GET /v1/webhooks/deliveries': 'scans:read',
  'POST /v1/cases': 'cases:write',
  'GET /v1/cases/{case_id}': 'cases:read',
  'PATCH /v1/cases/{case_id}/decision': 'cases:write',
  'GET /v1/cases/{case_id}/report': 'reports:read',
  'GET /v1/cases/{case_id}/report.json': 'reports:read',
  'POST /v1/monitoring': 'monitoring:write',
  'GET /v1/monitoring': 'monitoring:read',
  'DELETE /v1/monitoring/{enrolment_id}': 'monitoring:write',
  'GET /v1/monitoring/alerts': 'monitoring:read',
  'GET /v1/monitoring/suppressions': 'monitoring:read',
  'POST /v1/feeds/asic/check': 'feeds:read',
  'POST /v1/feeds/austrac-enforcement/check': 'feeds:read',
  'GET /v1/credits/balance': 'credits:read',
  'GET /v1/credits/ledger': 'credits:read',
  'GET /v1/credits/invoices': 'credits:read',
  'GET /v1/credits/invoices/{invoice_id}': 'credits:read',
  'GET /v1/credits/pricing': 'public',
  'POST /v1/psp/checkout': 'credits:write',
  'POST /v1/psp/webhook': 'public',
  'POST /v1/eligibility/check': 'public',
  'GET /v1/eligibility/services': 'public',
  'POST /v1/ask': 'public',
  'GET /v1/trust-score/methodology/version': 'public',
  'GET /v1/trust-score/methodology/{version}': 'public',
  'GET /v1/trust-score/{abn}': 'public',
  'POST /v1/trust-score/{abn}': 'public',
  'POST /acp/jobs': 'public',
  'POST /v1/acp/jobs': 'public',
  'GET /acp/jobs/{acp_job_id}': 'public',
  'GET /acp/wallets/{address}': 'public',
  'POST /acp/wallets/{address}/bond': 'public',
  'POST /v1/newsletter/subscribe': 'public',
  // Left out of the OpenAPI document (the document itself and its viewers); public all the same.
  'GET /openapi.json': 'public',
  'GET /docs': 'public',
  'GET /redoc': 'public',
  'GET /api-docs': 'public',
};
const HIDDEN = ['GET /openapi.json', 'GET /docs', 'GET /redoc', 'GET /api-docs'];

/** The access each operation of the OpenAPI document declares. */
function documented(document: Json): Record<string, Access> {
  const declared: Record<string, Access> = {};
  for (const [path, operations] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, operation] of Object.entries(operations)) {
      const oauth = (operation.security as Json[] | undefined)?.find((s) => s.oauth2)?.oauth2 as string[] | undefined;
      declared[`${method.toUpperCase()} ${path}`] = !oauth ? 'public' : ((oauth[0] as Scope | undefined) ?? 'authenticated');
    }
  }
  return declared;
}

describe('the scope matrix: every route × every scope', () => {
  let app: TestApp;
  let document: Json;
  /** One token per scope, each from a registration holding only that scope (cached for the whole file). */
  const tokens = new Map<Scope, string>();

  beforeAll(async () => {
    app = await startTestApp(
      // Its own rate-limit keys: every test app calls from 127.0.0.1, and this one's counts would use up the others' per-IP limits.
      testConfig({ REDIS_KEY_PREFIX: `${testRun().redisKeyPrefix}scope-matrix:`, RATE_LIMIT_PUBLIC_PER_MINUTE: '100000', RATE_LIMIT_ELIGIBILITY_PER_MINUTE: '100000', RATE_LIMIT_ASK_PER_MINUTE: '100000', RATE_LIMIT_ACP_PER_MINUTE: '100000', RATE_LIMIT_ACP_UNDER_VERIFICATION_PER_MINUTE: '100000', RATE_LIMIT_NEWSLETTER_PER_MINUTE: '100000' }),
    );
    document = await jsonOf(await fetch(`${app.url}/openapi.json`));
    await Promise.all(
      ALL_SCOPES.map(async (scope) => {
        const client = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000, scopes: [scope], credits: 0 });
        tokens.set(scope, await tokenFor(app.url, client));
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A minimal request: placeholders for path parameters, an empty JSON object as the body of writes. */
  const call = (route: string, token?: string) => {
    const [method, template] = route.split(' ') as [string, string];
    const hasBody = method !== 'GET' && method !== 'DELETE';
    return fetch(`${app.url}${template.replace(/\{[^}]+\}/g, randomUUID())}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(hasBody ? { 'Content-Type': 'application/json' } : {}) },
      ...(hasBody ? { body: '{}' } : {}),
    });
  };

  it('has exactly one row per documented route, with the access the document declares', () => {
    const declared = documented(document);
    const rows = Object.fromEntries(Object.entries(MATRIX).filter(([route]) => !HIDDEN.includes(route)));
    expect(Object.keys(declared).sort()).toEqual(Object.keys(rows).sort());
    expect(declared).toEqual(rows);
  });

  it('covers every scope the system knows, and the document names no other', () => {
    expect(new Set(Object.values(MATRIX).filter((a) => a !== 'public' && a !== 'authenticated'))).toEqual(new Set(ALL_SCOPES));
    expect(Object.keys(document.components.securitySchemes.oauth2.flows.clientCredentials.scopes).sort()).toEqual([...ALL_SCOPES].sort());
  });

  it('refuses a route needing a scope with 401 when no token is sent, and lets public routes through', async () => {
    for (const [route, access] of Object.entries(MATRIX)) {
      const res = await call(route);
      if (access === 'public') expect(res.status, route).not.toBe(401);
      else expect(res.status, route).toBe(401);
      await res.arrayBuffer();
    }
  });

  it('answers 403 naming the scope to a token without it, and passes authorisation with it', async () => {
    let checked = 0;
    await Promise.all(
      ALL_SCOPES.map(async (scope) => {
        for (const [route, access] of Object.entries(MATRIX)) {
          const res = await call(route, tokens.get(scope));
          const what = `${route} with only ${scope}: ${res.status}`;
          if (access === 'public' || access === 'authenticated' || access === scope) {
            expect(res.status, what).not.toBe(401);
            if (res.status === 403) expect((await jsonOf(res)).detail, what).not.toMatch(/scope/i);
            else await res.arrayBuffer();
          } else {
            expect(res.status, what).toBe(403);
            expect(await jsonOf(res), what).toEqual({ detail: `Missing required scope: ${access}` });
            expect(res.headers.get('www-authenticate'), what).toContain(`scope="${access}"`);
          }
          checked += 1;
        }
      }),
    );
    expect(checked).toBe(ALL_SCOPES.length * Object.keys(MATRIX).length);
  });
});
