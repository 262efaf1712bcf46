import * as weights from '../score-weights';

// Read once: imported bindings compile to getters, and this runs for every candidate.
const { BETTER_COVERAGE_WEIGHT, MIN_INFORMATION_FACTOR, WEAK_ALIAS_FACTOR } = weights;

/** What a name score is made of; also what the candidate bound feeds with upper estimates. */
export interface ScoreInputs {
  queryCoverage: number;
  listedCoverage: number;
  /** Listed weight met (similarity-weighted), and the weight that counts as fully informative. */
  information: number;
  informationFloor: number;
  weakAlias: boolean;
}

export interface ScoreParts {
  score: number;
  informationFactor: number;
  aliasFactor: number;
}

/**
 * The one formula from coverages to a name score: the better coverage counts most, the worse still
 * counts, a match on little information is discounted, and a weak alias is discounted. Monotone in
 * every input, which is what lets `CandidateSearch` bound a name's score before aligning it.
 */
export function nameScore(inputs: ScoreInputs): ScoreParts {
  const { queryCoverage, listedCoverage, information, informationFloor, weakAlias } = inputs;
  const informationFactor = informationFactorOf(information, informationFloor);
  const aliasFactor = weakAlias ? WEAK_ALIAS_FACTOR : 1;
  return {
    score: nameScoreValue(queryCoverage, listedCoverage, information, informationFloor, weakAlias),
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
): number {
  const better = queryCoverage > listedCoverage ? queryCoverage : listedCoverage;
  const worse = queryCoverage > listedCoverage ? listedCoverage : queryCoverage;
  const coverage = BETTER_COVERAGE_WEIGHT * better + (1 - BETTER_COVERAGE_WEIGHT) * worse;
  const aliasFactor = weakAlias ? WEAK_ALIAS_FACTOR : 1;
  return coverage * informationFactorOf(information, informationFloor) * aliasFactor;
}

function informationFactorOf(information: number, floor: number): number {
  const informed = floor > 0 ? Math.min(1, information / floor) : 1;
  return MIN_INFORMATION_FACTOR + (1 - MIN_INFORMATION_FACTOR) * informed;
}
