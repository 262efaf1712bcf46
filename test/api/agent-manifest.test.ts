import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACP_SERVICES } from '../../src/modules/acp/services';
import { pricingTable } from '../../src/modules/credits/pricing';
import { jsonOf, type Json } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** The spec's top-level fields (Capabilities manifest), in its order. */
const SPEC_FIELDS = [
  'schema_version',
  'name',
  'tagline',
  'description',
  'base_url',
  'api_version',
  'docs_url',
  'redoc_url',
  'openapi_url',
  'branded_docs_url',
  'payment',
  'services',
  'reputation',
  'sentry',
  'data_residency',
  'certifications_in_progress',
  'legal',
  'contact',
];

describe('GET /.well-known/agent.json', () => {
  let app: TestApp;
  let res: Response;
  let manifest: Json;
  beforeAll(async () => {
    app = await startTestApp(testConfig({ PUBLIC_BASE_URL: 'https://api.example.test' }));
    res = await fetch(`${app.url}/.well-known/agent.json`);
    manifest = await jsonOf(res);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 200 to anyone, cacheable for an hour, with every top-level field of the spec (and only acp_status besides)', () => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Object.keys(manifest).sort()).toEqual([...SPEC_FIELDS, 'acp_status'].sort());
    for (const field of SPEC_FIELDS) expect(manifest[field], field).not.toBeNull();
    expect(manifest.schema_version).toBe('1.0');
    expect(manifest.api_version).toBe('v1');
  });

  it('points at the public base URL and the documentation the service serves', async () => {
    expect(manifest.base_url).toBe('https://api.example.test');
    expect(manifest.docs_url).toBe('https://api.example.test/docs');
    expect(manifest.redoc_url).toBe('https://api.example.test/redoc');
    expect(manifest.openapi_url).toBe('https://api.example.test/openapi.json');
    expect(manifest.branded_docs_url).toBe('https://api.example.test/api-docs');
    for (const url of [manifest.docs_url, manifest.redoc_url, manifest.openapi_url, manifest.branded_docs_url, manifest.legal.documentation_url]) {
      const path = new URL(url as string).pathname;
      expect((await fetch(`${app.url}${path}`)).status, path).toBe(200);
    }
    expect(manifest.contact).toEqual({ email: null, url: 'https://api.example.test' });
  });

  it('says the agent-job endpoints take jobs', () => {
    expect(manifest.acp_status).toBe('live');
  });

  it('lists the escrow and micropayment rails and the free tier and credits of the pricing table', () => {
    expect(manifest.payment.rails).toHaveLength(2);
    const [escrow, x402] = manifest.payment.rails;
    expect(escrow).toMatchObject({ chain: 'base_sepolia', standard: 'ERC-8183', token: 'USDC', typical_fee_usdc: 0.01 });
    expect(x402).toMatchObject({ chain: 'base_sepolia', standard: 'x402', token: 'USDC', typical_fee_usdc: 0.00025 });
    // Both x402 versions, each by its own network name, the v2 extensions, the discovery document and the MCP endpoint.
    expect(x402.x402).toEqual({
      versions: [2, 1],
      networks: { v2: 'eip155:84532', v1: 'base-sepolia' },
      extensions: ['bazaar', 'payment-identifier'],
      discovery_url: 'https://api.example.test/.well-known/x402',
      mcp_endpoint: 'https://api.example.test/mcp',
    });
    for (const rail of manifest.payment.rails) expect(rail.description).toEqual(expect.any(String));
    const pricing = pricingTable();
    expect(manifest.payment.free_tier).toEqual(pricing.free_tier);
    expect(manifest.payment.free_tier).toEqual({ checks_per_month: 10, requires_card: false });
    expect(manifest.payment.credits).toEqual({ never_expire: true, minimum_purchase: null, au_gst_inclusive_pricing: true });
    expect(manifest.payment.credits.never_expire).toBe(pricing.credits.never_expire);
  });

  it('lists exactly the services of the agent-job service table', () => {
    const table = ACP_SERVICES.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      endpoint: s.endpoint,
      ...(s.job_type ? { job_type: s.job_type } : {}),
      price_usdc_range: [...s.price_usdc_range],
      data_freshness: s.data_freshness,
      auth_required: s.auth_required,
      ...(s.deadline ? { deadline: s.deadline } : {}),
    }));
    expect(manifest.services).toEqual(table);
    // The spec's table, as a check that the service table itself says what the spec says.
    const byId = Object.fromEntries((manifest.services as Json[]).map((s) => [s.id, s]));
    expect(Object.keys(byId)).toEqual(['austender_feed', 'pep_scan', 'org_scan', 'austrac_eligibility', 'asic_breach', 'austrac_enforcement']);
    expect(byId.austender_feed).toMatchObject({ job_type: 'austender_query', price_usdc_range: [25, 40], data_freshness: 'daily', auth_required: false });
    expect(byId.pep_scan).toMatchObject({ endpoint: '/v1/scans/full', price_usdc_range: [3, 15], data_freshness: 'real-time query', auth_required: true });
    expect(byId.org_scan).toMatchObject({ endpoint: '/v1/scans/full', price_usdc_range: [3, 15], data_freshness: 'real-time query', auth_required: true });
    expect(byId.austrac_eligibility).toMatchObject({ endpoint: '/v1/eligibility/check', price_usdc_range: [40, 75], data_freshness: 'rule engine', auth_required: false, deadline: '2026-07-01' });
    expect(byId.asic_breach).toMatchObject({ endpoint: '/v1/feeds/asic/check', price_usdc_range: [25, 50], data_freshness: 'weekly', auth_required: true });
    expect(byId.austrac_enforcement).toMatchObject({ endpoint: '/v1/feeds/austrac-enforcement/check', price_usdc_range: [20, 40], data_freshness: 'weekly', auth_required: true });
  });

  it('states reputation, the abuse policy, error monitoring, data residency, certifications and the legal notice', () => {
    expect(manifest.reputation).toMatchObject({ standard: 'ERC-8004', network: 'base_sepolia', free_jobs_on_test_network: 5 });
    expect(manifest.reputation.abuse_policy).toMatchObject({
      triggers: ['structuring', 'blacklisted_wallet', 'enumeration'],
      verification_bond: { security_deposit_multiple: 2, held_in: 'escrow', released_after_clean_days: 30, forfeited_on: 'confirmed abuse' },
      during_verification: { degraded_responses: true, effects: ['lower confidence scores', 'rate-limited'] },
    });
    expect(manifest.reputation.abuse_policy.monitoring).toMatch(/monitoring agent/);
    expect(manifest.sentry).toEqual({ enabled: false });
    expect(manifest.data_residency.region).toBe('Australia');
    expect(manifest.data_residency.statement).toMatch(/one Australian cloud region/);
    expect(manifest.certifications_in_progress).toEqual([]);
    expect(manifest.legal).toMatchObject({ not_legal_advice: true, documentation_url: 'https://api.example.test/docs' });
    expect(manifest.legal.disclaimer).toMatch(/not legal advice/);
  });

  it('is described in the OpenAPI document with its schema', async () => {
    const document = await jsonOf(await fetch(`${app.url}/openapi.json`));
    const operation = document.paths['/.well-known/agent.json']?.get;
    expect(operation).toBeDefined();
    expect(operation.security ?? []).toEqual([]);
    expect(operation.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AgentManifest' });
    const schema = document.components.schemas.AgentManifest;
    expect(schema.required).toEqual(expect.arrayContaining([...SPEC_FIELDS, 'acp_status']));
  });
});
