/**
 * What screening found, and whether it could run at all. Each list kind counts once, at its strongest
 * match: ten aliases of one listed person are one hit, not ten. Every match is still named (up to
 * `MAX_LISTED_MATCHES`) so the reviewer sees the evidence, strongest first.
 */
import { pepCategoryOfSource, pepDescriptionOfSource } from './pep-category';
import type { RiskContribution, RiskInput, RiskMatch } from './risk-types';
import {
  CONFIRMED_SANCTIONS_MATCH_MIN_SCORE,
  CONFIRMED_SANCTIONS_MATCH_POINTS,
  CONFIRMED_SANCTIONS_MATCH_SCORE,
  DOMESTIC_PEP_MATCH_MIN_SCORE,
  DOMESTIC_PEP_MATCH_POINTS,
  MAX_LISTED_MATCHES,
  NO_WATCHLIST_DATA_MIN_SCORE,
  NO_WATCHLIST_DATA_POINTS,
  OTHER_LIST_MATCH_POINTS,
  PEP_MATCH_MIN_SCORE,
  PEP_MATCH_POINTS,
  POSSIBLE_SANCTIONS_MATCH_MIN_SCORE,
  POSSIBLE_SANCTIONS_MATCH_POINTS,
  STALE_WATCHLIST_DATA_POINTS,
} from './risk-weights';

/** Sanctions first, then PEP, then other lists. */
const LIST_KIND_RANK: Readonly<Record<RiskMatch['listKind'], number>> = { sanctions: 0, pep: 1, other: 2 };

/** A match score as a number in [0, 1]; anything unreadable counts as 0. */
function boundedScore(score: number): number {
  return Number.isFinite(score) ? Math.min(1, Math.max(0, score)) : 0;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Strongest evidence first; ties broken by name and source so the order never depends on input order. */
function byStrength(a: RiskMatch, b: RiskMatch): number {
  return (
    LIST_KIND_RANK[a.listKind] - LIST_KIND_RANK[b.listKind] ||
    boundedScore(b.score) - boundedScore(a.score) ||
    compareText(a.matchedName, b.matchedName) ||
    compareText(a.source, b.source)
  );
}

function describe(match: RiskMatch): Omit<RiskContribution, 'points'> {
  const score = boundedScore(match.score);
  const evidence = `'${match.matchedName}' on ${match.source} (score ${score.toFixed(2)})`;
  if (match.listKind === 'sanctions' && score >= CONFIRMED_SANCTIONS_MATCH_SCORE) {
    return { rule: 'sanctions_match', factor: `Sanctions match: ${evidence}`, minimumScore: CONFIRMED_SANCTIONS_MATCH_MIN_SCORE, sanctionsHit: true };
  }
  if (match.listKind === 'sanctions') {
    return {
      rule: 'possible_sanctions_match',
      factor: `Possible sanctions match: ${evidence}, below the ${CONFIRMED_SANCTIONS_MATCH_SCORE.toFixed(2)} confirmation threshold; review before proceeding`,
      minimumScore: POSSIBLE_SANCTIONS_MATCH_MIN_SCORE,
    };
  }
  if (match.listKind === 'pep' && pepCategoryOfSource(match.source) === 'domestic') {
    return {
      rule: 'domestic_pep_match',
      factor: `Domestic PEP match (${pepDescriptionOfSource(match.source)}): ${evidence}; make a risk-based determination, with enhanced CDD if the risk is high`,
      minimumScore: DOMESTIC_PEP_MATCH_MIN_SCORE,
      pep: 'domestic',
    };
  }
  if (match.listKind === 'pep') return { rule: 'pep_match', factor: `PEP match: ${evidence}`, minimumScore: PEP_MATCH_MIN_SCORE, pep: 'foreign_or_unknown' };
  return { rule: 'other_list_match', factor: `Watchlist match: ${evidence}` };
}

function pointsFor(rule: RiskContribution['rule']): number {
  switch (rule) {
    case 'sanctions_match':
      return CONFIRMED_SANCTIONS_MATCH_POINTS;
    case 'possible_sanctions_match':
      return POSSIBLE_SANCTIONS_MATCH_POINTS;
    case 'pep_match':
      return PEP_MATCH_POINTS;
    case 'domestic_pep_match':
      return DOMESTIC_PEP_MATCH_POINTS;
    default:
      return OTHER_LIST_MATCH_POINTS;
  }
}

/**
 * One factor per match, strongest first. Points go to the first (strongest) match of each list kind;
 * later matches of that kind are listed with no points, keeping their overrides.
 */
export function matchContributions(matches: readonly RiskMatch[]): RiskContribution[] {
  const ordered = [...matches].sort(byStrength);
  const counted = new Set<RiskMatch['listKind']>();
  const contributions = ordered.map((match): RiskContribution => {
    const described = describe(match);
    const points = counted.has(match.listKind) ? 0 : pointsFor(described.rule);
    counted.add(match.listKind);
    return { ...described, points };
  });
  const listed = contributions.slice(0, MAX_LISTED_MATCHES);
  const unlisted = contributions.slice(MAX_LISTED_MATCHES);
  if (unlisted.length === 0) return listed;
  // The unlisted still carry points and overrides: fold them into one summary factor.
  return [
    ...listed,
    {
      rule: 'more_matches',
      factor: `${unlisted.length} further watchlist ${unlisted.length === 1 ? 'match' : 'matches'} not listed here; see the scan's matches`,
      points: unlisted.reduce((sum, c) => sum + c.points, 0),
      minimumScore: Math.max(0, ...unlisted.map((c) => c.minimumScore ?? 0)),
      sanctionsHit: unlisted.some((c) => c.sanctionsHit === true),
      ...strongestPep(unlisted),
    },
  ];
}

/** The PEP kind that asks most of a folded set of matches: a foreign (or unknown) PEP over a domestic one. */
export function strongestPep(contributions: readonly RiskContribution[]): Pick<RiskContribution, 'pep'> {
  if (contributions.some((c) => c.pep === 'foreign_or_unknown')) return { pep: 'foreign_or_unknown' };
  if (contributions.some((c) => c.pep === 'domestic')) return { pep: 'domestic' };
  return {};
}

/** Whether the name could be screened against current lists. */
export function stalenessContributions(staleness: RiskInput['sourceStaleness']): RiskContribution[] {
  if (staleness === 'no_data') {
    return [
      {
        rule: 'no_watchlist_data',
        factor: 'Watchlist data missing: no list, or not every configured list, is loaded, so a listing there cannot be found; screen again once the lists are loaded',
        points: NO_WATCHLIST_DATA_POINTS,
        minimumScore: NO_WATCHLIST_DATA_MIN_SCORE,
      },
    ];
  }
  if (staleness === 'stale') {
    return [
      {
        rule: 'stale_watchlist_data',
        factor: 'Watchlist data is stale: at least one list is overdue for refresh, so a recent listing may be missed',
        points: STALE_WATCHLIST_DATA_POINTS,
      },
    ];
  }
  return [];
}
