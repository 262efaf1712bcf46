/** Endpoint 12 (the methodology version and pointers) and the methodology documents themselves. */
import { NotFoundError } from '../../../errors';
import { methodologyDocument, methodologyPointers } from '../../../modules/trust/methodology';
import { z } from '../../../schemas/zod';
import { defineRoute } from '../../route';
import { ErrorBody } from '../../schemas/common.schema';

const PointersSchema = z.record(z.string(), z.string()).openapi('TrustScoreMethodologyVersion', {
  example: methodologyPointers(),
});

export function methodologyRoutes() {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/trust-score/methodology/version',
      summary: 'The Trust Score methodology version, and where its documents are',
      tags: ['Trust Score'],
      access: { kind: 'public', rateLimit: 'none' },
      responses: { 200: { description: 'Version and pointers (strings)', schema: PointersSchema } },
      handler: (ctx) => {
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.body = methodologyPointers();
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/trust-score/methodology/{version}',
      summary: 'A published Trust Score methodology document (Markdown), with its changelog',
      tags: ['Trust Score'],
      access: { kind: 'public', rateLimit: 'default' },
      request: { params: z.object({ version: z.string().regex(/^v\d+\.\d+$/, 'a version such as v1.1') }) },
      responses: { 200: { description: 'The document', contentType: 'text/markdown' }, 404: { description: 'No such published version', schema: ErrorBody } },
      handler: (ctx, { params }) => {
        const document = methodologyDocument(params.version);
        if (!document) throw new NotFoundError(`Methodology ${params.version} was never published; see GET /v1/trust-score/methodology/version`);
        ctx.set('Cache-Control', 'public, max-age=3600');
        ctx.type = 'text/markdown; charset=utf-8';
        ctx.body = document;
      },
    }),
  ];
}
