/** Endpoints 13 and 14: the AUSTRAC Tranche 2 rule engine and its designated-services catalogue (public, per-IP limits). */
import { checkEligibility, listDesignatedServices } from '../../../modules/eligibility/eligibility.engine';
import {
  DesignatedServicesCatalogueSchema,
  DesignatedServicesQuerySchema,
  EligibilityCheckRequestSchema,
  EligibilityCheckResponseSchema,
} from '../../../modules/eligibility/eligibility.schema';
import { defineRoute } from '../../route';
import { commonErrors } from '../../schemas/common.schema';

export function eligibilityRoutes() {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/eligibility/check',
      summary: 'Check whether a business must enrol with AUSTRAC under Tranche 2',
      description:
        'Deterministic rule engine over the designated-services catalogue: the same input always gives the same answer. Unknown service keys are a 422 naming each one. Not legal advice.',
      tags: ['Eligibility'],
      access: { kind: 'public', rateLimit: 'eligibility' },
      request: { body: EligibilityCheckRequestSchema },
      responses: { 200: { description: 'Eligibility assessment', schema: EligibilityCheckResponseSchema }, ...commonErrors },
      handler: (ctx, { body }) => {
        ctx.body = checkEligibility(body);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/eligibility/services',
      summary: 'The catalogue of designated services, keyed by service_key',
      tags: ['Eligibility'],
      access: { kind: 'public', rateLimit: 'eligibility' },
      request: { query: DesignatedServicesQuerySchema },
      responses: { 200: { description: 'Catalogue', schema: DesignatedServicesCatalogueSchema }, ...commonErrors },
      handler: (ctx, { query }) => {
        ctx.body = listDesignatedServices(query.profession_type);
      },
    }),
  ];
}
