/**
 * The verification bond's terms, as the manifest discloses them: a 2× security deposit held in ERC-8183
 * escrow (our provider and evaluator named on it), kept for a 30-day clean window and then refunded,
 * or forfeited on confirmed abuse. The escrow job's description ties it to the wallet, so a bond can
 * never be spent as a job's payment, nor a job's payment passed off as a bond.
 */
import { ACP_SERVICES, acpService } from '../services';

/** "a 2x security deposit": twice the most a single job of the services it used can cost. */
export const BOND_MULTIPLIER = 2;

/** The escrow job description a bond must carry: `verification-bond:<wallet, lower case>`. */
export const BOND_DESCRIPTION_PREFIX = 'verification-bond:';
export const bondDescription = (wallet: string) => `${BOND_DESCRIPTION_PREFIX}${wallet.toLowerCase()}`;

/**
 * The deposit in USDC: twice the top of the price range of the dearest service among those the flagged
 * jobs used (a wallet flagged with no jobs, e.g. from the blocklist, is priced at the dearest service).
 */
export function bondAmountUsdc(serviceIds: readonly string[]): number {
  const known = serviceIds.map((id) => acpService(id)).filter((s) => s !== undefined);
  const services = known.length ? known : ACP_SERVICES;
  return BOND_MULTIPLIER * Math.max(...services.map((s) => s.price_usdc_range[1]));
}
