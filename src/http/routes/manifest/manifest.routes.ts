/**
 * Endpoint 26: the capabilities manifest, public and cacheable for an hour (spec: Limits); and our
 * extension `/.well-known/x402`, the x402 discovery document of the paid agent-job services.
 */
import type { AppConfig } from '../../../config';
import { agentManifest, AgentManifestSchema, type AcpStatus } from '../../../modules/acp/manifest';
import { x402DiscoveryDocument } from '../../../modules/acp/x402/discovery';
import { z } from '../../../schemas/zod';
import { defineRoute, type AnyRoute } from '../../route';
import { commonErrors } from '../../schemas/common.schema';

const X402DiscoverySchema = z
  .object({
    version: z.number().int(),
    x402Version: z.number().int(),
    x402_versions: z.array(z.number().int()),
    resources: z.array(z.string()),
    items: z.array(z.record(z.string(), z.unknown())),
    instructions: z.string(),
  })
  .openapi('X402Discovery');

/** `acpStatus` is asked on every request, so the manifest says what the agent-job endpoints do now. */
export function manifestRoutes(config: AppConfig, acpStatus: () => AcpStatus = () => 'not_yet_available'): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/.well-known/agent.json',
      summary: 'Capabilities manifest for agents',
      description:
        'Services with their USDC price ranges (the same table the agent-job endpoint accepts), payment rails, the free tier and credits (from the pricing table), reputation and abuse policy, data residency, legal notice and contact. `acp_status` says whether the agent-job endpoints take jobs yet. Cacheable for one hour.',
      tags: ['Manifest'],
      access: { kind: 'public', rateLimit: 'default' },
      responses: { 200: { description: 'The manifest', schema: AgentManifestSchema }, 429: commonErrors[429] },
      handler: (ctx) => {
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = agentManifest(config, acpStatus());
      },
    }),
    defineRoute({
      method: 'get',
      path: '/.well-known/x402',
      summary: 'x402 discovery: the paid agent-job services',
      description:
        'Extension: every agent-job service as an x402 v2 resource, the way a facilitator catalogues one: `resource` (the job endpoint), `accepts` (x402 v2 requirements at the service\'s lowest price, network `eip155:<chain id>`), `extensions` (the `bazaar` description: the job body\'s JSON Schema with this service\'s id, price range and payload schema, and the answer\'s schema, each with an example; and `payment-identifier`), `service_id` and `price_usdc_range`. `resources` lists the endpoints; `x402_versions` the versions taken. Cacheable for one hour.',
      tags: ['Manifest'],
      access: { kind: 'public', rateLimit: 'default' },
      responses: { 200: { description: 'The discovery document', schema: X402DiscoverySchema }, 429: commonErrors[429] },
      handler: (ctx) => {
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = x402DiscoveryDocument(config);
      },
    }),
  ];
}
