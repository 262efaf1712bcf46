import { nameScoreValue } from '../score/name-score';
import { BETTER_COVERAGE_WEIGHT, INITIAL_SIMILARITY } from '../score-weights';
import { hitSlot } from './form-hits';
import { isQuietRole, ROLE_CODES, type NameTable } from './name-table';
import type { PreparedQuery } from './prepared-query';
import { splitPairingOf } from './split-pairing';

/**
 * An upper bound on the score `alignName` can give this listed name, tighter than the postings bound
 * because it knows which listed token each query token met. The alignment pairs every listed token at
 * most once, so each listed token is credited only with the best pairing it could take (at that
 * pairing's own similarity), not once per query token that met it: "S. Muhammadi Muhammad" against
 * "Mohammed Smith" can pair only one of its two common names, and the other counts as unmatched.
 *
 * It proposes the same pairings `alignName` would (forms met, joins, initials) without sorting or
 * accepting them. Why it is an upper bound, for a pairing set S that the alignment accepts:
 * - query side: coverage = Σ s·w' / (Σ w' + U) with w' = min(query weight, listed weight) and U the
 *   weight of unpaired query tokens. With s ≤ 1 it is at most N / (N + U), increasing in N and
 *   decreasing in U; N ≤ Σ over listed tokens of their best s·w', and U ≥ total less Σ over listed
 *   tokens of the heaviest query weight that could pair there (each pair is counted at its first
 *   listed token, and no two pairs share one);
 * - listed side: Σ s·(listed weight) ≤ Σ over listed tokens of their best s·(listed weight);
 * - the score is monotone in both coverages and in the information, and the larger coverage share
 *   (the default) bounds the shares used for other name shapes; syllable factors only lower it. When
 *   only people's names are searched, `worseShare` may be the smaller share `WorseShares.forPeople`
 *   proves for the whole query: where the query is the worse side no person's name gives more.
 */
export function pairingBound(
  table: NameTable,
  query: PreparedQuery,
  name: number,
  informationFloor: number,
  worseShare = BETTER_COVERAGE_WEIGHT,
  marks?: Uint32Array,
): number {
  const start = table.tokenStart[name]!;
  const end = table.tokenStart[name + 1]!;
  const texts = table.vocabulary.texts;
  const queryWeights = query.weights;
  let queryTotal = 0;
  for (let i = 0; i < queryWeights.length; i++) queryTotal += queryWeights[i]!;

  let queryMetCeiling = 0;
  let queryPairedCeiling = 0;
  let listedMetCeiling = 0;
  for (let p = start; p < end; p++) {
    const listedWeight = table.tokenWeight[p]!;
    const form = table.tokenForm[p]!;
    const join = table.joinForm[p]!;
    bestQueryMet = 0;
    heaviestQuery = 0;
    bestListedMet = 0;
    // `marks` (`FormUnitMarks`): the units that meet this token or its join; most tokens meet none.
    const meeting = marks === undefined ? ALL_UNITS : marks[form]! | (join >= 0 ? marks[join]! : 0);
    for (let u = 0; meeting !== 0 && u < query.units.length; u++) {
      if ((meeting & (1 << u)) === 0) continue;
      const unit = query.units[u]!;
      const { hits } = unit;
      let unitWeight = queryWeights[unit.first]!;
      if (unit.span === 2) unitWeight += queryWeights[unit.first + 1]!;
      const slot = hitSlot(hits, form);
      if (slot >= 0) consider(unitWeight, listedWeight, hits.similarities[slot]!, hits.similarities[slot]!);
      if (unit.span === 1 && join >= 0) {
        const joined = hitSlot(hits, join);
        if (joined >= 0 && splitPairingOf(hits, joined) !== null) {
          consider(unitWeight, listedWeight + table.tokenWeight[p + 1]!, hits.similarities[joined]!, hits.similarities[joined]!);
        }
      }
    }
    const role = ROLE_CODES[table.tokenRole[p]!]!;
    // Initials, on either side, pair by their letters.
    const listed = query.initialCount > 0 || role === 'initial' ? texts[form]! : '';
    for (let i = 0; listed !== '' && i < query.tokens.length; i++) {
      const token = query.tokens[i]!;
      if (token.role === 'initial') {
        if (listed === token.text) consider(queryWeights[i]!, listedWeight, 1, 1);
        else if (!isQuietRole(role) && listed.startsWith(token.text)) consider(queryWeights[i]!, listedWeight, 1, INITIAL_SIMILARITY);
      } else if (role === 'initial' && !isQuietRole(token.role) && token.text.startsWith(listed)) {
        // A name met by a listed initial keeps its own weight (see `proposePairs`).
        consider(queryWeights[i]!, listedWeight, INITIAL_SIMILARITY, 1, queryWeights[i]!);
      }
    }
    queryMetCeiling += bestQueryMet;
    queryPairedCeiling += heaviestQuery;
    listedMetCeiling += bestListedMet;
  }

  const unpairedFloor = Math.max(0, queryTotal - queryPairedCeiling);
  const queryCounted = queryMetCeiling + unpairedFloor;
  const queryCoverage = queryCounted > 0 ? Math.min(1, queryMetCeiling / queryCounted) : 0;
  const listedTotal = table.nameTotalWeight[name]!;
  const listedCoverage = listedTotal > 0 ? Math.min(1, listedMetCeiling / listedTotal) : 0;
  const score = nameScoreValue(queryCoverage, listedCoverage, listedMetCeiling, informationFloor, table.nameWeak[name] === 1, BETTER_COVERAGE_WEIGHT, worseShare);
  // Sums taken in another order than the alignment's: a hair of slack so rounding never drops a name.
  return score + 1e-6;
}

const ALL_UNITS = 0xffffffff;

/** The best pairings one listed token could take (reset per token; bounds are computed synchronously). */
let bestQueryMet = 0;
let heaviestQuery = 0;
let bestListedMet = 0;

function consider(
  queryWeight: number,
  spanWeight: number,
  querySimilarity: number,
  listedSimilarity: number,
  queryCounted = Math.min(queryWeight, spanWeight),
): void {
  const met = querySimilarity * queryCounted;
  if (met > bestQueryMet) bestQueryMet = met;
  if (queryWeight > heaviestQuery) heaviestQuery = queryWeight;
  const listedMet = listedSimilarity * spanWeight;
  if (listedMet > bestListedMet) bestListedMet = listedMet;
}
