/** Who issues tax invoices: without an ABN no tax invoice can be issued (the route says so). */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const sellerEnvironment = z.object({
  SELLER_NAME: z.string().min(1).default('Compliance Intelligence Pty Ltd'),
  SELLER_ABN: optionalString.refine((v) => v === undefined || /^\d{11}$/.test(v.replace(/\s/g, '')), 'must be an 11-digit ABN'),
  SELLER_ADDRESS: optionalString,
  SELLER_EMAIL: optionalString,
});

export function sellerSettings(e: z.output<typeof sellerEnvironment>) {
  return { name: e.SELLER_NAME, abn: e.SELLER_ABN?.replace(/\s/g, ''), address: e.SELLER_ADDRESS, email: e.SELLER_EMAIL };
}
