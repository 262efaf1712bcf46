import { BETTER_COVERAGE_WEIGHT, MIN_INFORMATION_FACTOR, WEAK_ALIAS_FACTOR } from '../score-weights';

/** What a name score is made of; also what the candidate bound feeds with upper estimates. */
export interface ScoreInputs {
  queryCoverage: number;
  listedCoverage: number;
  /** Listed weight met (similarity-weighted), and the weight that counts as fully informative. */
  information: number;
  informationFloor: number;
  weakAlias: boolean;
  /** Share of the better coverage in the score; `BETTER_COVERAGE_WEIGHT` unless said. */
  betterCoverageWeight?: number;
  /** The share when the query is the less covered side (people's names: `QUERY_WORSE_BETTER_COVERAGE_WEIGHT`); the same unless said. */
  queryWorseWeight?: number;
}

export interface ScoreParts {
  score: number;
  /** The share the better coverage had (see `effectiveCoverageWeight`). */
  betterCoverageWeight: number;
  informationFactor: number;
  aliasFactor: number;
}

/**
 * The one formula from coverages to a name score: the better coverage counts most, the worse still
 * counts, a match on little information is discounted, and a weak alias is discounted. Monotone in
 * every input, which is what lets `CandidateSearch` bound a name's score before aligning it.
 */
export function nameScore(inputs: ScoreInputs): ScoreParts {
  const { queryCoverage, listedCoverage, information, informationFloor, weakAlias, betterCoverageWeight, queryWorseWeight } = inputs;
  const weight = betterCoverageWeight ?? BETTER_COVERAGE_WEIGHT;
  const informationFactor = informationFactorOf(information, informationFloor);
  const aliasFactor = weakAlias ? WEAK_ALIAS_FACTOR : 1;
  return {
    score: nameScoreValue(queryCoverage, listedCoverage, information, informationFloor, weakAlias, weight, queryWorseWeight),
    betterCoverageWeight: effectiveCoverageWeight(queryCoverage, listedCoverage, weight, queryWorseWeight ?? weight),
    informationFactor,
    aliasFactor,
  };
}

/** `nameScore(...).score` without the object: the candidate bound computes it for thousands of names. */
export function nameScoreValue(
  queryCoverage: number,
  listedCoverage: number,
  information: number,
  informationFloor: number,
  weakAlias: boolean,
  betterCoverageWeight = BETTER_COVERAGE_WEIGHT,
  queryWorseWeight = betterCoverageWeight,
): number {
  const better = queryCoverage > listedCoverage ? queryCoverage : listedCoverage;
  const worse = queryCoverage > listedCoverage ? listedCoverage : queryCoverage;
  const weight = effectiveCoverageWeight(queryCoverage, listedCoverage, betterCoverageWeight, queryWorseWeight);
  const coverage = weight * better + (1 - weight) * worse;
  const aliasFactor = weakAlias ? WEAK_ALIAS_FACTOR : 1;
  return coverage * informationFactorOf(information, informationFloor) * aliasFactor;
}

/**
 * The better coverage's share: `queryWorseWeight` at most when the query is the less covered side. The
 * score stays continuous (both shares agree when the coverages do) and monotone in each coverage, which
 * the candidate bound (computed with the larger default share) relies on.
 */
function effectiveCoverageWeight(queryCoverage: number, listedCoverage: number, weight: number, queryWorseWeight: number): number {
  return queryCoverage < listedCoverage && queryWorseWeight < weight ? queryWorseWeight : weight;
}

function informationFactorOf(information: number, floor: number): number {
  const informed = floor > 0 ? Math.min(1, information / floor) : 1;
  return MIN_INFORMATION_FACTOR + (1 - MIN_INFORMATION_FACTOR) * informed;
}
