/** Endpoints 4 and 5: submit a batch (202 at once; a workflow screens it) and poll it. */
import { BatchRequestSchema } from '../../../modules/batches/batch-request.schema';
import type { BatchService } from '../../../modules/batches/batch.service';
import { callerOf } from '../../middleware/authenticate';
import { defineRoute } from '../../route';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';
import { z } from '../../../schemas/zod';

const BatchJobSchema = z
  .object({
    job_id: z.uuid(),
    status: z.enum(['pending', 'running', 'completed']),
    total_items: z.number().int(),
    completed_items: z.number().int(),
    failed_items: z.number().int(),
    webhook_url: z.string().nullable(),
    created_at: z.string(),
    completed_at: z.string().nullable(),
    items: z.array(
      z.object({
        item_index: z.number().int(),
        entity_name: z.string(),
        entity_type: z.enum(['person', 'organisation']),
        status: z.enum(['completed', 'failed']),
        scan_id: z.string().nullable(),
        error_message: z.string().nullable(),
      }),
    ),
  })
  .openapi('BatchJob');

export function batchRoutes(batches: BatchService) {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/scans/batch',
      summary: 'Submit 1 to 100 entities for asynchronous screening',
      description: 'Answers 202 at once with the job (`pending`, no items). Each item becomes a permanent scan; `batch.completed` is sent to `webhook_url`, signed, when all are processed. Plans: Free 10, Starter 50, others 100 entities.',
      tags: ['Scans'],
      access: { kind: 'bearer', scope: 'scans:write' },
      request: { body: BatchRequestSchema },
      responses: { 202: { description: 'Accepted', schema: BatchJobSchema }, 402: { description: 'Not enough credits for every item (reserved at submission): no job was created', schema: ErrorBody }, 503: { description: 'The workflow engine is unavailable; nothing was accepted', schema: ErrorBody }, ...commonErrors },
      handler: async (ctx, { body }) => {
        const job = await batches.submit(ctx.state.em, callerOf(ctx), body);
        ctx.status = 202;
        ctx.set('Location', `/v1/scans/batch/${job.job_id}`);
        ctx.body = job;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/scans/batch/{job_id}',
      summary: 'A batch job with its processed items; safe to poll',
      tags: ['Scans'],
      access: { kind: 'bearer', scope: 'scans:read' },
      request: { params: z.object({ job_id: z.uuid() }) },
      responses: { 200: { description: 'The job', schema: BatchJobSchema }, 404: { description: 'No such job for this account', schema: ErrorBody }, ...commonErrors },
      handler: async (ctx, { params }) => {
        ctx.set('Cache-Control', 'no-store');
        ctx.body = await batches.get(ctx.state.em, callerOf(ctx), params.job_id);
      },
    }),
  ];
}
