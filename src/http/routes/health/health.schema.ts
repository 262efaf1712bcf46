/** Shape of GET /health (the spec leaves it open; the architecture page names the components). */
import { z } from '../../../schemas/zod';

const Status = z.enum(['ok', 'degraded', 'down']);

const Component = z.object({
  status: Status,
  detail: z.string(),
  latency_ms: z.number().nullable().openapi({ description: 'How long the probe took; null when it failed.' }),
});

export const HealthReportSchema = z
  .object({
    status: Status.openapi({ description: '`down` only when the database is down (then the response is 503).' }),
    checked_at: z.string().openapi({ format: 'date-time' }),
    version: z.string(),
    components: z.object({
      database: Component,
      rate_limit_store: Component.openapi({ description: 'Redis; when down, rate limits fail open.' }),
      temporal: Component,
      data_pipeline: Component.extend({
        last_run: z.object({
          source: z.string(),
          status: z.string(),
          started_at: z.string(),
          finished_at: z.string().nullable(),
          workflow_id: z.string().nullable(),
        }),
      })
        .nullable()
        .openapi({ description: 'The latest watchlist refresh; null until one has run.' }),
      acp: Component,
      registers: Component.extend({
        last_refreshed: z.record(z.string(), z.string()).openapi({ description: 'Per register source: ISO 8601 time of the last refresh, or `never`.' }),
      }).openapi({ description: 'The public registers behind the Trust Score; information only, never changes the overall status.' }),
    }),
  })
  .openapi('HealthReport');
