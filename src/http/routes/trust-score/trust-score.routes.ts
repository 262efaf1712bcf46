/** Endpoints 10 and 11: the ABN Trust Score (public, limited per IP, cached 24 hours). */
import type { TrustScoreRequest, TrustScoreService } from '../../../modules/trust/trust-score.service';
import { z } from '../../../schemas/zod';
import type { AppContext } from '../../context';
import { defineRoute } from '../../route';
import { commonErrors } from '../../schemas/common.schema';

const AbnParams = z.object({ abn: z.string().max(20).openapi({ example: '51824753556', description: '11 digits; spaces allowed (51 824 753 556)' }) });

const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;

const DirectorSchema = z
  .object({
    name: z.string().trim().min(1).max(200).regex(/\p{L}/u, 'must contain a letter'),
    locality: z.string().trim().min(1).max(100).nullable().default(null).openapi({ description: 'Suburb or town of the address held for the person' }),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(AU_STATES))
      .nullable()
      .default(null),
    postcode: z.string().trim().regex(/^\d{4}$/, 'an Australian postcode has 4 digits').nullable().default(null),
    document_number: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^#?[0-9A-Za-z ]+$/, "the document number as ASIC's register prints it, e.g. #004289112")
      .nullable()
      .default(null)
      .openapi({ description: "The banned and disqualified persons register's document number for this person, when the caller has it" }),
  })
  .strict();

const TrustScoreRequestSchema = z
  .object({
    entity_name_hint: z.string().max(512).nullable().default(null).openapi({ description: 'Any string up to 512 characters (spec); screened with the registered legal name when it holds a letter or digit' }),
    tranche_2_profession: z.boolean().default(false),
    directors: z.array(DirectorSchema).max(20).default([]).openapi({
      description:
        "Extension: the entity's directors (for a sole trader, the trader), checked against ASIC's banned and disqualified persons register. A record there counts only when its document number or its listed address (postcode with locality or state) agrees; a name alone is a possible match.",
    }),
    director_names: z
      .array(z.string().trim().min(1).max(200).regex(/\p{L}/u, 'must contain a letter'))
      .max(20)
      .default([])
      .openapi({ description: 'Extension (v1.1): directors by name only; the same as `directors` entries with a name alone.' }),
    include_adverse_media: z.boolean().default(false),
  })
  .refine((body) => body.directors.length + body.director_names.length <= 20, { message: 'at most 20 directors in all', path: ['directors'] })
  .openapi('TrustScoreRequest');

type TrustScoreBody = z.output<typeof TrustScoreRequestSchema>;

/** The request as the service takes it: every director with their facts, named-only ones with none. */
function requestOf(body: TrustScoreBody): TrustScoreRequest {
  return {
    entity_name_hint: body.entity_name_hint,
    tranche_2_profession: body.tranche_2_profession,
    include_adverse_media: body.include_adverse_media,
    directors: [
      ...body.directors.map((d) => ({ name: d.name, locality: d.locality, state: d.state, postcode: d.postcode, documentNumber: d.document_number })),
      ...body.director_names.map((name) => ({ name, locality: null, state: null, postcode: null, documentNumber: null })),
    ],
  };
}

const PossibleMatchSchema = z.object({
  register: z.string(),
  name: z.string(),
  matched_name: z.string(),
  category: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  current: z.boolean(),
  record: z.record(z.string(), z.string().nullable()),
  url: z.string().nullable(),
  reason_not_counted: z.string(),
  unresolved: z.boolean(),
});

const SubScoresSchema = z.object({ REG: z.number().int(), DIR: z.number().int(), AUS: z.number().int(), SAN: z.number().int(), CRT: z.number().int(), FRS: z.number().int() });

const TrustScoreSchema = z
  .object({
    abn: z.string(),
    composite: z.number().int().min(0).max(100),
    band: z.enum(['GREEN', 'AMBER', 'RED']),
    sub_scores: SubScoresSchema,
    contributing_risks: z.array(z.string()),
    last_refreshed_per_source: z.record(z.string(), z.string()),
    methodology_version: z.string(),
    incomplete_sources: z.array(z.string()),
    entity_name_used: z.string().nullable(),
    possible_matches: z.array(PossibleMatchSchema).openapi({ description: 'Register records meeting the entity by a name only: never counted as findings; each says why not and how to confirm' }),
    notes: z.array(z.string()).openapi({ description: 'What was and was not checked (e.g. which directors), in words' }),
    names_screened: z.array(z.string()),
    directors_checked: z.array(z.string()),
    abr_entity_url: z.string().openapi({ description: 'The ABR page of this ABN, for citing the score' }),
    retrieved_at: z.string().openapi({ description: 'When the score was computed (ISO 8601); a cached answer keeps its time' }),
    methodology_url: z.string(),
  })
  .openapi('TrustScore');

export function trustScoreRoutes(trust: TrustScoreService) {
  const answer = async (ctx: AppContext, abn: string, request: TrustScoreRequest) => {
    const { response, cached } = await trust.score(ctx.state.em, abn, request, ctx.ip);
    // Only GET's answer is the same for everyone; on POST a hit would tell who else asked what.
    if (ctx.method === 'GET') ctx.set('X-Cache', cached ? 'hit' : 'miss');
    ctx.body = response;
  };
  const responses = { 200: { description: 'The Trust Score', schema: TrustScoreSchema }, ...commonErrors };
  return [
    defineRoute({
      method: 'get',
      path: '/v1/trust-score/{abn}',
      summary: 'The Trust Score of an ABN, from public registers (no name match: SAN stays clean and says so)',
      description:
        'A malformed ABN is 422 naming the problem; a well-formed ABN the registers do not know still gets a score. Registers not loaded yet, services that could not be reached and sources no feed offers are listed in `incomplete_sources` and keep the band from GREEN. No director is checked on GET (`directors_checked` is empty and `notes` says so). Cached 24 hours per ABN (`X-Cache`). Methodology: `GET /v1/trust-score/methodology/version`.',
      tags: ['Trust Score'],
      access: { kind: 'public', rateLimit: 'default' },
      request: { params: AbnParams },
      responses,
      handler: (ctx, { params }) => answer(ctx as AppContext, params.abn, { entity_name_hint: null, directors: [], tranche_2_profession: false, include_adverse_media: false }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/trust-score/{abn}',
      summary: 'The Trust Score of an ABN, with a name for the sanctions and PEP match',
      description: 'As GET, with `entity_name_hint` screened against the loaded lists (SAN) as well as the registered legal name, and `directors` checked against the banned persons register (DIR). Cached 24 hours per ABN and every input; an answer to a request with a hint or directors only for the same caller address. No `X-Cache` header.',
      tags: ['Trust Score'],
      access: { kind: 'public', rateLimit: 'default' },
      request: { params: AbnParams, body: TrustScoreRequestSchema },
      responses,
      handler: (ctx, { params, body }) => answer(ctx as AppContext, params.abn, requestOf(body)),
    }),
  ];
}
