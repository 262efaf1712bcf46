/** GET /: where to go next, for a person or an agent that lands on the bare host. */
import { defineRoute } from '../../route';

export function rootRoutes() {
  return [
    defineRoute({
      method: 'get',
      path: '/',
      summary: 'Service index',
      tags: ['Platform'],
      access: { kind: 'public', rateLimit: 'default' },
      hidden: true,
      responses: { 200: { description: 'Links to the documentation and health' } },
      handler: (ctx) => {
        ctx.body = {
          name: 'Compliance Intelligence API',
          api_version: 'v1',
          openapi_url: '/openapi.json',
          docs_url: '/docs',
          redoc_url: '/redoc',
          api_docs_url: '/api-docs',
          health_url: '/health',
        };
      },
    }),
  ];
}
