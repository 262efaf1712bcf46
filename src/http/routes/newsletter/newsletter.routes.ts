/** Endpoint 23: the newsletter sign-up (public, per-IP limited by RATE_LIMIT_NEWSLETTER_PER_MINUTE). */
import type { Client } from '@temporalio/client';
import type { AppConfig } from '../../../config';
import { NewsletterService } from '../../../modules/newsletter/newsletter.service';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';
import { commonErrors, ErrorBody } from '../../schemas/common.schema';

const SubscribeRequestSchema = z
  .object({
    email: z
      .string()
      .trim()
      .max(320)
      .pipe(z.email())
      .openapi({ format: 'email', example: 'jane@example.com', description: 'Stored trimmed and lower-cased; one subscription per address' }),
    source: z.string().trim().min(1).max(100).openapi({ example: 'footer', description: 'Which surface captured the address; the first one is kept, the latest recorded' }),
    turnstile_token: z
      .string()
      .max(2048)
      .nullable()
      .default(null)
      .openapi({ description: 'The Cloudflare Turnstile widget token. Required when the server has a Turnstile secret configured; ignored otherwise' }),
  })
  .openapi('NewsletterSubscribeRequest');

const SubscribeResponseSchema = z.object({ subscribed: z.boolean() }).openapi('NewsletterSubscribeResponse');

export function newsletterRoutes(config: AppConfig, temporal: Client) {
  const service = new NewsletterService(config, temporal);
  return [
    defineRoute({
      method: 'post',
      path: '/v1/newsletter/subscribe',
      summary: 'Subscribe an email address to the newsletter',
      description:
        'Upserts the address (a repeated sign-up updates the latest source and keeps the first). When the server has a Turnstile secret, the token is verified first and nothing is stored unless it passes. The sync to the email provider is best-effort and runs in the background: the answer is `{"subscribed": true}` even when it fails.',
      tags: ['Newsletter'],
      access: { kind: 'public', rateLimit: 'newsletter' },
      request: { body: SubscribeRequestSchema },
      responses: {
        200: { description: 'Subscribed (stored; the provider sync follows on its own)', schema: SubscribeResponseSchema },
        400: { description: 'Human verification missing or failed; nothing was stored', schema: ErrorBody },
        ...commonErrors,
        503: { description: 'Human verification or the database is unavailable; nothing was stored; `Retry-After` says when to retry', schema: ErrorBody },
      },
      handler: async (ctx, { body }) => {
        ctx.body = await service.subscribe(ctx.state.em, body, ctx.ip || undefined, ctx.state.log);
      },
    }),
  ];
}
