/**
 * The capabilities manifest (spec: Capabilities manifest, `GET /.well-known/agent.json`): what a buyer
 * agent needs to decide whether and how to use the service. Its services are the agent-job service
 * table itself and its free tier and credits come from the pricing table, so the manifest cannot
 * advertise anything the job endpoint or checkout would not honour.
 */
import { freeTierClosed } from './free-tier';
import { escrowRailFor, isRailOn } from './escrow/escrow-rail';
import type { AppConfig } from '../../config';
import { manifestPaymentFields } from '../credits/pricing';
import { z } from '../../schemas/zod';
import { ACP_SERVICES } from './services';
import { BAZAAR } from '@x402/extensions/bazaar';
import { PAYMENT_IDENTIFIER } from '@x402/extensions/payment-identifier';
import { caip2Network, x402Network, X402_VERSION, X402_VERSION_V2 } from './x402/requirements';

/** Manifest format and API versions (spec: Versioning 4). */
export const MANIFEST_SCHEMA_VERSION = '1.0';
export const MANIFEST_API_VERSION = 'v1';

/** Whether the agent-job endpoints take jobs in this process (they answer 501 until they do). */
export type AcpStatus = 'live' | 'not_yet_available';

const CHAIN_NAMES: Record<number, string> = { 8453: 'base', 84532: 'base_sepolia' };

/** The payment network by name (`base_sepolia` for the default chain id 84532); an unknown chain as its CAIP-2 id. */
export function chainName(chainId: number): string {
  return CHAIN_NAMES[chainId] ?? `eip155:${chainId}`;
}

const Rail = z.object({
  chain: z.string().openapi({ example: 'base_sepolia' }),
  standard: z.string().openapi({ example: 'ERC-8183' }),
  token: z.literal('USDC'),
  description: z.string(),
  typical_fee_usdc: z.number(),
  escrow: z
    .object({ contract: z.string(), provider: z.string(), evaluator: z.string(), request_field: z.literal('escrow_job_id') })
    .optional()
    .openapi({ description: 'Extension (ERC-8183 rail): the escrow contract and the provider and evaluator a job must name; absent when the rail is not configured here.' }),
  x402: z
    .object({
      versions: z.array(z.number().int()).openapi({ description: 'The x402 versions taken: 2 (`PAYMENT-SIGNATURE`, `PAYMENT-REQUIRED`, `PAYMENT-RESPONSE`) and 1 (`X-PAYMENT`, `X-PAYMENT-RESPONSE`)' }),
      networks: z.object({ v2: z.string().openapi({ example: 'eip155:84532' }), v1: z.string().openapi({ example: 'base-sepolia' }) }),
      extensions: z.array(z.string()).openapi({ description: 'The x402 v2 extensions a 402 declares' }),
      discovery_url: z.string().openapi({ description: 'Every paid service with its bazaar description and price' }),
      mcp_endpoint: z.string().openapi({ description: 'The MCP server (streamable HTTP), whose paid tools take x402 payments in `_meta`' }),
    })
    .optional()
    .openapi({ description: 'Extension (x402 rail): the protocol versions, networks and extensions taken, where the services are catalogued, and the MCP endpoint.' }),
});

const ManifestService = z.object({
  id: z.string().openapi({ example: 'austrac_eligibility' }),
  name: z.string(),
  description: z.string(),
  endpoint: z.string().openapi({ description: 'The API operation the job runs.', example: '/v1/eligibility/check' }),
  job_type: z.string().optional(),
  price_usdc_range: z.tuple([z.number(), z.number()]).openapi({ description: 'Inclusive USDC range a job for this service must pay.' }),
  data_freshness: z.string(),
  auth_required: z.boolean(),
  deadline: z.string().optional().openapi({ description: 'A regulatory date the service relates to (YYYY-MM-DD).', example: '2026-07-01' }),
});

export const AgentManifestSchema = z
  .object({
    schema_version: z.literal(MANIFEST_SCHEMA_VERSION),
    name: z.string(),
    tagline: z.string(),
    description: z.string(),
    base_url: z.string(),
    api_version: z.literal(MANIFEST_API_VERSION),
    docs_url: z.string().openapi({ description: 'Swagger UI' }),
    redoc_url: z.string(),
    openapi_url: z.string(),
    branded_docs_url: z.string().openapi({ description: 'The branded API explorer' }),
    acp_status: z.enum(['live', 'not_yet_available']).openapi({
      description: 'Extension: whether the agent-job endpoints (`/acp/jobs`, `/v1/acp/jobs`) take jobs yet. While `not_yet_available` they answer 501.',
    }),
    payment: z.object({
      rails: z.array(Rail),
      free_tier: z.object({ checks_per_month: z.number().int(), requires_card: z.boolean() }),
      credits: z.object({ never_expire: z.boolean(), minimum_purchase: z.null(), au_gst_inclusive_pricing: z.boolean() }),
    }),
    services: z.array(ManifestService),
    reputation: z.object({
      standard: z.literal('ERC-8004'),
      network: z.string(),
      free_jobs_on_test_network: z.number().int(),
      description: z.string(),
      identity_registry: z.string().nullable().openapi({ description: 'Extension: the ERC-8004 identity registry our agent is registered in' }),
      reputation_registry: z.string().nullable().openapi({ description: 'Extension: the ERC-8004 reputation registry feedback is recorded in' }),
      agent_id: z.number().int().nullable().openapi({ description: 'Extension: our agent id in the identity registry' }),
      wallet_standing_url: z.string().openapi({ description: "Extension: where a wallet sees its standing under the abuse policy ({address} is the wallet)" }),
      abuse_policy: z.object({
        monitoring: z.string(),
        triggers: z.array(z.string()),
        verification_bond: z.object({
          security_deposit_multiple: z.number(),
          held_in: z.literal('escrow'),
          released_after_clean_days: z.number().int(),
          forfeited_on: z.string(),
        }),
        during_verification: z.object({ degraded_responses: z.boolean(), effects: z.array(z.string()) }),
        statement: z.string(),
      }),
    }),
    sentry: z.object({ enabled: z.boolean() }).openapi({ description: 'Whether error monitoring (Sentry) is enabled for this deployment.' }),
    data_residency: z.object({ region: z.string(), statement: z.string() }),
    certifications_in_progress: z.array(z.string()),
    legal: z.object({ not_legal_advice: z.literal(true), disclaimer: z.string(), documentation_url: z.string() }),
    contact: z.object({ email: z.string().nullable(), url: z.string() }),
  })
  .openapi('AgentManifest', { description: 'The capabilities manifest: services, prices, payment rails, reputation and policies.' });

export type AgentManifest = z.infer<typeof AgentManifestSchema>;

export const NOT_LEGAL_ADVICE = 'All outputs are produced by automated systems and are not legal advice.';

const ABUSE_POLICY: AgentManifest['reputation']['abuse_policy'] = {
  monitoring: 'A monitoring agent watches agent-job traffic.',
  triggers: ['structuring', 'blacklisted_wallet', 'enumeration'],
  verification_bond: { security_deposit_multiple: 2, held_in: 'escrow', released_after_clean_days: 30, forfeited_on: 'confirmed abuse' },
  during_verification: { degraded_responses: true, effects: ['lower confidence scores', 'rate-limited'] },
  statement:
    'Agents showing structuring, blacklisted wallets or enumeration patterns go to a verification-bond flow: a 2x security deposit held in escrow, released after a 30-day clean window, forfeited on confirmed abuse. During verification, response quality is degraded (lower confidence scores, rate-limited).',
};

/** Where an ERC-8183 buyer creates its job, when the rail is configured here. */
function escrowRailFields(config: AppConfig) {
  const rail = escrowRailFor(config);
  return isRailOn(rail) ? { escrow: { contract: rail.escrow, provider: rail.provider, evaluator: rail.evaluator, request_field: 'escrow_job_id' as const } } : {};
}

/** The manifest for this deployment; `acpStatus` says whether the agent-job endpoints are served yet. */
export function agentManifest(config: AppConfig, acpStatus: AcpStatus = 'not_yet_available'): AgentManifest {
  const base = config.http.publicBaseUrl.replace(/\/+$/, '');
  const chain = chainName(config.acp.chainId);
  return {
    schema_version: MANIFEST_SCHEMA_VERSION,
    name: 'Compliance Intelligence API',
    tagline: 'Australian compliance intelligence for software agents and humans, through one API.',
    description:
      'Trust Scores for Australian businesses, sanctions and PEP screening with AML risk assessment, batch screening, compliance cases with an audit log, ongoing monitoring, the AUSTRAC Tranche 2 eligibility rule engine, compliance Q&A with citations, and agent jobs paid in USDC.',
    base_url: base,
    api_version: MANIFEST_API_VERSION,
    docs_url: `${base}/docs`,
    redoc_url: `${base}/redoc`,
    openapi_url: `${base}/openapi.json`,
    branded_docs_url: `${base}/api-docs`,
    acp_status: acpStatus,
    payment: {
      rails: [
        {
          chain,
          standard: 'ERC-8183',
          token: 'USDC',
          description: 'Agent jobs: the USDC price is held in escrow and released when the job result is evaluated.',
          typical_fee_usdc: 0.01,
          ...escrowRailFields(config),
        },
        {
          chain,
          standard: 'x402',
          token: 'USDC',
          description: 'Micropayments over HTTP 402, settled per request; the fee is per transaction.',
          typical_fee_usdc: 0.00025,
          x402: {
            versions: [X402_VERSION_V2, X402_VERSION],
            networks: { v2: caip2Network(config.acp.chainId), v1: x402Network(config.acp.chainId) },
            extensions: [BAZAAR.key, PAYMENT_IDENTIFIER],
            discovery_url: `${base}/.well-known/x402`,
            mcp_endpoint: `${base}/mcp`,
          },
        },
      ],
      ...manifestPaymentFields(),
    },
    services: ACP_SERVICES.map((s) => ({
      id: s.id,
      name: s.name,
      description: s.description,
      endpoint: s.endpoint,
      ...(s.job_type === undefined ? {} : { job_type: s.job_type }),
      price_usdc_range: [s.price_usdc_range[0], s.price_usdc_range[1]],
      data_freshness: s.data_freshness,
      auth_required: s.auth_required,
      ...(s.deadline === undefined ? {} : { deadline: s.deadline }),
    })),
    reputation: {
      standard: 'ERC-8004',
      network: 'base_sepolia',
      free_jobs_on_test_network: config.acp.freeJobsPerWallet,
      description: freeTierClosed(config)
        ? 'Agent reputation follows ERC-8004: after a completed paid job the answer carries our feedback_authorization, for the buyer to rate us; we never rate ourselves. This deployment offers no free jobs.'
        : `Agent reputation follows ERC-8004: after a completed paid job the answer carries our feedback_authorization, for the buyer to rate us; we never rate ourselves. On the test network the first ${config.acp.freeJobsPerWallet} jobs of each wallet are free, within ${config.acp.freeJobsPerIpPerDay} free jobs a day per source IP address and ${config.acp.freeJobsPerDay} a day in all.`,
      identity_registry: config.acp.identityRegistryAddress ?? null,
      reputation_registry: config.acp.reputationRegistryAddress ?? null,
      agent_id: config.acp.agentId ?? null,
      wallet_standing_url: `${base}/acp/wallets/{address}`,
      abuse_policy: ABUSE_POLICY,
    },
    sentry: { enabled: false },
    data_residency: { region: 'Australia', statement: 'Data is processed and stored in one Australian cloud region.' },
    certifications_in_progress: [],
    legal: { not_legal_advice: true, disclaimer: NOT_LEGAL_ADVICE, documentation_url: `${base}/docs` },
    contact: { email: config.seller.email ?? null, url: base },
  };
}
