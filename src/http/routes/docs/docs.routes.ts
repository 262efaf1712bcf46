/** /openapi.json, the three viewers (/docs, /redoc, /api-docs) and their static assets. */
import { createReadStream } from 'node:fs';
import type { OpenApiDocument } from '../../openapi';
import { defineRoute, type AnyRoute } from '../../route';
import { docAssets } from './docs.assets';
import { explorerPage, redocPage, swaggerUiPage } from './docs.pages';

const htmlRoute = (path: string, summary: string, html: string) =>
  defineRoute({
    method: 'get',
    path,
    summary,
    tags: ['Documentation'],
    access: { kind: 'public', rateLimit: 'default' },
    hidden: true,
    responses: { 200: { description: 'HTML page', contentType: 'text/html' } },
    handler: (ctx) => {
      ctx.type = 'text/html; charset=utf-8';
      ctx.body = html;
    },
  });

/** `document` is resolved lazily because it describes these routes too. */
export function docsRoutes(document: () => OpenApiDocument): AnyRoute[] {
  const assets = Object.entries(docAssets()).map(([path, asset]) =>
    defineRoute({
      method: 'get',
      path,
      summary: 'Documentation viewer asset',
      tags: ['Documentation'],
      access: { kind: 'public', rateLimit: 'default' },
      hidden: true,
      responses: { 200: { description: 'Static file' } },
      handler: (ctx) => {
        ctx.type = asset.contentType;
        ctx.set('Cache-Control', 'public, max-age=86400');
        ctx.body = createReadStream(asset.file);
      },
    }),
  );
  return [
    defineRoute({
      method: 'get',
      path: '/openapi.json',
      summary: 'This OpenAPI 3.1 document',
      tags: ['Documentation'],
      access: { kind: 'public', rateLimit: 'default' },
      hidden: true,
      responses: { 200: { description: 'OpenAPI document' } },
      handler: (ctx) => {
        ctx.body = document();
      },
    }),
    htmlRoute('/docs', 'Swagger UI', swaggerUiPage),
    htmlRoute('/redoc', 'Redoc', redocPage),
    htmlRoute('/api-docs', 'OpenAPI Explorer', explorerPage),
    ...assets,
  ];
}
