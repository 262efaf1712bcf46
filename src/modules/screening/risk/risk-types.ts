/**
 * What the risk assessment reads and returns. The input is the scan request's AML context plus what
 * screening found; the output is the spec's `risk_assessment` object, field for field.
 */

export type RiskLevel = 'low' | 'medium' | 'high' | 'critical';

/** One watchlist match that survived the post-match filters. */
export interface RiskMatch {
  listKind: 'sanctions' | 'pep' | 'other';
  /** Name match score in [0, 1]. */
  score: number;
  matchedName: string;
  /** List identifier, e.g. `dfat`, `un`, `ofac`, `opensanctions:peps`. */
  source: string;
}

/** Person `risk_profile` (spec); absent fields take the spec's defaults. */
export interface PersonRiskProfile {
  resident_status?: 'resident' | 'non_resident';
  profession?: string | null;
  client_visit_type?: 'face_to_face' | 'non_face_to_face';
}

/** Organisation `risk_profile` (spec); absent fields take the spec's defaults. */
export interface OrganisationRiskProfile {
  legal_status?: string | null;
  industry_type?: string | null;
  has_sanctions?: boolean;
  is_sanctioned?: boolean;
  is_high_risk_country?: boolean;
}

export interface RiskInput {
  entityType: 'person' | 'organisation';
  /** Null or absent when the caller sent no `risk_profile`; read for persons only. */
  personProfile?: PersonRiskProfile | null;
  /** Null or absent when the caller sent no `risk_profile`; read for organisations only. */
  organisationProfile?: OrganisationRiskProfile | null;
  /** ISO 3166-1 alpha-2 country of operation. */
  countryCode?: string | null;
  /** ISO 3166-1 alpha-2; read for persons only. */
  nationalityCode?: string | null;
  /** ISO 3166-1 alpha-2; read for organisations only. */
  incorporationCountryCode?: string | null;
  /** Matches after post-match filters. */
  matches: RiskMatch[];
  sourceStaleness: 'fresh' | 'stale' | 'no_data';
}

/** The spec's `risk_assessment`. */
export interface RiskAssessment {
  risk_level: RiskLevel;
  /** Integer in [0, 100]. */
  risk_score: number;
  risk_factors: string[];
  recommendation: string;
}

/** Stable names of the rules that can raise a factor, for audit and tests. */
export type RiskRule =
  | 'sanctions_match'
  | 'possible_sanctions_match'
  | 'pep_match'
  | 'domestic_pep_match'
  | 'other_list_match'
  | 'more_matches'
  | 'entity_sanctioned'
  | 'officer_sanctioned'
  | 'no_watchlist_data'
  | 'stale_watchlist_data'
  | 'missing_risk_profile'
  | 'non_resident'
  | 'non_face_to_face'
  | 'higher_risk_profession'
  | 'higher_risk_legal_structure'
  | 'higher_risk_industry'
  | 'jurisdiction'
  | 'declared_high_risk_country';

/** One rule that fired: its sentence, what it adds, and any override it carries. */
export interface RiskContribution {
  rule: RiskRule;
  /** The readable factor, naming the evidence. */
  factor: string;
  /** Points added to the score; 0 when the evidence is listed but already counted. */
  points: number;
  /** The final score is at least this when the rule fires (an override of the arithmetic). */
  minimumScore?: number;
  /** A sanctions hit: the recommendation is to refuse, whatever the score. */
  sanctionsHit?: boolean;
  /** A PEP match and its kind: the recommendation names the PEP measures (never an asset freeze). */
  pep?: 'domestic' | 'foreign_or_unknown';
}
