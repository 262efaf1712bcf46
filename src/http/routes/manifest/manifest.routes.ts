/** Endpoint 26: the capabilities manifest, public and cacheable for an hour (spec: Limits). */
import type { AppConfig } from '../../../config';
import { agentManifest, AgentManifestSchema, type AcpStatus } from '../../../modules/acp/manifest';
import { defineRoute, type AnyRoute } from '../../route';
import { commonErrors } from '../../schemas/common.schema';

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
  ];
}
