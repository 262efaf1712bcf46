/**
 * What the two register feeds accept (the spec leaves them open): a name and/or a business number,
 * each number checked by its published checksum. Shared by the feed endpoints and the agent jobs that
 * stand for them, so both refuse the same input alike.
 */
import { checkAbn, checkAcn } from '../../sources/common/business-numbers';
import { z } from '../../schemas/zod';

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

