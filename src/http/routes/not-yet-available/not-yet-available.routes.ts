/**
 * Endpoints of the interface whose capabilities are not built yet. They answer 501 with a detail that
 * says so, rather than a 404 that reads like a wrong URL or a fake answer that reads like data.
 */
import { NotImplementedError } from '../../../errors';
import { NOT_YET_AVAILABLE_TAG } from '../../../modules/health/health.probes';
import { defineRoute, type AnyRoute } from '../../route';
import { ErrorBody } from '../../schemas/common.schema';

const PENDING: { method: 'get' | 'post'; path: string; capability: string }[] = [
  { method: 'post', path: '/v1/newsletter/subscribe', capability: 'The newsletter sign-up' },
  { method: 'post', path: '/acp/jobs', capability: 'The agent-job interface (ACP)' },
  { method: 'get', path: '/acp/jobs/{acp_job_id}', capability: 'The agent-job interface (ACP)' },
  { method: 'post', path: '/v1/acp/jobs', capability: 'The agent-job interface (ACP)' },
  { method: 'get', path: '/.well-known/agent.json', capability: 'The capabilities manifest' },
];

export function notYetAvailableRoutes(): AnyRoute[] {
  return PENDING.map(({ method, path, capability }) =>
    defineRoute({
      method,
      path,
      summary: `${capability} (not available yet: answers 501)`,
      tags: [NOT_YET_AVAILABLE_TAG],
      access: { kind: 'public', rateLimit: 'default' },
      responses: { 501: { description: 'Not built yet', schema: ErrorBody } },
      handler: () => {
        throw new NotImplementedError(`${capability} is not available yet in this version of the service.`);
      },
    }),
  );
}
