import type { MatchExplanation, MatchKind, TokenPairing, TypeMismatch, UnmatchedToken } from '../match-types';
import { ROLE_CODES, type NameTable } from '../index/name-table';
import type { PreparedQuery } from '../index/prepared-query';
import {
  BETTER_COVERAGE_WEIGHT,
  SKELETON_SIMILARITY_LONG,
  SKELETON_VOWEL_LETTERS_DIFFER,
  SYLLABIC_BETTER_COVERAGE_WEIGHT,
  TRANSCRIPTION_SIMILARITY,
  VARIANT_SIMILARITY,
} from '../score-weights';
import type { Alignment } from './name-alignment';
import { describeTypeMismatch } from './type-mismatch';

/**
 * Turns an alignment into what a reviewer reads: which query tokens met which listed tokens and how,
 * what was left over on each side and at what weight, and the arithmetic from coverages to score
 * (less the penalty when the listed entity is of another kind than the query's).
 */
export function explainAlignment(
  table: NameTable,
  query: PreparedQuery,
  name: number,
  alignment: Alignment,
  threshold: number,
  typeMismatch: TypeMismatch | null = null,
): MatchExplanation {
  const start = table.tokenStart[name]!;
  const end = table.tokenStart[name + 1]!;
  const listedText = (p: number) => table.vocabulary.texts[table.tokenForm[p]!]!;
  const queryText = (first: number, span: number) =>
    query.tokens.slice(first, first + span).map((t) => t.text).join(' ');
  const listedSpanText = (first: number, span: number) =>
    span === 1 ? listedText(first) : `${listedText(first)} ${listedText(first + 1)}`;

  const pairings: TokenPairing[] = [...alignment.pairs]
    .sort((a, b) => a.queryFirst - b.queryFirst)
    .map((pair) => ({
      query: queryText(pair.queryFirst, pair.querySpan),
      listed: listedSpanText(pair.listedFirst, pair.listedSpan),
      how: pair.how,
      similarity: round(Math.min(pair.querySimilarity, pair.listedSimilarity)),
      queryWeight: round(pair.queryWeight),
      listedWeight: round(pair.listedWeight),
    }));
  const unmatchedQuery: UnmatchedToken[] = [];
  query.tokens.forEach((token, i) => {
    if ((alignment.queryMatched & (1 << i)) === 0) {
      unmatchedQuery.push({ token: token.text, role: token.role, weight: round(query.weights[i]!) });
    }
  });
  const unmatchedListed: UnmatchedToken[] = [];
  for (let p = start; p < end; p++) {
    if ((alignment.listedMatched & (1 << (p - start))) === 0) {
      unmatchedListed.push({ token: listedText(p), role: ROLE_CODES[table.tokenRole[p]!]!, weight: round(table.tokenWeight[p]!) });
    }
  }
  const finalScore = alignment.score - (typeMismatch?.penalty ?? 0);
  const score = round(finalScore);
  const match = finalScore >= threshold;
  const explanation: Omit<MatchExplanation, 'summary'> = {
    queryTokens: query.tokens.map((t) => t.text),
    listedTokens: Array.from({ length: end - start }, (_, i) => listedText(start + i)),
    pairings,
    unmatchedQuery,
    unmatchedListed,
    components: {
      queryCoverage: round(alignment.queryCoverage),
      listedCoverage: round(alignment.listedCoverage),
      betterCoverageWeight: alignment.betterCoverageWeight,
      informationFactor: round(alignment.informationFactor),
      aliasFactor: alignment.aliasFactor,
    },
    score,
    threshold,
    match,
  };
  let notes = typeMismatch ? ` ${describeTypeMismatch(typeMismatch)}` : '';
  if (alignment.betterCoverageWeight === SYLLABIC_BETTER_COVERAGE_WEIGHT) {
    notes += ` A name in one-syllable words: every syllable is identity, so the worse coverage counts ${round(1 - alignment.betterCoverageWeight)} and a syllable met by sound or typo counts less.`;
  } else if (alignment.betterCoverageWeight !== BETTER_COVERAGE_WEIGHT) {
    notes += ` The query has name parts the listed name lacks, so the worse coverage counts ${round(1 - alignment.betterCoverageWeight)}.`;
  }
  if (alignment.syllableOrderFactor < 1) {
    notes += ` Syllables of the given name met in the other order: score × ${alignment.syllableOrderFactor}.`;
  }
  if (query.abjadScript !== null && pairings.some((p) => p.how !== 'exact')) {
    notes += ` ${query.abjadScript}-script query compared with Latin spellings by consonant skeleton (short vowels are not written in it), each such pairing counted at most ${SKELETON_SIMILARITY_LONG}, and ${SKELETON_VOWEL_LETTERS_DIFFER} less where the Latin spelling has no vowel of the kind the query writes as a long vowel between the same consonants (transliterated w or y).`;
  }
  if (pairings.some((p) => p.how === 'variant')) {
    notes += ` A variant pairing is the same name in another language's form (Ukrainian Volodymyr for Russian Vladimir, a patronymic of such a name, zavod for plant), from the table of name variants, counted ${VARIANT_SIMILARITY}.`;
  }
  if (pairings.some((p) => p.how === 'transcription')) {
    notes += ` A transcription pairing reads a Cyrillic- or Greek-script token as a transcription of an English name (дж as j, х as h, у before a vowel as w: "Джон" as John; μπ as b, ντ as d, γκ as g, τζ as j), counted ${TRANSCRIPTION_SIMILARITY}.`;
  }
  return { ...explanation, summary: summarise(explanation, typeMismatch) + notes };
}

/** `exact` / `reordered` / `partial` / `fuzzy`, as documented on `MatchKind`. */
export function matchKindOf(explanation: Omit<MatchExplanation, 'summary'>): MatchKind {
  if (explanation.pairings.some((p) => p.how !== 'exact')) return 'fuzzy';
  if (explanation.unmatchedQuery.length > 0 || explanation.unmatchedListed.length > 0) return 'partial';
  const inOrder = explanation.queryTokens.join(' ') === explanation.listedTokens.join(' ');
  return inOrder ? 'exact' : 'reordered';
}

function summarise(explanation: Omit<MatchExplanation, 'summary'>, typeMismatch: TypeMismatch | null): string {
  const parts = explanation.pairings.map((p) =>
    p.how === 'exact' ? `"${p.query}" = "${p.listed}"` : `"${p.query}" ~ "${p.listed}" (${p.how} ${p.similarity.toFixed(2)})`,
  );
  if (explanation.unmatchedQuery.length > 0) {
    parts.push(`query only: ${explanation.unmatchedQuery.map((t) => `"${t.token}"`).join(', ')}`);
  }
  if (explanation.unmatchedListed.length > 0) {
    parts.push(`listed only: ${explanation.unmatchedListed.map((t) => `"${t.token}"`).join(', ')}`);
  }
  const { queryCoverage, listedCoverage, informationFactor, aliasFactor } = explanation.components;
  const little = informationFactor < 1 ? ` × little information ${informationFactor.toFixed(2)}` : '';
  const weak = aliasFactor < 1 ? ` × weak alias ${aliasFactor}` : '';
  const penalty = typeMismatch ? ` → ${typeMismatch.nameScore.toFixed(3)} − type-mismatch penalty ${typeMismatch.penalty.toFixed(2)}` : '';
  const verdict = explanation.match ? '≥' : '<';
  return (
    `${parts.join('; ')}. Coverage: query ${queryCoverage.toFixed(2)}, listed ${listedCoverage.toFixed(2)}${little}${weak}${penalty} ` +
    `→ score ${explanation.score.toFixed(3)} ${verdict} threshold ${explanation.threshold}.`
  );
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
