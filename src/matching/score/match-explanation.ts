import type { MatchExplanation, MatchKind, TokenPairing, UnmatchedToken } from '../match-types';
import { ROLE_CODES, type NameTable } from '../index/name-table';
import type { PreparedQuery } from '../index/prepared-query';
import { BETTER_COVERAGE_WEIGHT } from '../score-weights';
import type { Alignment } from './name-alignment';

/**
 * Turns an alignment into what a reviewer reads: which query tokens met which listed tokens and how,
 * what was left over on each side and at what weight, and the arithmetic from coverages to score.
 */
export function explainAlignment(
  table: NameTable,
  query: PreparedQuery,
  name: number,
  alignment: Alignment,
  threshold: number,
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
  const score = round(alignment.score);
  const match = alignment.score >= threshold;
  const explanation: Omit<MatchExplanation, 'summary'> = {
    queryTokens: query.tokens.map((t) => t.text),
    listedTokens: Array.from({ length: end - start }, (_, i) => listedText(start + i)),
    pairings,
    unmatchedQuery,
    unmatchedListed,
    components: {
      queryCoverage: round(alignment.queryCoverage),
      listedCoverage: round(alignment.listedCoverage),
      betterCoverageWeight: BETTER_COVERAGE_WEIGHT,
      informationFactor: round(alignment.informationFactor),
      aliasFactor: alignment.aliasFactor,
    },
    score,
    threshold,
    match,
  };
  return { ...explanation, summary: summarise(explanation) };
}

/** `exact` / `reordered` / `partial` / `fuzzy`, as documented on `MatchKind`. */
export function matchKindOf(explanation: Omit<MatchExplanation, 'summary'>): MatchKind {
  if (explanation.pairings.some((p) => p.how !== 'exact')) return 'fuzzy';
  if (explanation.unmatchedQuery.length > 0 || explanation.unmatchedListed.length > 0) return 'partial';
  const inOrder = explanation.queryTokens.join(' ') === explanation.listedTokens.join(' ');
  return inOrder ? 'exact' : 'reordered';
}

function summarise(explanation: Omit<MatchExplanation, 'summary'>): string {
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
  const verdict = explanation.match ? '≥' : '<';
  return (
    `${parts.join('; ')}. Coverage: query ${queryCoverage.toFixed(2)}, listed ${listedCoverage.toFixed(2)}${little}${weak} ` +
    `→ score ${explanation.score.toFixed(3)} ${verdict} threshold ${explanation.threshold}.`
  );
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
