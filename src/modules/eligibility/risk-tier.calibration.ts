/**
 * Risk tier of a business that must enrol: a coarse, published calibration from its size and the
 * designated services it provides, so the same inputs always land in the same tier. It is a prompt for
 * how much effort the AML/CTF program needs, not AUSTRAC's own rating and not the business's ML/TF
 * risk assessment, which it must still write itself.
 */
import type { RiskTier } from './eligibility.schema';
import type { ServiceKey } from './designated-services.catalogue';

/** Revenue below this is a small practice: no points for size. */
export const SMALL_PRACTICE_REVENUE_AUD = 2_000_000;
/** The small business entity turnover limit used by the ATO (ITAA 1997); at or above it, 2 points. */
export const LARGE_BUSINESS_REVENUE_AUD = 10_000_000;
/** Revenue not given: 1 point, as for a mid-sized business. Missing context never lowers the tier. */
export const UNKNOWN_REVENUE_POINTS = 1;

/** Any designated service at all. */
export const REGULATED_SERVICE_POINTS = 1;
/** At least one of the higher-risk services below. */
export const HIGHER_RISK_SERVICE_POINTS = 2;
/** Many designated services together widen exposure. */
export const BROAD_SERVICE_COUNT = 3;
export const BROAD_SERVICE_POINTS = 1;

/** Score at or above which the tier is `medium`, and `high`. */
export const MEDIUM_TIER_MIN_SCORE = 2;
export const HIGH_TIER_MIN_SCORE = 4;

/**
 * Services that AUSTRAC's starter kits single out as most exploited: they hide who owns or controls an
 * entity (nominees, shelf companies, borrowed addresses, trustees) or move value that is hard to trace
 * (client money, physical currency and virtual assets).
 */
export const HIGHER_RISK_SERVICES: ReadonlySet<ServiceKey> = new Set<ServiceKey>([
  'client_money_management',
  'shelf_company_sale',
  'nominee_director_secretary',
  'trustee_services',
  'nominee_shareholder',
  'registered_office_address',
  'precious_metals_cash_transactions',
]);

function revenuePoints(annualRevenueAud: number | null): number {
  if (annualRevenueAud === null) return UNKNOWN_REVENUE_POINTS;
  if (annualRevenueAud >= LARGE_BUSINESS_REVENUE_AUD) return 2;
  if (annualRevenueAud >= SMALL_PRACTICE_REVENUE_AUD) return 1;
  return 0;
}

/**
 * The tier for the services that trigger registration (after exemptions). Nothing regulated is `low`
 * whatever the size; otherwise revenue points plus service points, compared with the tier thresholds.
 */
export function calibrateRiskTier(triggeringServices: readonly ServiceKey[], annualRevenueAud: number | null): RiskTier {
  if (triggeringServices.length === 0) return 'low';
  let score = REGULATED_SERVICE_POINTS + revenuePoints(annualRevenueAud);
  if (triggeringServices.some((key) => HIGHER_RISK_SERVICES.has(key))) score += HIGHER_RISK_SERVICE_POINTS;
  if (triggeringServices.length >= BROAD_SERVICE_COUNT) score += BROAD_SERVICE_POINTS;
  if (score >= HIGH_TIER_MIN_SCORE) return 'high';
  if (score >= MEDIUM_TIER_MIN_SCORE) return 'medium';
  return 'low';
}
