/**
 * Every weight, threshold and override of the AML risk model, named so a compliance officer can read
 * and change the policy in one place. Points add up to a 0–100 score; some evidence also sets a
 * minimum score, because no amount of reassuring context should talk a sanctions hit down.
 * docs/risk-model.md explains each one; keep the two in step.
 */
import type { RiskLevel } from './risk-types';

// --- Bands (architecture, "Decisions on what the spec leaves open") ---------------------------

/** Lowest score of each level: low 0–24, medium 25–49, high 50–74, critical 75–100. */
export const RISK_LEVEL_MIN_SCORE: Readonly<Record<RiskLevel, number>> = { low: 0, medium: 25, high: 50, critical: 75 };
export const MIN_RISK_SCORE = 0;
export const MAX_RISK_SCORE = 100;

// --- Watchlist matches --------------------------------------------------------------------------

/**
 * A sanctions match scoring at least this is treated as confirmed strength: the name agrees so closely
 * that the customer must be presumed listed until a reviewer shows otherwise. Matches below it (the
 * matcher reports from `DEFAULT_MATCH_THRESHOLD`, 0.8) are possible matches needing review.
 */
export const CONFIRMED_SANCTIONS_MATCH_SCORE = 0.9;
/** Confirmed-strength sanctions match: critical whatever else is known. */
export const CONFIRMED_SANCTIONS_MATCH_POINTS = 80;
export const CONFIRMED_SANCTIONS_MATCH_MIN_SCORE = RISK_LEVEL_MIN_SCORE.critical;
/** Possible sanctions match: high, and always above a PEP match alone (sanctions outrank PEP). */
export const POSSIBLE_SANCTIONS_MATCH_POINTS = 60;
export const POSSIBLE_SANCTIONS_MATCH_MIN_SCORE = 60;
/**
 * PEP match of any strength on a foreign or mixed PEP list: at least high, because AUSTRAC's guidance
 * makes enhanced CDD (senior manager approval, source of wealth and funds) mandatory for a foreign PEP,
 * and a list that does not say where its people hold office cannot rule that out.
 */
export const PEP_MATCH_POINTS = 50;
export const PEP_MATCH_MIN_SCORE = RISK_LEVEL_MIN_SCORE.high;
/**
 * PEP match on a domestic PEP list (Australian parliamentarians): at least medium, not automatically
 * high. AUSTRAC's guidance asks for a risk-based determination for a domestic PEP, with enhanced CDD
 * when the risk is high; other factors (non-resident, higher-risk country or profession, no profile)
 * add to it and can take it to high.
 */
export const DOMESTIC_PEP_MATCH_POINTS = 30;
export const DOMESTIC_PEP_MATCH_MIN_SCORE = RISK_LEVEL_MIN_SCORE.medium;
/** Match on another kind of list (enforcement, debarment, crime). */
export const OTHER_LIST_MATCH_POINTS = 20;
/** Matches named one by one in the factors; the rest are counted in one closing factor. */
export const MAX_LISTED_MATCHES = 5;

// --- Declared sanctions exposure (organisation profile) -----------------------------------------

/** `is_sanctioned`: the entity itself is listed: critical and refuse. */
export const ENTITY_SANCTIONED_POINTS = 80;
export const ENTITY_SANCTIONED_MIN_SCORE = RISK_LEVEL_MIN_SCORE.critical;
/** `has_sanctions`: an officer or director is listed: at least high (control by a listed person). */
export const OFFICER_SANCTIONED_POINTS = 40;
export const OFFICER_SANCTIONED_MIN_SCORE = RISK_LEVEL_MIN_SCORE.high;

// --- Missing context: never reads as clean ------------------------------------------------------

/** Watchlist data missing (no list, or a configured list never loaded): the name was not screened against it. At least medium. */
export const NO_WATCHLIST_DATA_POINTS = 25;
export const NO_WATCHLIST_DATA_MIN_SCORE = RISK_LEVEL_MIN_SCORE.medium;
/** Some list overdue for refresh: a recent listing may be missed. */
export const STALE_WATCHLIST_DATA_POINTS = 10;
/** No `risk_profile`: customer context unknown. At least medium. */
export const MISSING_RISK_PROFILE_POINTS = 25;
export const MISSING_RISK_PROFILE_MIN_SCORE = RISK_LEVEL_MIN_SCORE.medium;

// --- Person profile -----------------------------------------------------------------------------

export const NON_RESIDENT_POINTS = 15;
export const NON_FACE_TO_FACE_POINTS = 10;
/** Tranche 2 professions (accountant, lawyer, conveyancer, real estate agent, TCSP). */
export const TRANCHE_2_PROFESSION_POINTS = 10;
/** Other professions whose services can be misused to move or hide funds (financial adviser). */
export const GATEKEEPER_PROFESSION_POINTS = 10;
/**
 * Cash-intensive or value-transfer trades: dealers in precious metals and stones and jewellers (also
 * Tranche 2), remitters, currency exchange, digital currency, gambling, arms, high-value goods.
 */
export const VALUE_DEALER_PROFESSION_POINTS = 15;
/** A prominent public function: possibly a PEP even without a PEP list match. */
export const PUBLIC_FUNCTION_PROFESSION_POINTS = 20;

// --- Organisation profile -----------------------------------------------------------------------

/** Shell, shelf or bearer-share company: little real activity, ownership easily hidden. */
export const SHELL_COMPANY_POINTS = 25;
/** Trust, nominee, foundation or offshore vehicle: separates legal from beneficial ownership. */
export const OPAQUE_STRUCTURE_POINTS = 15;
/** Gambling, remittance, money services, digital currency, precious metals, arms, high-value goods. */
export const HIGH_RISK_INDUSTRY_POINTS = 20;
/** Real estate, legal, accounting, trust and company services: the Tranche 2 sectors. */
export const TRANCHE_2_SECTOR_POINTS = 10;

// --- Jurisdictions ------------------------------------------------------------------------------

/** Nationality, incorporation or operation in a FATF call-for-action country: at least medium (EDD). */
export const FATF_CALL_FOR_ACTION_POINTS = 30;
export const FATF_CALL_FOR_ACTION_MIN_SCORE = RISK_LEVEL_MIN_SCORE.medium;
/** ... in a country under FATF increased monitoring. */
export const FATF_INCREASED_MONITORING_POINTS = 15;
/** ... in a country under broad Australian sanctions measures. */
export const SANCTIONED_JURISDICTION_POINTS = 25;
/** `is_high_risk_country`: the organisation says it operates in a FATF high-risk jurisdiction. */
export const DECLARED_HIGH_RISK_COUNTRY_POINTS = FATF_CALL_FOR_ACTION_POINTS;
/**
 * All jurisdiction points together stop here: one country seen through several links (nationality and
 * operation, say) is one exposure, counted more than once only up to this cap.
 */
export const JURISDICTION_POINTS_CAP = 45;
