/**
 * The AML risk assessment of a scan: a 0–100 score, its level, the factors behind it and what to do
 * next. Pure and deterministic (no clock, no randomness, no I/O): the same scan always gets the same
 * assessment, so a stored scan can be explained and re-derived later. The model is documented for
 * compliance officers in docs/risk-model.md; every weight is in `risk-weights.ts`.
 */
import type { RiskAssessment, RiskContribution, RiskInput, RiskLevel } from './risk-types';
import { matchContributions, stalenessContributions, strongestPep } from './watchlist-factors';
import { profileContributions } from './profile-factors';
import { jurisdictionContributions } from './jurisdiction-factors';
import { recommendationFor } from './risk-recommendations';
import { MAX_RISK_SCORE, MIN_RISK_SCORE, RISK_LEVEL_MIN_SCORE } from './risk-weights';

export type { RiskAssessment, RiskContribution, RiskInput, RiskLevel, RiskMatch } from './risk-types';

/** The level of a score: low 0–24, medium 25–49, high 50–74, critical 75–100. */
export function riskLevelForScore(score: number): RiskLevel {
  if (score >= RISK_LEVEL_MIN_SCORE.critical) return 'critical';
  if (score >= RISK_LEVEL_MIN_SCORE.high) return 'high';
  if (score >= RISK_LEVEL_MIN_SCORE.medium) return 'medium';
  return 'low';
}

function clampScore(score: number): number {
  return Math.min(MAX_RISK_SCORE, Math.max(MIN_RISK_SCORE, Math.round(score)));
}

/**
 * Every rule that fired, in the order the factors are reported: watchlist matches, whether screening
 * could run, the risk profile, then jurisdictions. Exposed so an audit can show each factor's points.
 */
export function collectRiskContributions(input: RiskInput): RiskContribution[] {
  return [
    ...matchContributions(input.matches),
    ...stalenessContributions(input.sourceStaleness),
    ...profileContributions(input),
    ...jurisdictionContributions(input),
  ];
}

/**
 * The score is the sum of the points of every factor, clamped to 0–100, then raised to the highest
 * minimum any factor demands (a confirmed sanctions match is critical whatever else is known). The
 * recommendation follows the level, except that a sanctions hit always means refuse and a PEP match
 * the PEP measures (enhanced CDD, senior management approval, source of wealth and funds).
 */
export function assessRisk(input: RiskInput): RiskAssessment {
  const contributions = collectRiskContributions(input);
  const sum = contributions.reduce((total, c) => total + c.points, 0);
  const floor = contributions.reduce((highest, c) => Math.max(highest, c.minimumScore ?? MIN_RISK_SCORE), MIN_RISK_SCORE);
  const score = clampScore(Math.max(clampScore(sum), floor));
  const level = riskLevelForScore(score);
  const sanctionsHit = contributions.some((c) => c.sanctionsHit === true);
  return {
    risk_level: level,
    risk_score: score,
    risk_factors: contributions.map((c) => c.factor),
    recommendation: recommendationFor(level, sanctionsHit, strongestPep(contributions).pep),
  };
}
