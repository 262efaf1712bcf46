/** Whether full scans and batch items are paid for (free checks, then credits; 402 when none left). */
import { z } from 'zod';
import { bool } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const creditsEnvironment = z.object({
  CREDITS_CHARGE_CHECKS: bool.default(true),
});

/** Off only for self-hosting and the before/after benchmark. */
export function creditSettings(e: z.output<typeof creditsEnvironment>) {
  return { chargeChecks: e.CREDITS_CHARGE_CHECKS };
}
