/** Endpoints 10 and 11: the ABN Trust Score (public, limited per IP, cached 24 hours). */
import type { TrustScoreService } from '../../../modules/trust/trust-score.service';
import { z } from '../../../schemas/zod';
import type { AppContext } from '../../context';
import { defineRoute } from '../../route';
import { commonErrors } from '../../schemas/common.schema';

const AbnParams = z.object({ abn: z.string().max(20).openapi({ example: '51824753556', description: '11 digits; spaces allowed (51 824 753 556)' }) });

const TrustScoreRequestSchema = z
  .object({
    entity_name_hint: z.string().trim().min(1).max(512).regex(/[\p{L}\p{N}]/u, 'must contain a letter or digit').nullable().default(null),
    tranche_2_profession: z.boolean().default(false),
    director_names: z
      .array(z.string().trim().min(1).max(200).regex(/\p{L}/u, 'must contain a letter'))
      .max(20)
      .default([])
      .openapi({ description: "Extension: the entity's directors, checked against ASIC's banned and disqualified persons register (DIR)." }),
    include_adverse_media: z.boolean().default(false),
  })
  .openapi('TrustScoreRequest');

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
    abr_entity_url: z.string().openapi({ description: 'The ABR page of this ABN, for citing the score' }),
    retrieved_at: z.string().openapi({ description: 'When the score was computed (ISO 8601); a cached answer keeps its time' }),
    methodology_url: z.string(),
  })
  .openapi('TrustScore');

export function trustScoreRoutes(trust: TrustScoreService) {
  const answer = async (ctx: AppContext, abn: string, request: z.output<typeof TrustScoreRequestSchema>) => {
    const { response, cached } = await trust.score(ctx.state.em, abn, request);
    ctx.set('X-Cache', cached ? 'hit' : 'miss');
    ctx.body = response;
  };
  const responses = { 200: { description: 'The Trust Score', schema: TrustScoreSchema }, ...commonErrors };
  return [
    defineRoute({
      method: 'get',
      path: '/v1/trust-score/{abn}',
      summary: 'The Trust Score of an ABN, from public registers (no name match: SAN stays clean and says so)',
      description:
        'A malformed ABN is 422 naming the problem; a well-formed ABN the registers do not know still gets a score. Registers not loaded yet are listed in `incomplete_sources` and keep the band from GREEN. Cached 24 hours per ABN (`X-Cache`). Methodology: `GET /v1/trust-score/methodology/version`.',
      tags: ['Trust Score'],
      access: { kind: 'public', rateLimit: 'default' },
      request: { params: AbnParams },
      responses,
      handler: (ctx, { params }) => answer(ctx as AppContext, params.abn, { entity_name_hint: null, director_names: [], tranche_2_profession: false, include_adverse_media: false }),
    }),
    defineRoute({
      method: 'post',
      path: '/v1/trust-score/{abn}',
      summary: 'The Trust Score of an ABN, with a name for the sanctions and PEP match',
      description: 'As GET, with `entity_name_hint` screened against the loaded lists (SAN) and the Tranche 2 flag (AUS). Cached 24 hours per ABN, hint and flag.',
      tags: ['Trust Score'],
      access: { kind: 'public', rateLimit: 'default' },
      request: { params: AbnParams, body: TrustScoreRequestSchema },
      responses,
      handler: (ctx, { params, body }) => answer(ctx as AppContext, params.abn, body),
    }),
  ];
}
