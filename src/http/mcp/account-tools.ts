/**
 * The tools of `/mcp` for account holders (bearer tokens), each named for what a compliance agent
 * does and bound to the REST route that does it: same schemas, same services, same scope, same
 * errors, same credits. docs/api/mcp.md lists them with their scopes.
 */
import type { RouteToolDeclaration, ToolContent } from './route-tool';

const IDEMPOTENCY = {
  idempotency_key: {
    header: 'Idempotency-Key',
    description: 'Makes retries safe: the same key and arguments return the first scan instead of screening (and charging) again.',
  },
};

/** `ask` answers with its citations as resource links, so a client can open each official source. */
function citationLinks(body: unknown): ToolContent[] {
  const citations = (body as { citations?: { url: string; title: string | null }[] }).citations ?? [];
  return citations.map((c) => ({ type: 'resource_link', uri: c.url, name: c.title ?? c.url, ...(c.title ? { title: c.title } : {}), mimeType: 'text/html' }));
}

export const ACCOUNT_TOOLS: RouteToolDeclaration[] = [
  {
    name: 'screen_person',
    title: 'Screen a person',
    method: 'post',
    path: '/v1/scans/full',
    description: 'A full scan of a person (entity_type is set to person), stored permanently; costs a check as over REST.',
    fixed: { entity_type: 'person' },
    headers: IDEMPOTENCY,
  },
  {
    name: 'screen_organisation',
    title: 'Screen an organisation',
    method: 'post',
    path: '/v1/scans/full',
    description: 'A full scan of an organisation (entity_type is set to organisation), stored permanently; costs a check as over REST.',
    fixed: { entity_type: 'organisation' },
    headers: IDEMPOTENCY,
  },
  { name: 'get_scan', title: 'Get a stored scan', method: 'get', path: '/v1/scans/{scan_id}' },
  { name: 'submit_batch', title: 'Submit a batch of entities', method: 'post', path: '/v1/scans/batch' },
  { name: 'get_batch', title: 'Get a batch job', method: 'get', path: '/v1/scans/batch/{job_id}' },
  { name: 'create_case', title: 'Open a compliance case', method: 'post', path: '/v1/cases' },
  { name: 'decide_case', title: 'Log a case decision', method: 'patch', path: '/v1/cases/{case_id}/decision' },
  {
    name: 'get_case_report',
    title: 'Get a case report (PDF)',
    method: 'get',
    path: '/v1/cases/{case_id}/report',
    description: 'Returns the PDF as an embedded resource (base64, application/pdf); `_meta` carries X-Integrity-Hash and X-Integrity-Signature.',
  },
  { name: 'enrol_monitoring', title: 'Enrol in ongoing monitoring', method: 'post', path: '/v1/monitoring' },
  { name: 'trust_score', title: 'ABN Trust Score', method: 'post', path: '/v1/trust-score/{abn}' },
  { name: 'asic_check', title: 'ASIC register check', method: 'post', path: '/v1/feeds/asic/check' },
  { name: 'austrac_enforcement_check', title: 'AUSTRAC enforcement check', method: 'post', path: '/v1/feeds/austrac-enforcement/check' },
  { name: 'tranche2_eligibility', title: 'AUSTRAC Tranche 2 eligibility', method: 'post', path: '/v1/eligibility/check' },
  { name: 'ask', title: 'Ask a compliance question', method: 'post', path: '/v1/ask', description: 'Each citation is also returned as a resource link.', present: citationLinks },
  {
    name: 'credits_balance',
    title: 'Credit balance',
    method: 'get',
    path: '/v1/credits/balance',
    description: "account_id defaults to the caller's own account.",
    fromCaller: { account_id: (caller) => caller.accountId },
  },
];
