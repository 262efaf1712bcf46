/** GET /v1/whoami: who the token belongs to and what it may do; any valid token, no scope needed. */
import { callerOf } from '../../middleware/authenticate';
import { defineRoute } from '../../route';
import { ErrorBody } from '../../schemas/common.schema';
import { z } from '../../../schemas/zod';

export const WhoAmISchema = z
  .object({
    account_id: z.string().uuid(),
    client_id: z.string().uuid(),
    scopes: z.array(z.string()),
    plan: z.enum(['free', 'starter', 'builder', 'scale', 'enterprise']),
    limits: z.object({ requests_per_minute: z.number().int(), batch_entities: z.number().int() }),
    key_expires_at: z.string().nullable().openapi({ description: 'When the client registration expires; null for never.' }),
  })
  .openapi('WhoAmI');

export function whoamiRoutes() {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/whoami',
      summary: 'The caller behind the token: account, client, scopes, plan and limits',
      tags: ['Authentication'],
      access: { kind: 'bearer' },
      responses: {
        200: { description: 'The caller', schema: WhoAmISchema },
        401: { description: 'Missing, invalid or expired token, or revoked registration', schema: ErrorBody },
        429: { description: 'Rate limit exceeded', schema: ErrorBody },
      },
      handler: (ctx) => {
        const caller = callerOf(ctx);
        ctx.body = {
          account_id: caller.accountId,
          client_id: caller.clientId,
          scopes: caller.scopes,
          plan: caller.plan,
          limits: { requests_per_minute: caller.requestsPerMinute, batch_entities: caller.batchEntities },
          key_expires_at: caller.expiresAt?.toISOString() ?? null,
        };
      },
    }),
  ];
}
