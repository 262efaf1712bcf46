/** The ASIC and AUSTRAC register feeds (manifest services `asic_breach` and `austrac_enforcement`): bearer, scope `feeds:read`. */
import { checkAsic } from '../../../modules/feeds/asic-feed';
import { checkAustrac } from '../../../modules/feeds/austrac-feed';
import { defineRoute } from '../../route';
import { commonErrors } from '../../schemas/common.schema';
import { AsicCheckRequestSchema, AsicCheckResponseSchema, AustracCheckRequestSchema, AustracCheckResponseSchema } from './feeds.schema';

export function feedRoutes() {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/feeds/asic/check',
      summary: "What ASIC's registers hold on a name, ACN or ABN",
      description:
        'The company and its status (ASIC company dataset), banned and disqualified persons and organisations, and published notices of external administration or winding up, read from the loaded register versions (each named). A register never loaded is listed in `incomplete_sources`: no finding from it means nothing. ACN and ABN are checked by their checksums (422 naming the problem).',
      tags: ['Feeds'],
      access: { kind: 'bearer', scope: 'feeds:read' },
      request: { body: AsicCheckRequestSchema },
      responses: { 200: { description: 'What the registers hold', schema: AsicCheckResponseSchema }, ...commonErrors },
      handler: async (ctx, { body }) => {
        ctx.body = await checkAsic(ctx.state.em, { name: body.name, acn: body.acn, abn: body.abn });
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/feeds/austrac-enforcement/check',
      summary: "AUSTRAC's enforcement actions and reporting-entity listings for a name or ABN",
      description:
        "Enforcement actions AUSTRAC has published (civil penalty proceedings, enforceable undertakings, infringement notices, remedial directions, external audits) naming the entity, and whether it is listed as a reporting entity. With an ABN, the ABN's registered name is checked too. Registers never loaded are listed in `incomplete_sources`.",
      tags: ['Feeds'],
      access: { kind: 'bearer', scope: 'feeds:read' },
      request: { body: AustracCheckRequestSchema },
      responses: { 200: { description: 'Enforcement actions and listings', schema: AustracCheckResponseSchema }, ...commonErrors },
      handler: async (ctx, { body }) => {
        ctx.body = await checkAustrac(ctx.state.em, { name: body.name, abn: body.abn });
      },
    }),
  ];
}
