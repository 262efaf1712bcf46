/**
 * Pure name matching against the loaded watchlists: normalise (prepare/), compare tokens
 * (stringscore/), index and search (index/), score and explain (score/), filter (filters/).
 * No I/O: the scan service builds a `MatchIndex` from a list version and keeps it in an `IndexHolder`.
 */
export { MatchIndex, DEFAULT_KINDS, entityIdOf, type MatchIndexStats } from './index/match-index';
export { IndexHolder } from './index/index-holder';
export { applyPostMatchFilters, type FilterCandidate, type FilterQuery, type FilteredCandidates } from './filters/post-match-filters';
export { checkDateOfBirth, type DateOfBirthVerdict } from './filters/date-of-birth-check';
export { tokeniseName, type NameToken, type TokenRole, type NameContext } from './prepare/tokenise-name';
export { foldText } from './prepare/fold-text';
export { phoneticKeys } from './prepare/phonetic-key';
export { compareTokens, type TokenSimilarity, type TokenMatchKind } from './stringscore/token-similarity';
export { jaroWinkler } from './stringscore/jaro-winkler';
export { damerauLevenshtein } from './stringscore/damerau-levenshtein';
export * from './score-weights';
export type * from './match-types';
