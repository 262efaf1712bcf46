/**
 * The customer's links to higher-risk countries: nationality (persons), country of incorporation
 * (organisations) and country of operation (both), checked against the FATF lists and Australia's broad
 * sanctions regimes; plus an organisation's own declaration that it operates in a FATF high-risk
 * jurisdiction. Only listed countries raise risk: being foreign is not, by itself, a risk factor here.
 */
import type { RiskContribution, RiskInput } from './risk-types';
import {
  FATF_CALL_FOR_ACTION,
  FATF_INCREASED_MONITORING,
  FATF_LISTS_AS_OF,
  type ListedJurisdiction,
} from './fatf-jurisdictions.data';
import { AUSTRALIAN_SANCTIONED_JURISDICTIONS } from './sanctioned-jurisdictions.data';
import {
  DECLARED_HIGH_RISK_COUNTRY_POINTS,
  FATF_CALL_FOR_ACTION_MIN_SCORE,
  FATF_CALL_FOR_ACTION_POINTS,
  FATF_INCREASED_MONITORING_POINTS,
  JURISDICTION_POINTS_CAP,
  SANCTIONED_JURISDICTION_POINTS,
} from './risk-weights';

const byCode = (list: readonly ListedJurisdiction[]) => new Map(list.map((j) => [j.code, j.name]));
const CALL_FOR_ACTION = byCode(FATF_CALL_FOR_ACTION);
const INCREASED_MONITORING = byCode(FATF_INCREASED_MONITORING);
const SANCTIONED = byCode(AUSTRALIAN_SANCTIONED_JURISDICTIONS);

/** A country code as the lists hold it; blank means not given. */
function normaliseCode(code: string | null | undefined): string | null {
  const trimmed = code?.trim().toUpperCase() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The factor for one link to one country, or nothing when the country is on no list. */
function linkContribution(link: string, code: string): RiskContribution | undefined {
  const findings: string[] = [];
  let points = 0;
  let minimumScore: number | undefined;
  if (CALL_FOR_ACTION.has(code)) {
    findings.push(`is on the FATF call-for-action list (as of ${FATF_LISTS_AS_OF})`);
    points = Math.max(points, FATF_CALL_FOR_ACTION_POINTS);
    minimumScore = FATF_CALL_FOR_ACTION_MIN_SCORE;
  }
  if (INCREASED_MONITORING.has(code)) {
    findings.push(`is under FATF increased monitoring (as of ${FATF_LISTS_AS_OF})`);
    points = Math.max(points, FATF_INCREASED_MONITORING_POINTS);
  }
  if (SANCTIONED.has(code)) {
    findings.push('is under broad Australian sanctions measures (DFAT)');
    points = Math.max(points, SANCTIONED_JURISDICTION_POINTS);
  }
  if (findings.length === 0) return undefined;
  const name = CALL_FOR_ACTION.get(code) ?? INCREASED_MONITORING.get(code) ?? SANCTIONED.get(code);
  return {
    rule: 'jurisdiction',
    factor: `${link} ${code} ${findings.join(' and ')}: ${name}`,
    points,
    ...(minimumScore === undefined ? {} : { minimumScore }),
  };
}

/** The customer's country links in a fixed order: nationality or incorporation first, then operation. */
function countryLinks(input: RiskInput): [string, string | null][] {
  const home: [string, string | null] =
    input.entityType === 'person' ? ['Nationality', normaliseCode(input.nationalityCode)] : ['Country of incorporation', normaliseCode(input.incorporationCountryCode)];
  return [home, ['Country of operation', normaliseCode(input.countryCode)]];
}

/**
 * Jurisdiction factors, each link its own sentence. Their points together stop at
 * `JURISDICTION_POINTS_CAP`: a factor past the cap is still listed, adding what is left (maybe 0).
 */
export function jurisdictionContributions(input: RiskInput): RiskContribution[] {
  const found: RiskContribution[] = [];
  for (const [link, code] of countryLinks(input)) {
    const contribution = code === null ? undefined : linkContribution(link, code);
    if (contribution !== undefined) found.push(contribution);
  }
  if (input.entityType === 'organisation' && input.organisationProfile?.is_high_risk_country === true) {
    found.push({
      rule: 'declared_high_risk_country',
      factor: 'The organisation operates in a FATF high-risk jurisdiction (declared in the risk profile)',
      points: DECLARED_HIGH_RISK_COUNTRY_POINTS,
      minimumScore: FATF_CALL_FOR_ACTION_MIN_SCORE,
    });
  }
  let remaining = JURISDICTION_POINTS_CAP;
  return found.map((contribution) => {
    const points = Math.min(contribution.points, remaining);
    remaining -= points;
    return { ...contribution, points };
  });
}
