import type { PairingKind } from '../match-types';
import type { AlignedPair } from './aligned-pair';
import { hitSlot, TOKEN_MATCH_KINDS } from '../index/form-hits';
import { isQuietRole, ROLE_CODES, type NameTable } from '../index/name-table';
import type { PreparedQuery } from '../index/prepared-query';
import {
  BETTER_COVERAGE_WEIGHT,
  INITIAL_SIMILARITY,
  QUERY_WORSE_BETTER_COVERAGE_WEIGHT,
  SYLLABIC_BETTER_COVERAGE_WEIGHT,
  SYLLABLE_ORDER_FACTOR,
  SYLLABLE_VARIANT_FACTOR,
} from '../score-weights';
import { nameScore } from './name-score';
import { PAIRING_KINDS, PairProposals } from './pair-proposals';
import { onlyMiddleNamesUnmatched } from './middle-names';
import { syllablesSwapped, syllableVariant } from './syllable-rules';
import { splitPairingOf } from '../index/split-pairing';

/** Pairing kinds by `FormHits.hows` code: the token match kinds, then a consonant-skeleton and a name-variant hit. */
const HIT_KINDS: readonly PairingKind[] = [...TOKEN_MATCH_KINDS, 'skeleton', 'variant', 'transcription'];

/**
 * What kind of listed name is aligned, for how the two coverages combine: a person's name in
 * one-syllable words (both sides must agree), another person's name (a name part only the customer
 * gave counts against), or anything else (extra descriptive words in company names are common).
 */
export type NameShape = 'syllabic' | 'person' | 'other';

export interface Alignment {
  score: number;
  queryCoverage: number;
  listedCoverage: number;
  informationFactor: number;
  aliasFactor: number;
  /** Share of the better coverage in the score (lower for names in one-syllable words). */
  betterCoverageWeight: number;
  /** `SYLLABLE_ORDER_FACTOR` when two syllables of a given name met in the other order, else 1. */
  syllableOrderFactor: number;
  pairs: AlignedPair[];
  /** Bits of query tokens, and of listed tokens relative to the name's first, that were paired. */
  queryMatched: number;
  listedMatched: number;
}

/**
 * Aligns a query with one listed name in any order: every plausible pairing (token to token, two
 * joined to one, one to two joined, initial to name) is proposed, the heaviest are accepted greedily
 * without reusing a token, and the two sides' weighted coverages combine into the score. Order-free
 * alignment is what makes "PUTIN, Vladimir" and "Vladimir Putin" the same name.
 */
export function alignName(table: NameTable, query: PreparedQuery, name: number, shape: NameShape = 'other'): Alignment {
  const syllabic = shape === 'syllabic';
  const betterCoverageWeight = syllabic ? SYLLABIC_BETTER_COVERAGE_WEIGHT : BETTER_COVERAGE_WEIGHT;
  const start = table.tokenStart[name]!;
  const end = table.tokenStart[name + 1]!;
  proposals.reset();
  proposePairs(table, query, start, end);

  const pairs: AlignedPair[] = [];
  let queryMatched = 0;
  let listedMatched = 0;
  let queryMet = 0;
  let queryCounted = 0;
  let listedMet = 0;
  for (const i of proposals.sortByGain()) {
    const querySpan = proposals.querySpan[i] as 1 | 2;
    const listedSpan = proposals.listedSpan[i] as 1 | 2;
    const queryBits = spanBits(proposals.queryFirst[i]!, querySpan);
    const listedBits = spanBits(proposals.listedFirst[i]! - start, listedSpan);
    if ((queryMatched & queryBits) !== 0 || (listedMatched & listedBits) !== 0) continue;
    queryMatched |= queryBits;
    listedMatched |= listedBits;
    const pair: AlignedPair = {
      queryFirst: proposals.queryFirst[i]!,
      querySpan,
      listedFirst: proposals.listedFirst[i]!,
      listedSpan,
      how: PAIRING_KINDS[proposals.how[i]!]!,
      querySimilarity: proposals.querySimilarity[i]!,
      listedSimilarity: proposals.listedSimilarity[i]!,
      queryWeight: proposals.queryWeight[i]!,
      listedWeight: proposals.listedWeight[i]!,
    };
    if (syllabic && (pair.how === 'phonetic' || pair.how === 'fuzzy') && syllableVariant(table, query, pair)) {
      pair.querySimilarity *= SYLLABLE_VARIANT_FACTOR;
      pair.listedSimilarity *= SYLLABLE_VARIANT_FACTOR;
    }
    pairs.push(pair);
    queryMet += pair.querySimilarity * pair.queryWeight;
    queryCounted += pair.queryWeight;
    listedMet += pair.listedSimilarity * pair.listedWeight;
  }
  for (let i = 0; i < query.weights.length; i++) {
    if ((queryMatched & (1 << i)) === 0) queryCounted += query.weights[i]!;
  }
  const queryCoverage = queryCounted > 0 ? queryMet / queryCounted : 0;
  const listedTotal = table.nameTotalWeight[name]!;
  const listedCoverage = listedTotal > 0 ? Math.min(1, listedMet / listedTotal) : 0;
  const syllableOrderFactor = syllabic && syllablesSwapped(query, pairs, end - start) ? SYLLABLE_ORDER_FACTOR : 1;
  // The query's own name parts count against it (see `QUERY_WORSE_BETTER_COVERAGE_WEIGHT`) unless they
  // are all middle names: a father's and grandfather's names between matched ones are left out by lists
  // as often as a customer leaves out a listed middle name.
  const queryWorseWeight =
    shape === 'person' && !onlyMiddleNamesUnmatched(query, queryMatched) ? QUERY_WORSE_BETTER_COVERAGE_WEIGHT : betterCoverageWeight;
  const { score: nameScoreValue, informationFactor, aliasFactor, betterCoverageWeight: coverageWeight } = nameScore({
    queryCoverage,
    listedCoverage,
    information: listedMet,
    informationFloor: table.rarity.informationFloor,
    weakAlias: table.nameWeak[name] === 1,
    betterCoverageWeight,
    queryWorseWeight,
  });
  const score = nameScoreValue * syllableOrderFactor;
  return {
    score,
    queryCoverage,
    listedCoverage,
    informationFactor,
    aliasFactor,
    betterCoverageWeight: coverageWeight,
    syllableOrderFactor,
    pairs,
    queryMatched,
    listedMatched,
  };
}

/**
 * True when one word falls as many letters short of two words read as one as the shorter of them has:
 * "Weihua" is "Weihua Wu" without Wu, a prefix a string measure rates 0.95, not the same name spaced
 * otherwise ("Abdulheq" / "Abdul Heq"). An initial is too short to tell ("Y.M." / "Ia. M.").
 */
function lacksAWholePart(firstLength: number, secondLength: number, singleLength: number): boolean {
  const shorter = Math.min(firstLength, secondLength);
  return shorter > 1 && Math.abs(firstLength + secondLength - singleLength) >= shorter;
}

function spanBits(first: number, span: 1 | 2): number {
  return span === 1 ? 1 << first : (1 << first) | (1 << (first + 1));
}

/** Shared by every alignment (alignments are synchronous). */
const proposals = new PairProposals();

function proposePairs(table: NameTable, query: PreparedQuery, start: number, end: number): void {
  const propose = (
    queryFirst: number,
    querySpan: 1 | 2,
    listedFirst: number,
    listedSpan: 1 | 2,
    how: PairingKind,
    querySimilarity: number,
    listedSimilarity: number,
  ) => {
    let queryWeight = query.weights[queryFirst]!;
    if (querySpan === 2) queryWeight += query.weights[queryFirst + 1]!;
    let listedWeight = table.tokenWeight[listedFirst]!;
    if (listedSpan === 2) listedWeight += table.tokenWeight[listedFirst + 1]!;
    // A query token counts no more than what it met: a typo'd common name stays a common name. A name
    // met only by a listed initial keeps its weight: the initial confirms its letter, not the name.
    if (how !== 'initial' || querySimilarity === 1) queryWeight = Math.min(queryWeight, listedWeight);
    proposals.add(queryFirst, querySpan, listedFirst, listedSpan, how, querySimilarity, listedSimilarity, queryWeight, listedWeight);
  };

  const texts = table.vocabulary.texts;
  // Letter counts say nothing of a transliteration without its vowels ("bd llh" is "Abdullah").
  const byLetters = query.abjadScript === null;
  for (const unit of query.units) {
    const { hits } = unit;
    const joinedQuery = unit.span === 2 && byLetters;
    for (let p = start; p < end; p++) {
      const slot = hitSlot(hits, table.tokenForm[p]!);
      if (slot >= 0) {
        const similarity = hits.similarities[slot]!;
        const how = unit.span === 1 ? HIT_KINDS[hits.hows[slot]!]! : 'joined';
        const whole =
          !joinedQuery ||
          !lacksAWholePart(query.tokens[unit.first]!.text.length, query.tokens[unit.first + 1]!.text.length, texts[table.tokenForm[p]!]!.length);
        if (whole) propose(unit.first, unit.span, p, 1, how, similarity, similarity);
      }
      const join = table.joinForm[p]!;
      if (unit.span === 1 && join >= 0) {
        const joined = hitSlot(hits, join);
        const how = joined >= 0 ? splitPairingOf(hits, joined) : null;
        if (how === null) continue;
        if (byLetters && lacksAWholePart(texts[table.tokenForm[p]!]!.length, texts[table.tokenForm[p + 1]!]!.length, unit.text.length)) continue;
        const similarity = hits.similarities[joined]!;
        propose(unit.first, 1, p, 2, how, similarity, similarity);
      }
    }
  }

  // Initials on either side confirm a name starting with their letter.
  query.tokens.forEach((token, i) => {
    for (let p = start; p < end; p++) {
      const role = ROLE_CODES[table.tokenRole[p]!]!;
      const listed = texts[table.tokenForm[p]!]!;
      if (token.role === 'initial') {
        if (listed === token.text) propose(i, 1, p, 1, 'exact', 1, 1);
        else if (!isQuietRole(role) && listed.startsWith(token.text)) propose(i, 1, p, 1, 'initial', 1, INITIAL_SIMILARITY);
      } else if (role === 'initial' && !isQuietRole(token.role) && token.text.startsWith(listed)) {
        propose(i, 1, p, 1, 'initial', INITIAL_SIMILARITY, 1);
      }
    }
  });
}
