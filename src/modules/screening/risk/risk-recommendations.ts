/**
 * What a compliance officer should do next: one of four plain-English steps, chosen by the risk level,
 * except that a sanctions hit always means refuse. A critical score without a sanctions hit escalates
 * rather than refuses: PEPs and customers from high-risk countries may lawfully be served after enhanced
 * due diligence and senior approval, and that judgement belongs to a person, not to the score.
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

/** The next step for a level, or refusal when the evidence includes a sanctions hit. */
export function recommendationFor(level: RiskLevel, sanctionsHit: boolean): string {
  if (sanctionsHit) return RECOMMENDATION_REFUSE;
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
