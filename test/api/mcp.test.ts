/**
 * The MCP server at /mcp, driven by the official client package over streamable HTTP against the
 * running app: tools listed by scope, tools doing exactly what their REST routes do (the same stored
 * scan, the case report as a PDF resource), and refusals where REST refuses (scope as a tool error,
 * token at the transport, bad input as a tool error naming the field, with nothing stored).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf, type Json } from '../helpers/http';
import { createTestClient, tokenFor } from '../helpers/identity';
import { mcpClient, type McpClient } from '../helpers/mcp-client';
import { pdfPages } from '../helpers/pdf-text';
import { startScreeningApp } from '../helpers/screening-app';
import type { TestApp } from '../helpers/test-app';

const ALL_TOOLS = [
  'asic_check',
  'ask',
  'austrac_enforcement_check',
  'create_case',
  'credits_balance',
  'decide_case',
  'enrol_monitoring',
  'get_batch',
  'get_case_report',
  'get_scan',
  'screen_organisation',
  'screen_person',
  'submit_batch',
  'tranche2_eligibility',
  'trust_score',
];
const HTTP_META = 'compliance-intelligence/http';

describe('MCP server', () => {
  let app: TestApp;
  let token: string;
  let mcp: McpClient;
  let readOnly: McpClient;
  const sql = async <T>(query: string, params: unknown[] = []) => app.deps.orm.em.fork().getConnection().execute<T[]>(query, params);
  const scanCount = async () => (await sql<{ n: number }>('select count(*)::int as n from scans'))[0]!.n;

  beforeAll(async () => {
    ({ app, token } = await startScreeningApp());
    mcp = await mcpClient(`${app.url}/mcp`, token);
    const reader = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'enterprise', customRequestsPerMinute: 100_000, scopes: ['scans:read'] });
    readOnly = await mcpClient(`${app.url}/mcp`, await tokenFor(app.url, reader));
  });
  afterAll(async () => {
    await mcp?.close();
    await readOnly?.close();
    await app?.close();
  });

  it('lists every tool to a client holding every scope, and to a scans:read client only its tools and the public ones', async () => {
    const all = (await mcp.listTools()).tools;
    expect(all.map((t) => t.name).sort()).toEqual(ALL_TOOLS);
    const screen = all.find((t) => t.name === 'screen_person')!;
    expect(screen.inputSchema.properties).toHaveProperty('name');
    expect(screen.inputSchema.properties).not.toHaveProperty('entity_type');
    expect(screen.inputSchema.required).toEqual(['name']);
    expect(screen.outputSchema?.properties).toHaveProperty('scan_result');
    expect(all.find((t) => t.name === 'decide_case')!.inputSchema.required).toEqual(expect.arrayContaining(['case_id', 'decision', 'reviewer']));

    const listed = (await readOnly.listTools()).tools.map((t) => t.name).sort();
    expect(listed).toEqual(['ask', 'get_batch', 'get_scan', 'tranche2_eligibility', 'trust_score']);
  });

  it('screens a person through screen_person into the same permanent record a REST scan stores, readable by get_scan', async () => {
    const name = 'Raed Muhammad Hasan Muhammad Hijazi';
    const result = await mcp.callTool({ name: 'screen_person', arguments: { name, dob: '1968-12-30' } });
    expect(result.isError).toBeFalsy();
    const viaMcp = result.structuredContent as Json;
    expect(viaMcp.risk_assessment.risk_level).toBe('critical');

    const res = await fetch(`${app.url}/v1/scans/full`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entity_type: 'person', name, dob: '1968-12-30' }),
    });
    const viaRest = await jsonOf(res);
    const [mcpRow, restRow] = await Promise.all([viaMcp.scan_id, viaRest.scan_id].map(async (id) => (await sql<Record<string, unknown>>('select * from scans where id = ?', [id]))[0]!));
    const VOLATILE = ['id', 'created_at', 'response_body', 'response_sha256'];
    const stable = (row: Record<string, unknown>) => Object.fromEntries(Object.entries(row).filter(([k]) => !VOLATILE.includes(k)));
    expect(stable(mcpRow!)).toEqual(stable(restRow!));
    const comparable = (body: Json) => ({ ...body, scan_id: null, created_at: null, metadata: { ...body.metadata, query_time_ms: null, timestamp: null } });
    expect(comparable(viaMcp)).toEqual(comparable(viaRest));

    const fetched = await mcp.callTool({ name: 'get_scan', arguments: { scan_id: viaMcp.scan_id } });
    expect(fetched.structuredContent).toEqual(viaMcp);
    // Another account's scan is not found, as over REST.
    expect((await readOnly.callTool({ name: 'get_scan', arguments: { scan_id: viaMcp.scan_id } })).structuredContent).toEqual({ status: 404, detail: 'Scan not found' });
  });

  it('returns a case report as an embedded PDF resource, with the integrity hash the report prints', async () => {
    const scan = (await mcp.callTool({ name: 'screen_organisation', arguments: { name: 'MCP Report Test Holdings Pty Ltd' } })).structuredContent as Json;
    const opened = await mcp.callTool({ name: 'create_case', arguments: { scan_id: scan.scan_id, reviewer: 'mcp-analyst@example.com.au' } });
    expect(opened.isError).toBeFalsy();
    const caseId = (opened.structuredContent as Json).case_id;
    const decided = await mcp.callTool({ name: 'decide_case', arguments: { case_id: caseId, decision: 'false_positive', reviewer: 'mcp-reviewer@example.com.au', notes: 'different entity' } });
    expect(decided.structuredContent).toMatchObject({ case_id: caseId, decision: 'false_positive', audit_chain_valid: true });

    const report = await mcp.callTool({ name: 'get_case_report', arguments: { case_id: caseId } });
    expect(report.isError).toBeFalsy();
    const [content] = report.content as { type: string; resource: { uri: string; mimeType: string; blob: string } }[];
    expect(content!.type).toBe('resource');
    expect(content!.resource).toMatchObject({ uri: `${app.deps.config.http.publicBaseUrl}/v1/cases/${caseId}/report`, mimeType: 'application/pdf' });
    const pdf = Buffer.from(content!.resource.blob, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const hash = ((report._meta as Json)[HTTP_META].headers['x-integrity-hash'] as string).replace('sha256=', '');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await pdfPages(pdf)).join('\n')).toContain(hash);
  });

  it('refuses a tool the token has no scope for as a tool error naming the scope, and stores nothing', async () => {
    const before = await scanCount();
    const result = await readOnly.callTool({ name: 'screen_person', arguments: { name: 'Scope Refusal Person' } });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toEqual({ status: 403, detail: 'Missing required scope: scans:write' });
    expect(await scanCount()).toBe(before);
  });

  it('refuses bad input as a tool error naming each field the way REST does, and stores nothing', async () => {
    const before = await scanCount();
    const result = await mcp.callTool({ name: 'screen_person', arguments: { name: '', dob: '2199-01-01', nickname: 'x' } });
    expect(result.isError).toBe(true);
    const problem = result.structuredContent as Json;
    expect(problem.status).toBe(422);
    const locations = (problem.detail as { loc: string[] }[]).map((i) => i.loc.join('.'));
    expect(locations).toEqual(expect.arrayContaining(['body.name', 'body.dob', 'body.nickname']));
    expect(await scanCount()).toBe(before);
  });

  it('refuses a missing or invalid token at the transport with 401 pointing at the protected resource metadata', async () => {
    await expect(mcpClient(`${app.url}/mcp`, 'not-a-token')).rejects.toThrow();
    const res = await fetch(`${app.url}/mcp`, {
      method: 'POST',
      headers: { Authorization: 'Bearer not.a.token', 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(res.status).toBe(401);
    const metadataUrl = `${app.deps.config.http.publicBaseUrl}/.well-known/oauth-protected-resource`;
    expect(res.headers.get('WWW-Authenticate')).toContain(`resource_metadata="${metadataUrl}"`);
    expect(await jsonOf(res)).toEqual({ detail: 'Invalid access token' });
    const missing = await fetch(`${app.url}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(missing.status).toBe(401);

    const metadata = await jsonOf(await fetch(`${app.url}/.well-known/oauth-protected-resource`));
    expect(metadata).toMatchObject({
      resource: app.deps.config.http.publicBaseUrl,
      bearer_methods_supported: ['header'],
      scopes_supported: expect.arrayContaining(['scans:write', 'reports:read']),
      authorization_servers: [expect.stringMatching(/^https?:\/\//)],
    });
  });

  it('answers public tools as their routes do: ask with each citation as a resource link, tranche2_eligibility as the rule engine', async () => {
    const question = 'When do I have to lodge a suspicious matter report?';
    const asked = await mcp.callTool({ name: 'ask', arguments: { question } });
    expect(asked.isError).toBeFalsy();
    const answer = asked.structuredContent as Json;
    expect(answer.citations.length).toBeGreaterThan(0);
    const links = (asked.content as { type: string; uri?: string }[]).filter((c) => c.type === 'resource_link').map((c) => c.uri);
    expect(links).toEqual(answer.citations.map((c: { url: string }) => c.url));

    const business = { profession_type: 'accountant', services_offered: ['company_trust_formation'] };
    const viaMcp = await mcp.callTool({ name: 'tranche2_eligibility', arguments: business });
    const viaRest = await jsonOf(await fetch(`${app.url}/v1/eligibility/check`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(business) }));
    expect(viaMcp.structuredContent).toEqual(viaRest);
  });

  it("counts each MCP request against the client's per-minute limit, answering 429 at the transport when over", async () => {
    const free = await createTestClient(app.deps.orm.em.fork(), app.deps.config.auth.encryptionKey, { plan: 'free' });
    const freeToken = await tokenFor(app.url, free);
    const list = () =>
      fetch(`${app.url}/mcp`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${freeToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
    const answers = [];
    for (let n = 0; n < 11; n += 1) answers.push(await list());
    expect(answers.slice(0, 10).map((r) => r.status)).toEqual(Array(10).fill(200));
    const over = answers[10]!;
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await jsonOf(over)).detail).toMatch(/^Rate limit exceeded: 10 requests per minute for this client/);
    // No session to stream from: a 2025 client's GET is 405.
    expect((await fetch(`${app.url}/mcp`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream', 'MCP-Protocol-Version': '2025-06-18' } })).status).toBe(405);
  });

  it("fills credits_balance's account_id with the caller's own, and refuses another account's as REST does", async () => {
    const own = await mcp.callTool({ name: 'credits_balance', arguments: {} });
    expect(own.isError).toBeFalsy();
    expect((own.structuredContent as Json).balance).toEqual(expect.any(Number));
    const other = await mcp.callTool({ name: 'credits_balance', arguments: { account_id: '00000000-0000-4000-8000-000000000000' } });
    expect(other.structuredContent).toEqual({ status: 403, detail: "A client may read only its own account's credits" });
  });
});
