/** GET /v1/webhooks/deliveries: the caller's webhook events and every delivery attempt. */
import { listDeliveries } from '../../../modules/webhooks/webhook-deliveries';
import { callerOf } from '../../middleware/authenticate';
import { defineRoute } from '../../route';
import { commonErrors } from '../../schemas/common.schema';
import { z } from '../../../schemas/zod';

const Query = z.object({
  job_id: z.uuid().optional().openapi({ description: 'Only the events of this batch job.' }),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

const DeliveriesSchema = z
  .object({
    deliveries: z.array(
      z.object({
        event_id: z.uuid(),
        event: z.string(),
        subject_id: z.string(),
        target_url: z.string(),
        status: z.enum(['pending', 'delivered', 'failed']),
        created_at: z.string(),
        finished_at: z.string().nullable(),
        attempts: z.array(
          z.object({
            attempt: z.number().int(),
            attempted_at: z.string(),
            status_code: z.number().int().nullable(),
            latency_ms: z.number().int().nullable(),
            outcome: z.enum(['delivered', 'retry', 'permanent_failure']),
            error: z.string().nullable(),
          }),
        ),
      }),
    ),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .openapi('WebhookDeliveries');

export function webhookRoutes() {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/webhooks/deliveries',
      summary: 'Webhook events sent to you, newest first, with every attempt',
      tags: ['Webhooks'],
      access: { kind: 'bearer', scope: 'scans:read' },
      request: { query: Query },
      responses: { 200: { description: 'Deliveries', schema: DeliveriesSchema }, ...commonErrors },
      handler: async (ctx, { query }) => {
        ctx.body = await listDeliveries(ctx.state.em, callerOf(ctx).accountId, { subjectId: query.job_id, limit: query.limit, offset: query.offset });
      },
    }),
  ];
}
