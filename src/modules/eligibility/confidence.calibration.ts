/**
 * How much the answer can be trusted given what the caller told us. The engine never claims certainty:
 * whether a service is designated can turn on facts of each engagement that the request does not carry.
 */

/** Services and revenue both given, nothing left to the caller's judgement. */
export const FULL_INPUT_CONFIDENCE = 0.9;
/** No services listed: the check cannot say whether the business must enrol. */
export const NO_SERVICES_CONFIDENCE = 0.3;
/** Revenue missing: the risk tier is a guess at size. */
export const MISSING_REVENUE_PENALTY = 0.1;
/** A triggering service has a carve-out (court orders, controlling interest, trust accounts) only the caller can judge. */
export const CARVE_OUT_JUDGEMENT_PENALTY = 0.05;
/** A service outside what the profession usually provides: possibly a misunderstanding of the key. */
export const UNUSUAL_SERVICE_PENALTY = 0.05;

export interface ConfidenceInputs {
  servicesGiven: boolean;
  revenueGiven: boolean;
  judgementCarveOutPresent: boolean;
  unusualServicePresent: boolean;
}

/** Confidence in [0, 1], rounded to two decimals so equal inputs print equal numbers. */
export function calibrateConfidence(inputs: ConfidenceInputs): number {
  let confidence = inputs.servicesGiven ? FULL_INPUT_CONFIDENCE : NO_SERVICES_CONFIDENCE;
  if (!inputs.revenueGiven) confidence -= MISSING_REVENUE_PENALTY;
  if (inputs.judgementCarveOutPresent) confidence -= CARVE_OUT_JUDGEMENT_PENALTY;
  if (inputs.unusualServicePresent) confidence -= UNUSUAL_SERVICE_PENALTY;
  return Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100;
}
