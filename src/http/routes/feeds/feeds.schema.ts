/** Request and response shapes of the two register feeds (the spec leaves them open; ours are documented here). */
export { AsicCheckRequestSchema, AustracCheckRequestSchema } from '../../../modules/feeds/feed-requests';
import { z } from '../../../schemas/zod';

const SourceVersion = z.object({ version: z.number().int().nullable(), last_refreshed: z.string().nullable() });
const matchedBy = z.enum(['acn', 'abn', 'name']);

export const AsicCheckResponseSchema = z
  .object({
    query: z.object({ name: z.string().nullable(), acn: z.string().nullable(), abn: z.string().nullable() }),
    breach_found: z.boolean().openapi({ description: 'A current banning or disqualification, a company under external administration, strike-off or deregistered, or a notice of administration' }),
    concerns: z.array(z.string()).openapi({ description: 'Each finding behind breach_found, in a sentence' }),
    companies: z.array(
      z.object({
        acn: z.string(),
        name: z.string(),
        former_names: z.array(z.string()),
        status: z.string(),
        status_meaning: z.string(),
        type: z.string().nullable(),
        class: z.string().nullable(),
        sub_class: z.string().nullable(),
        registered_on: z.string().nullable(),
        deregistered_on: z.string().nullable(),
        abn: z.string().nullable(),
      }),
    ),
    banned_and_disqualified: z.array(
      z.object({
        register: z.string(),
        name: z.string(),
        acn: z.string().nullable(),
        category: z.string(),
        start_date: z.string().nullable(),
        end_date: z.string().nullable(),
        current: z.boolean(),
        matched_by: matchedBy,
        url: z.string().nullable(),
        version: z.number().int(),
      }),
    ),
    published_notices: z.array(
      z.object({
        company_name: z.string(),
        acn: z.string().nullable(),
        notice_type: z.string(),
        published: z.string().nullable(),
        indicates_administration: z.boolean(),
        matched_by: matchedBy,
        url: z.string().nullable(),
        version: z.number().int(),
      }),
    ),
    sources: z.record(z.string(), SourceVersion),
    incomplete_sources: z.array(z.string()).openapi({ description: 'Registers never loaded: their absence of findings means nothing' }),
    retrieved_at: z.string(),
  })
  .openapi('AsicCheckResponse');

export const AustracCheckResponseSchema = z
  .object({
    query: z.object({ name: z.string().nullable(), abn: z.string().nullable() }),
    enforcement_found: z.boolean(),
    enforcement_actions: z.array(
      z.object({
        entity_name: z.string(),
        action: z.string(),
        title: z.string().nullable(),
        date: z.string().nullable(),
        abn: z.string().nullable(),
        matched_by: matchedBy,
        url: z.string().nullable(),
        version: z.number().int(),
      }),
    ),
    reporting_entity: z.boolean().nullable().openapi({ description: 'Listed as a current AUSTRAC reporting entity; null while that register is not loaded' }),
    reporting_entity_listings: z.array(
      z.object({
        entity_name: z.string(),
        abn: z.string().nullable(),
        category: z.string(),
        registered_on: z.string().nullable(),
        ended_on: z.string().nullable(),
        current: z.boolean(),
        matched_by: matchedBy,
        url: z.string().nullable(),
      }),
    ),
    names_checked: z.array(z.string()),
    sources: z.record(z.string(), SourceVersion),
    incomplete_sources: z.array(z.string()),
    retrieved_at: z.string(),
  })
  .openapi('AustracCheckResponse');
