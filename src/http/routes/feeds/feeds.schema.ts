/** Request and response shapes of the two register feeds (the spec leaves them open; ours are documented here). */
import { checkAbn, checkAcn } from '../../../modules/trust/business-numbers';
import { z } from '../../../schemas/zod';

const name = z.string().trim().min(1).max(512).regex(/[\p{L}\p{N}]/u, 'must contain a letter or digit');

/** An ABN or ACN by its published checksum, spaces allowed; the problem is named when it fails. */
const businessNumber = (check: typeof checkAbn, example: string) =>
  z
    .string()
    .max(20)
    .transform((value, ctx) => {
      const result = check(value);
      if (result.valid) return result.value;
      ctx.addIssue({ code: 'custom', message: result.problem });
      return z.NEVER;
    })
    .openapi({ type: 'string', example });

const atLeastOne = (keys: string[]) => (body: Record<string, unknown>) => keys.some((k) => body[k] !== null && body[k] !== undefined);

export const AsicCheckRequestSchema = z
  .object({
    name: name.nullable().default(null).openapi({ description: 'A company, organisation or person name (matched word for word after normalising)' }),
    acn: businessNumber(checkAcn, '004 085 616').nullable().default(null),
    abn: businessNumber(checkAbn, '53 004 085 616').nullable().default(null),
  })
  .strict()
  .refine(atLeastOne(['name', 'acn', 'abn']), { message: 'give at least one of name, acn or abn' })
  .openapi('AsicCheckRequest');

export const AustracCheckRequestSchema = z
  .object({
    name: name.nullable().default(null).openapi({ description: 'The entity name as AUSTRAC would publish it' }),
    abn: businessNumber(checkAbn, '33 007 457 141').nullable().default(null),
  })
  .strict()
  .refine(atLeastOne(['name', 'abn']), { message: 'give at least one of name or abn' })
  .openapi('AustracCheckRequest');

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
