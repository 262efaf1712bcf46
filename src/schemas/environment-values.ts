/**
 * The shapes environment variables come in, shared by every settings slice (`*.settings.ts` beside
 * its module): a variable is text, so these parse it into the value the slice means.
 */
import { z } from 'zod';

export const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
export const port = z.coerce.number().int().min(1).max(65535);
/** Unset and blank are the same: `FOO=` in a `.env` file means "not configured". */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));
export const privateKey = optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{64}$/.test(v), 'must be a private key: 0x and 64 hex digits');
export const optionalAddress = optionalString.refine((v) => v === undefined || /^0x[0-9a-fA-F]{40}$/.test(v), 'must be an EVM address: 0x and 40 hex digits');

/** What a rule across several variables found wrong, named by the variable to fix. */
export interface SettingProblem {
  variable: string;
  message: string;
}
