/** Response shapes every route shares: the spec's two error bodies. */
import { z } from '../../schemas/zod';

export const ErrorBody = z
  .object({ detail: z.string().openapi({ example: 'Not found' }) })
  .openapi('Error', { description: 'Every error that is not a validation error.' });

export const ValidationErrorBody = z
  .object({
    detail: z.array(
      z.object({
        loc: z.array(z.union([z.string(), z.number().int()])).openapi({ example: ['body', 'name'] }),
        msg: z.string().openapi({ example: 'Too small: expected string to have >=1 characters' }),
        type: z.string().openapi({ example: 'too_small' }),
      }),
    ),
  })
  .openapi('ValidationError', { description: '422: where each problem is (`body`/`query`/`path` then the field), what, and its type.' });

/** The error responses most routes can give, ready to spread into `responses`. */
export const commonErrors = {
  422: { description: 'Validation error', schema: ValidationErrorBody },
  429: { description: 'Too many requests; `Retry-After` says when to retry', schema: ErrorBody },
} as const;
