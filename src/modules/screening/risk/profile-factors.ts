/**
 * What the customer's `risk_profile` says. No profile at all is itself a factor: the score must show
 * that the customer's context is unknown rather than read as clean. A profile with fields left out takes
 * the spec's defaults (resident, face to face, nothing declared), because the caller chose to give one.
 */
import type { OrganisationRiskProfile, PersonRiskProfile, RiskContribution, RiskInput } from './risk-types';
import { findProfileTerm, wordsOf } from './profile-terms';
import {
  INDUSTRIES,
  LEGAL_STRUCTURES,
  PROFESSIONS,
  type IndustryCategory,
  type LegalStructureCategory,
  type ProfessionCategory,
} from './profile-vocabulary.data';
import {
  ENTITY_SANCTIONED_MIN_SCORE,
  ENTITY_SANCTIONED_POINTS,
  GATEKEEPER_PROFESSION_POINTS,
  HIGH_RISK_INDUSTRY_POINTS,
  MISSING_RISK_PROFILE_MIN_SCORE,
  MISSING_RISK_PROFILE_POINTS,
  NON_FACE_TO_FACE_POINTS,
  NON_RESIDENT_POINTS,
  OFFICER_SANCTIONED_MIN_SCORE,
  OFFICER_SANCTIONED_POINTS,
  OPAQUE_STRUCTURE_POINTS,
  PUBLIC_FUNCTION_PROFESSION_POINTS,
  SHELL_COMPANY_POINTS,
  TRANCHE_2_PROFESSION_POINTS,
  TRANCHE_2_SECTOR_POINTS,
  VALUE_DEALER_PROFESSION_POINTS,
} from './risk-weights';

const PROFESSION_RISK: Readonly<Record<ProfessionCategory, { points: number; why: string }>> = {
  public_function: { points: PUBLIC_FUNCTION_PROFESSION_POINTS, why: 'a prominent public function; confirm whether the customer is a politically exposed person' },
  tranche_2_dealer: { points: VALUE_DEALER_PROFESSION_POINTS, why: 'a Tranche 2 business dealing in high-value goods that are easily moved and hard to trace' },
  value_dealer: { points: VALUE_DEALER_PROFESSION_POINTS, why: 'a cash-intensive or value-transfer business' },
  tranche_2: { points: TRANCHE_2_PROFESSION_POINTS, why: 'a Tranche 2 profession whose services can be misused to move or hide funds' },
  gatekeeper: { points: GATEKEEPER_PROFESSION_POINTS, why: 'a profession whose services can be misused to move or hide funds' },
};

const STRUCTURE_RISK: Readonly<Record<LegalStructureCategory, { points: number; why: string }>> = {
  shell: { points: SHELL_COMPANY_POINTS, why: 'little or no real business activity, and ownership is easily hidden' },
  opaque: { points: OPAQUE_STRUCTURE_POINTS, why: 'legal ownership is separated from who benefits or controls it' },
};

const INDUSTRY_RISK: Readonly<Record<IndustryCategory, { points: number; why: string }>> = {
  high_risk: { points: HIGH_RISK_INDUSTRY_POINTS, why: 'a higher-risk industry for money laundering' },
  tranche_2_sector: { points: TRANCHE_2_SECTOR_POINTS, why: 'a Tranche 2 sector whose services can be misused to move or hide funds' },
};

/** The caller's text, quoted, and what we read it as when that is not already what it says. */
function quoted(text: string, label: string): string {
  const given = text.trim();
  const same = wordsOf(given).join('') === wordsOf(label).join('');
  return same ? `'${given}'` : `'${given}' (${label})`;
}

function missingProfile(entityType: RiskInput['entityType']): RiskContribution {
  const unknown = entityType === 'person' ? 'residency, profession and how the customer was met' : 'legal structure, industry and sanctions exposure of officers';
  return {
    rule: 'missing_risk_profile',
    factor: `No risk profile supplied: customer context unknown (${unknown})`,
    points: MISSING_RISK_PROFILE_POINTS,
    minimumScore: MISSING_RISK_PROFILE_MIN_SCORE,
  };
}

function personContributions(profile: PersonRiskProfile): RiskContribution[] {
  const contributions: RiskContribution[] = [];
  if (profile.resident_status === 'non_resident') {
    contributions.push({ rule: 'non_resident', factor: 'Customer is not resident in Australia', points: NON_RESIDENT_POINTS });
  }
  const profession = findProfileTerm(profile.profession, PROFESSIONS);
  if (profession !== undefined && profile.profession != null) {
    const risk = PROFESSION_RISK[profession.category];
    contributions.push({
      rule: 'higher_risk_profession',
      factor: `Profession ${quoted(profile.profession, profession.label)} is ${risk.why}`,
      points: risk.points,
    });
  }
  if (profile.client_visit_type === 'non_face_to_face') {
    contributions.push({
      rule: 'non_face_to_face',
      factor: 'Customer was not met face to face: identity rests on documents or electronic verification',
      points: NON_FACE_TO_FACE_POINTS,
    });
  }
  return contributions;
}

function organisationContributions(profile: OrganisationRiskProfile): RiskContribution[] {
  const contributions: RiskContribution[] = [];
  if (profile.is_sanctioned === true) {
    contributions.push({
      rule: 'entity_sanctioned',
      factor: 'The organisation itself is on a sanctions list (declared in the risk profile)',
      points: ENTITY_SANCTIONED_POINTS,
      minimumScore: ENTITY_SANCTIONED_MIN_SCORE,
      sanctionsHit: true,
    });
  }
  if (profile.has_sanctions === true) {
    contributions.push({
      rule: 'officer_sanctioned',
      factor: 'An officer or director of the organisation is on a sanctions list (declared in the risk profile)',
      points: OFFICER_SANCTIONED_POINTS,
      minimumScore: OFFICER_SANCTIONED_MIN_SCORE,
    });
  }
  const structure = findProfileTerm(profile.legal_status, LEGAL_STRUCTURES);
  if (structure !== undefined && profile.legal_status != null) {
    const risk = STRUCTURE_RISK[structure.category];
    contributions.push({
      rule: 'higher_risk_legal_structure',
      factor: `Legal status '${profile.legal_status.trim()}' is a ${structure.label}: ${risk.why}`,
      points: risk.points,
    });
  }
  const industry = findProfileTerm(profile.industry_type, INDUSTRIES);
  if (industry !== undefined && profile.industry_type != null) {
    const risk = INDUSTRY_RISK[industry.category];
    contributions.push({
      rule: 'higher_risk_industry',
      factor: `Industry ${quoted(profile.industry_type, industry.label)} is ${risk.why}`,
      points: risk.points,
    });
  }
  return contributions;
}

/**
 * The profile's factors for the scanned entity type. The other type's profile is ignored: a person is
 * never assessed on an organisation's profile, and the reverse.
 */
export function profileContributions(input: RiskInput): RiskContribution[] {
  if (input.entityType === 'person') {
    return input.personProfile == null ? [missingProfile('person')] : personContributions(input.personProfile);
  }
  return input.organisationProfile == null ? [missingProfile('organisation')] : organisationContributions(input.organisationProfile);
}
