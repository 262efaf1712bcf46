/** Endpoints 20 to 22 (enrol, list, unenrol) and the stored alerts of ongoing monitoring. */
import type { AppConfig } from '../../../config';
import { ValidationError } from '../../../errors';
import { listAlerts } from '../../../modules/monitoring/alerts';
import { enrol, listActiveEnrolments, unenrol } from '../../../modules/monitoring/enrolments';
import { listSuppressions } from '../../../modules/monitoring/sweep-rulings';
import { checkWebhookUrl, WebhookTargetError } from '../../../modules/webhooks/target-policy';
import { callerOf } from '../../middleware/authenticate';
import { defineRoute } from '../../route';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';
import { z } from '../../../schemas/zod';

const EnrolRequest = z
  .object({
    scan_id: z.uuid(),
    entity_name: z.string().trim().min(1).max(512),
    entity_type: z.enum(['person', 'organisation']),
    webhook_url: z
      .url({ protocol: /^https$/, message: 'must be an absolute https URL' })
      .nullable()
      .optional()
      .openapi({ description: 'Our addition: where `monitoring.alert` is sent. Without it, alerts are stored and listed at /v1/monitoring/alerts.' }),
  })
  .strict()
  .openapi('MonitoringEnrolRequest');

const Enrolment = z
  .object({
    enrolment_id: z.uuid(),
    account_id: z.uuid(),
    scan_id: z.uuid(),
    entity_name: z.string(),
    entity_type: z.enum(['person', 'organisation']),
    active: z.boolean(),
    enrolled_at: z.string(),
    webhook_url: z.string().nullable(),
  })
  .openapi('MonitoringEnrolment');

const Page = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50), offset: z.coerce.number().int().min(0).default(0) });

export function monitoringRoutes(config: AppConfig) {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/monitoring',
      summary: 'Enrol a scanned entity in ongoing monitoring',
      description: 'Enrolling the same scan again returns the existing active enrolment (200) instead of a duplicate.',
      tags: ['Monitoring'],
      access: { kind: 'bearer', scope: 'monitoring:write' },
      request: { body: EnrolRequest },
      responses: { 201: { description: 'Enrolled', schema: Enrolment }, 200: { description: 'Already enrolled', schema: Enrolment }, 404: { description: 'No such scan for this account', schema: ErrorBody }, ...commonErrors },
      handler: async (ctx, { body }) => {
        if (body.webhook_url) {
          try {
            await checkWebhookUrl(body.webhook_url, config.webhooks.allowPrivateTargets);
          } catch (err) {
            if (err instanceof WebhookTargetError) throw new ValidationError([{ loc: ['body', 'webhook_url'], msg: err.message, type: 'webhook_target' }]);
            throw err;
          }
        }
        const { enrolment, created } = await enrol(ctx.state.em, callerOf(ctx), {
          scanId: body.scan_id,
          entityName: body.entity_name,
          entityType: body.entity_type,
          webhookUrl: body.webhook_url ?? null,
        });
        ctx.status = created ? 201 : 200;
        ctx.body = enrolment;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/monitoring',
      summary: 'Active enrolments of the account, newest first (a JSON array)',
      tags: ['Monitoring'],
      access: { kind: 'bearer', scope: 'monitoring:read' },
      request: { query: Page },
      responses: { 200: { description: 'Active enrolments', schema: z.array(Enrolment) }, ...commonErrors },
      handler: async (ctx, { query }) => {
        ctx.body = await listActiveEnrolments(ctx.state.em, callerOf(ctx).accountId, query);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/monitoring/{enrolment_id}',
      summary: 'Stop monitoring: the enrolment becomes inactive (kept for the audit trail)',
      tags: ['Monitoring'],
      access: { kind: 'bearer', scope: 'monitoring:write' },
      request: { params: z.object({ enrolment_id: z.uuid() }) },
      responses: { 204: { description: 'Deactivated' }, 404: { description: 'Unknown, already inactive, or another account’s', schema: ErrorBody }, ...commonErrors },
      handler: async (ctx, { params }) => {
        await unenrol(ctx.state.em, callerOf(ctx).accountId, params.enrolment_id);
        ctx.status = 204;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/monitoring/alerts',
      summary: 'Monitoring alerts of the account, newest first (stored whether or not a webhook was sent)',
      tags: ['Monitoring'],
      access: { kind: 'bearer', scope: 'monitoring:read' },
      request: { query: Page.extend({ enrolment_id: z.uuid().optional() }) },
      responses: { 200: { description: 'Alerts' }, ...commonErrors },
      handler: async (ctx, { query }) => {
        ctx.body = { alerts: await listAlerts(ctx.state.em, callerOf(ctx).accountId, { limit: query.limit, offset: query.offset, enrolmentId: query.enrolment_id }), limit: query.limit, offset: query.offset };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/monitoring/suppressions',
      summary: 'Matches sweeps set aside as previously cleared (with the clearing case and reviewer), newest first; `enrolment_id` narrows to one enrolment',
      tags: ['Monitoring'],
      access: { kind: 'bearer', scope: 'monitoring:read' },
      request: { query: Page.extend({ enrolment_id: z.uuid().optional() }) },
      responses: { 200: { description: 'Suppressions' }, ...commonErrors },
      handler: async (ctx, { query }) => {
        const page = { enrolmentId: query.enrolment_id, limit: query.limit, offset: query.offset };
        ctx.body = { suppressions: await listSuppressions(ctx.state.em, callerOf(ctx).accountId, page), limit: query.limit, offset: query.offset };
      },
    }),
  ];
}
