/** Endpoint 15: cited answers about Australian compliance (public, 30 requests a minute per IP). */
import type { AskService } from '../../../modules/ask/ask.service';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';
import { commonErrors } from '../../schemas/common.schema';

const AskRequestSchema = z
  .object({
    question: z.string().min(5).max(2_000).openapi({ example: 'When do I have to lodge a suspicious matter report?' }),
    context: z.string().max(4_000).nullable().default(null).openapi({ description: 'About the asker (sector, state): boosts passages of the agencies it names, never removes any; sent to a language model only as fenced data' }),
    freshness: z
      .enum(['day', 'week', 'month', 'year'])
      .default('month')
      .openapi({ description: "Use only passages checked against their source within this long of the knowledge base's latest review" }),
  })
  .openapi('AskRequest');

const AskResponseSchema = z
  .object({
    question: z.string(),
    answer: z.string().openapi({ description: 'Extractive mode: every sentence is a sentence of a cited passage. Out of scope or below the retrieval floor: says so and cites nothing' }),
    disclaimer: z.string(),
    queried_at: z.string(),
    citations: z.array(z.object({ url: z.string(), title: z.string().nullable() })),
    token_usage: z.record(z.string(), z.number().int()).openapi({ description: "The model provider's counts; extractive answers report zeros and passages_retrieved" }),
  })
  .openapi('AskResponse');

export function askRoutes(service: AskService) {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/ask',
      summary: 'Ask a question about Australian compliance obligations; the answer cites official sources',
      description:
        'Scope: AUSTRAC, ASIC, ABR, DFAT sanctions, ATO, Fair Work, PPSR and state trades licensing (NSW, VIC, QLD). Answers come only from our reviewed passages, each tied to an official gov.au page; a question they do not cover gets a plain refusal with no citations.',
      tags: ['Ask'],
      access: { kind: 'public', rateLimit: 'ask' },
      request: { body: AskRequestSchema },
      responses: { 200: { description: 'The answer with its citations', schema: AskResponseSchema }, ...commonErrors },
      handler: async (ctx, { body }) => {
        ctx.body = await service.ask(ctx.state.em, body);
      },
    }),
  ];
}
