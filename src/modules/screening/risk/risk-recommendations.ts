/**
 * What a compliance officer should do next: one of four plain-English steps, chosen by the risk level,
 * except that a sanctions hit always means refuse. A critical score without a sanctions hit escalates
 * rather than refuses: PEPs and customers from high-risk countries may lawfully be served after enhanced
 * due diligence and senior approval, and that judgement belongs to a person, not to the score. A PEP
 * match gets the PEP measures (see `recommendationFor`).
 */
import type { RiskLevel } from './risk-types';

/** Low risk. */
export const RECOMMENDATION_STANDARD_DUE_DILIGENCE =
  'Standard customer due diligence: verify identity as usual and proceed; screen again at periodic review or when the customer\'s circumstances change.';

/** Medium risk. */
export const RECOMMENDATION_ENHANCED_DUE_DILIGENCE =
  'Enhanced due diligence: verify identity with further evidence, establish the source of funds and wealth and the purpose of the relationship, resolve each risk factor listed, and record the outcome before proceeding.';

/** High or critical risk without a sanctions hit. */
export const RECOMMENDATION_ESCALATE =
  'Escalate to the AML/CTF compliance officer before proceeding: review each match and risk factor, apply enhanced due diligence, and proceed only with senior management approval.';

/** A confirmed-strength sanctions match, or the entity declared sanctioned. */
export const RECOMMENDATION_REFUSE =
  'Refuse / do not proceed; escalate to the AML/CTF compliance officer and consider a suspicious matter report to AUSTRAC. Do not deal with the customer\'s funds or assets until the match is resolved.';

/**
 * A foreign (or not known to be domestic) PEP, or a domestic PEP assessed high: AUSTRAC's guidance
 * ("Politically exposed persons") makes enhanced CDD mandatory for a foreign PEP and for a high-risk
 * domestic one. A PEP is not a sanctioned person: nothing is frozen and the customer may be served.
 */
export const RECOMMENDATION_PEP_ENHANCED_CDD =
  'Politically exposed person: confirm the match, then apply enhanced customer due diligence before proceeding: obtain senior management approval to start or continue the relationship, establish the source of wealth and the source of funds, and monitor the relationship with enhanced ongoing due diligence. A PEP match is not a sanctions match: do not freeze or refuse on it alone.';

/** A domestic PEP without other factors taking the risk to high: the risk-based determination AUSTRAC asks for. */
export const RECOMMENDATION_DOMESTIC_PEP =
  'Domestic politically exposed person: confirm the match, then make and record a risk-based determination of the customer\'s ML/TF risk, considering the positions held and when they ended; if the risk is high, apply enhanced customer due diligence (senior management approval, source of wealth and source of funds, enhanced ongoing monitoring). A PEP match is not a sanctions match: do not freeze or refuse on it alone.';

/**
 * The next step for a level, or refusal when the evidence includes a sanctions hit. A PEP match (and no
 * sanctions hit) gets the PEP measures instead of the generic step: the domestic determination while
 * the risk is below high, enhanced CDD for a foreign PEP or any PEP assessed high.
 */
export function recommendationFor(level: RiskLevel, sanctionsHit: boolean, pep?: 'domestic' | 'foreign_or_unknown'): string {
  if (sanctionsHit) return RECOMMENDATION_REFUSE;
  if (pep === 'foreign_or_unknown' || (pep === 'domestic' && (level === 'high' || level === 'critical'))) return RECOMMENDATION_PEP_ENHANCED_CDD;
  if (pep === 'domestic') return RECOMMENDATION_DOMESTIC_PEP;
  switch (level) {
    case 'low':
      return RECOMMENDATION_STANDARD_DUE_DILIGENCE;
    case 'medium':
      return RECOMMENDATION_ENHANCED_DUE_DILIGENCE;
    case 'high':
    case 'critical':
      return RECOMMENDATION_ESCALATE;
  }
}
