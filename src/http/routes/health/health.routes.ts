/** GET /health: 200 while the database answers, 503 when it does not; the body names every component. */
import { checkHealth, type HealthProbes } from '../../../modules/health/health.service';
import { API_DOCUMENT_VERSION } from '../../openapi';
import { defineRoute } from '../../route';
import { HealthReportSchema } from './health.schema';

export function healthRoutes(probes: HealthProbes) {
  return [
    defineRoute({
      method: 'get',
      path: '/health',
      summary: 'Service health',
      description: 'State of the database, the rate-limit store (Redis), Temporal, the last data-pipeline run and the agent-job interface.',
      tags: ['Platform'],
      access: { kind: 'public', rateLimit: 'default' },
      responses: {
        200: { description: 'The database answers; other components may be degraded or down', schema: HealthReportSchema },
        503: { description: 'The database does not answer', schema: HealthReportSchema },
      },
      handler: async (ctx) => {
        const report = await checkHealth(probes, API_DOCUMENT_VERSION);
        ctx.status = report.components.database.status === 'down' ? 503 : 200;
        ctx.set('Cache-Control', 'no-store');
        ctx.body = report;
      },
    }),
  ];
}
