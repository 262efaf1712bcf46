import type {
  DateOfBirth,
  EntityKind,
  ListedName,
  ListedPosition,
  ListKind,
  SourceId,
} from '../sources/listed-entity';
import type { TokenRole } from './prepare/tokenise-name';

/** What a scan asks: the spec's scan request fields, already validated by the HTTP layer. */
export interface MatchQuery {
  name: string;
  entityType: 'person' | 'organisation';
  /** `YYYY-MM-DD`; persons only. */
  dob?: string | null;
  /** `M`, `F` or `X` (X never removes anyone); persons only. */
  gender?: 'M' | 'F' | 'X' | null;
  /** ISO 3166-1 alpha-2; persons only. */
  nationality?: string | null;
  /** ISO 3166-1 alpha-2 country of operation: orders results, never removes one. */
  country?: string | null;
}

export interface SearchOptions {
  /** Minimum name score of a match, default `DEFAULT_MATCH_THRESHOLD`. */
  threshold?: number;
  /**
   * Also return near misses scoring at least this (below `threshold`), with `explanation.match` false:
   * for a reviewer asking what almost matched. Default: the threshold, so every result is a match.
   */
  reportFrom?: number;
  /** Maximum matches returned after filtering, default `DEFAULT_RESULT_LIMIT`. */
  limit?: number;
  /**
   * Listed kinds a query meets by name. Default: person → person; organisation → organisation and
   * other (records a list did not classify). Every other kind is reached only as a type mismatch
   * (below): a vessel is property, found by its IMO number, and ship names ("SEA STAR") met loosely
   * would flag unrelated companies.
   */
  kinds?: readonly EntityKind[];
  /**
   * Also return listed entities of the other kinds whose name is (near-)exactly the queried one, with
   * `TYPE_MISMATCH_PENALTY` taken off the score and `typeMismatch` saying so. Default true: callers
   * (agents especially) often send the wrong `entity_type`, and hiding an exact hit for that is worse
   * than showing it labelled.
   */
  typeMismatches?: boolean;
}

/** A match of another kind than the query asked for: a person query meeting a listed company, vessel... */
export interface TypeMismatch {
  queried: MatchQuery['entityType'];
  listed: EntityKind;
  /** Taken off the name score, so same-kind matches rank first. */
  penalty: number;
  /** The name score before the penalty. */
  nameScore: number;
}

/**
 * How a query token (or two joined) met a listed token (or two joined). `skeleton`: a token of an
 * Arabic- or Hebrew-script query (written without short vowels) met a Latin spelling with the same
 * consonant skeleton (see `prepare/consonant-skeleton.ts`). `variant`: the other-language form of a
 * name or organisation word (see `prepare/name-variant-groups.ts`: "Volodymyr" / "Vladimir").
 */
export type PairingKind = 'exact' | 'phonetic' | 'fuzzy' | 'initial' | 'joined' | 'split' | 'skeleton' | 'variant' | 'transcription';

export interface TokenPairing {
  /** Folded query token; two tokens written with a space when the query split what the list joins. */
  query: string;
  listed: string;
  how: PairingKind;
  /** Token similarity in [0, 1]; an initial counts `INITIAL_SIMILARITY` of the name it confirms. */
  similarity: number;
  /** Weight this pairing covers on each side (token rarity × role factor). */
  queryWeight: number;
  listedWeight: number;
}

export interface UnmatchedToken {
  token: string;
  role: TokenRole;
  weight: number;
}

export interface ScoreComponents {
  /** Share of the query's weight met by the listed name, each met token at its similarity. */
  queryCoverage: number;
  /** Share of the listed name's weight met by the query. */
  listedCoverage: number;
  /** `BETTER_COVERAGE_WEIGHT`: score = this × better coverage + (1 − this) × worse coverage. */
  betterCoverageWeight: number;
  /** In [`MIN_INFORMATION_FACTOR`, 1]: below 1 when the match rests on little information (one common token). */
  informationFactor: number;
  /** `WEAK_ALIAS_FACTOR` when the matched name is a weak alias, else 1. */
  aliasFactor: number;
}

/** Why a listed name scored what it did: every pairing, every token left over, every component. */
export interface MatchExplanation {
  queryTokens: string[];
  listedTokens: string[];
  pairings: TokenPairing[];
  unmatchedQuery: UnmatchedToken[];
  unmatchedListed: UnmatchedToken[];
  components: ScoreComponents;
  score: number;
  threshold: number;
  /** score ≥ threshold. */
  match: boolean;
  /** One human-readable line, for case reviewers. */
  summary: string;
}

/**
 * `exact`: every token met exactly, in order. `reordered`: every token met exactly, in another order.
 * `partial`: all pairings exact but one side has tokens the other lacks (missing middle name).
 * `fuzzy`: at least one pairing is phonetic, a typo, an initial, or joined/split.
 */
export type MatchKind = 'exact' | 'reordered' | 'partial' | 'fuzzy';

/** What the post-match filters found about one match (see `filters/`). */
export interface MatchCorroboration {
  dateOfBirth: 'not_checked' | 'unknown' | 'exact' | 'day_month_transposed' | 'same_month' | 'same_year' | 'in_range';
  gender: 'not_checked' | 'unknown' | 'same';
  nationality: 'not_checked' | 'unknown' | 'same' | 'differs';
  country: 'not_checked' | 'unknown' | 'same' | 'differs';
}

export interface Match {
  /** `${source}:${sourceId}`. */
  entityId: string;
  source: SourceId;
  sourceId: string;
  listKind: ListKind;
  entityKind: EntityKind;
  primaryName: string;
  /** The listed name or alias that matched, as published. */
  matchedName: string;
  matchedNameType: ListedName['type'];
  /** Name score in [0, 1], rounded to 3 decimals. */
  score: number;
  matchKind: MatchKind;
  explanation: MatchExplanation;
  datesOfBirth: DateOfBirth[];
  nationalities: string[];
  countries: string[];
  gender: 'M' | 'F' | null;
  programmes: string[];
  listedOn: string | null;
  /** Set when the listed entity is of another kind than the query's (see `SearchOptions.typeMismatches`). */
  typeMismatch: TypeMismatch | null;
  /** PEP lists only: the listed person's positions, passed through for the match record. */
  positions?: ListedPosition[];
  corroboration: MatchCorroboration;
}

export type FilterName = 'date_of_birth' | 'gender' | 'nationality' | 'country';

export interface RemovedCandidate {
  entityId: string;
  primaryName: string;
  score: number;
  filter: FilterName;
  reason: string;
}

export interface MatchResult {
  matches: Match[];
  removed: RemovedCandidate[];
  /** True when one or more filters removed a name match (the spec's `filter_applied`). */
  filterApplied: boolean;
  /** Human-readable account of every filter that acted, or null (the spec's `filter_explanation`). */
  filterExplanation: string | null;
  threshold: number;
}
