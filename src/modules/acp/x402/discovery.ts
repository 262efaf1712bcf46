/**
 * How a buyer agent, or a facilitator cataloguing paid services, finds what each agent-job service
 * takes and returns: x402 v2's `bazaar` extension, declared with `@x402/extensions`' own helper for
 * every service: the job body as a JSON Schema (the same zod schemas the endpoint validates with: the
 * job request, `service_id` fixed, `usdc_amount` bounded by the service's price range, `payload` the
 * service's own request schema) with an example, and the job answer's schema with an example. A 402 for
 * a job carries its service's declaration, with `payment-identifier` (idempotency, optional); `GET
 * /.well-known/x402` lists every service with its price.
 */
import type { PaymentRequired, PaymentRequirements, ResourceInfo } from '@x402/core/types';
import { BAZAAR, bazaarResourceServerExtension, declareDiscoveryExtension } from '@x402/extensions/bazaar';
import { declarePaymentIdentifierExtension, PAYMENT_IDENTIFIER } from '@x402/extensions/payment-identifier';
import type { z as zod } from 'zod';
import type { AppConfig } from '../../../config';
import { z } from '../../../schemas/zod';
import { AsicCheckRequestSchema, AustracCheckRequestSchema } from '../../feeds/feed-requests';
import { EligibilityCheckRequestSchema } from '../../eligibility/eligibility.schema';
import { AustenderQuerySchema } from '../../registers/austender-query';
import { FullScanRequestSchema } from '../../screening/scan-request.schema';
import { AcpJobRequestSchema } from '../job-request';
import { AcpJobResponseSchema } from '../job-response.schema';
import { ACP_SERVICES, type AcpService, type AcpServiceId } from '../services';
import { acpPaymentRequirementsV2, X402_VERSION_V2 } from './requirements';

/** Our name in a facilitator's catalogue (printable ASCII, at most 32 characters, as bazaar requires). */
export const X402_SERVICE_NAME = 'Compliance Intelligence API';
const TAGS = ['compliance', 'sanctions', 'aml', 'australia'];

/** The schema each service validates its `payload` with (job-payloads.ts reads the same ones; a scan's `entity_type` is fixed by its service). */
const PAYLOAD_SCHEMAS: Record<AcpServiceId, zod.ZodType> = {
  austender_feed: AustenderQuerySchema,
  pep_scan: FullScanRequestSchema,
  org_scan: FullScanRequestSchema,
  austrac_eligibility: EligibilityCheckRequestSchema,
  asic_breach: AsicCheckRequestSchema,
  austrac_enforcement: AustracCheckRequestSchema,
};

/** A payload each service accepts (a unit test runs every one through the service's own validation). */
export const PAYLOAD_EXAMPLES: Record<AcpServiceId, Record<string, unknown>> = {
  austender_feed: { agency: 'Department of Defence', limit: 10 },
  pep_scan: { name: 'Jane Citizen', dob: '1970-01-01' },
  org_scan: { name: 'Example Holdings Pty Ltd' },
  austrac_eligibility: { profession_type: 'accountant', services_offered: ['company_trust_formation'] },
  asic_breach: { name: 'Example Holdings Pty Ltd' },
  austrac_enforcement: { name: 'Example Holdings Pty Ltd' },
};

const EXAMPLE_BUYER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

/** Prose is left out: a buyer echoes the declaration in its PAYMENT-SIGNATURE header, so it stays small (the OpenAPI document has the descriptions). */
const withoutProse = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(withoutProse)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'description' && key !== 'example').map(([key, v]) => [key, withoutProse(v)]))
      : value;

const jsonSchema = (schema: zod.ZodType, io: 'input' | 'output') => {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return withoutProse(rest) as Record<string, unknown>;
};

function payloadSchema(id: AcpServiceId): Record<string, unknown> {
  const schema = jsonSchema(PAYLOAD_SCHEMAS[id], 'input') as { properties?: Record<string, unknown>; required?: string[] };
  if (id !== 'pep_scan' && id !== 'org_scan') return schema;
  const { entity_type: _, ...properties } = schema.properties ?? {};
  return { ...schema, properties, required: (schema.required ?? []).filter((field) => field !== 'entity_type') };
}

/** The request's fields for the other rails, which a job paid over x402 must not send (a job is paid once). */
const OTHER_RAILS = new Set(['payment_tx_hash', 'buyer_signature', 'signature_expires_at', 'escrow_job_id']);

/** The job body a service takes over x402, as JSON Schema: the job request with this service's fixed id, price and payload. */
function jobInputSchema(service: AcpService): Record<string, unknown> {
  const request = jsonSchema(AcpJobRequestSchema, 'input') as { properties: Record<string, unknown>; required?: string[] };
  return {
    ...request,
    properties: {
      ...Object.fromEntries(Object.entries(request.properties).filter(([field]) => !OTHER_RAILS.has(field))),
      service_id: { type: 'string', const: service.id },
      usdc_amount: { type: 'number', minimum: service.price_usdc_range[0], maximum: service.price_usdc_range[1] },
      payload: payloadSchema(service.id),
    },
  };
}

const declarations = new Map<AcpServiceId, Record<string, unknown>>();

/** The service's `bazaar` declaration (method POST, JSON body), built once: the schemas never change at run time. */
export function bazaarDeclaration(service: AcpService): Record<string, unknown> {
  const known = declarations.get(service.id);
  if (known) return known;
  const declared = declareDiscoveryExtension({
    bodyType: 'json',
    input: { service_id: service.id, buyer_agent_address: EXAMPLE_BUYER, usdc_amount: service.price_usdc_range[0], chain: 'base_sepolia', payload: PAYLOAD_EXAMPLES[service.id] },
    inputSchema: jobInputSchema(service),
    output: {
      example: {
        acp_job_id: '7f9c2a4e-1b3d-4c5e-8f6a-9b0c1d2e3f40',
        status: 'completed',
        service_id: service.id,
        result: {},
        error: null,
        deliverable_sha256: '0'.repeat(64),
        payment: { kind: 'x402', tx_hash: `0x${'0'.repeat(64)}`, free_job_number: null, escrow: null },
        degraded: false,
        reputation: null,
        feedback_authorization: null,
        created_at: '2026-07-01T00:00:00.000Z',
        settled_at: '2026-07-01T00:00:01.000Z',
      },
      schema: jsonSchema(AcpJobResponseSchema, 'output'),
    },
  })[BAZAAR.key]!;
  // The library sets the method from the request a declaration is served for; ours is always POST.
  const enriched = bazaarResourceServerExtension.enrichDeclaration!(declared, { method: 'POST', adapter: {} }) as Record<string, unknown>;
  declarations.set(service.id, enriched);
  return enriched;
}

/** The v2 extensions a job's 402 declares: its service's `bazaar` description and `payment-identifier` (optional). */
export function x402Extensions(service: AcpService): Record<string, unknown> {
  return { [BAZAAR.key]: bazaarDeclaration(service), [PAYMENT_IDENTIFIER]: declarePaymentIdentifierExtension(false) };
}

function resourceInfo(url: string, service: AcpService): ResourceInfo {
  return { url, description: `${service.name}: ${service.description}`, mimeType: 'application/json', serviceName: X402_SERVICE_NAME, tags: TAGS };
}

/** What a job costs, as an x402 v2 `PaymentRequired` (the `PAYMENT-REQUIRED` header), with `error` saying why. */
export function acpPaymentRequiredV2(config: AppConfig, service: AcpService, amount: number, resource: string, error: string): PaymentRequired {
  return { x402Version: X402_VERSION_V2, error, resource: resourceInfo(resource, service), accepts: [acpPaymentRequirementsV2(config, amount)], extensions: x402Extensions(service) };
}

export interface X402DiscoveryItem {
  resource: string;
  type: 'http';
  x402Version: number;
  /** Priced at the service's lowest price; a job's own 402 asks its `usdc_amount`. */
  accepts: PaymentRequirements[];
  description: string;
  mimeType: string;
  serviceName: string;
  tags: string[];
  extensions: Record<string, unknown>;
  service_id: AcpServiceId;
  price_usdc_range: [number, number];
}

/** `GET /.well-known/x402`: every paid service, as a facilitator's discovery list describes a resource. */
export function x402DiscoveryDocument(config: AppConfig) {
  const base = config.http.publicBaseUrl.replace(/\/+$/, '');
  const url = `${base}/acp/jobs`;
  const items: X402DiscoveryItem[] = ACP_SERVICES.map((service) => {
    const { url: resource, ...info } = resourceInfo(url, service);
    return {
      resource,
      type: 'http',
      x402Version: X402_VERSION_V2,
      accepts: [acpPaymentRequirementsV2(config, service.price_usdc_range[0])],
      description: info.description!,
      mimeType: info.mimeType!,
      serviceName: info.serviceName!,
      tags: info.tags!,
      extensions: x402Extensions(service),
      service_id: service.id,
      price_usdc_range: [service.price_usdc_range[0], service.price_usdc_range[1]],
    };
  });
  return {
    version: 1,
    x402Version: X402_VERSION_V2,
    x402_versions: [X402_VERSION_V2, 1],
    resources: [url, `${base}/v1/acp/jobs`],
    items,
    instructions:
      'POST a job (the bazaar input of its service) to a resource. Unpaid, it answers 402: the PAYMENT-REQUIRED header holds the x402 v2 requirements (network eip155:<chain id>), the body the x402 v1 ones (X-PAYMENT). Retry with a PAYMENT-SIGNATURE header (v2) or an X-PAYMENT header (v1). See docs/agent-commerce.md.',
  };
}
