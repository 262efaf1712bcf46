import type { EntityKind, ListedEntity } from '../../sources/listed-entity';
import { applyPostMatchFilters, type FilterCandidate } from '../filters/post-match-filters';
import type { Match, MatchQuery, MatchResult, SearchOptions, TypeMismatch } from '../match-types';
import { namesIn } from '../prepare/names-in';
import { alignName, type Alignment } from '../score/name-alignment';
import { explainAlignment, matchKindOf } from '../score/match-explanation';
import { isNearExactName, typeMismatchOf } from '../score/type-mismatch';
import {
  DEFAULT_MATCH_THRESHOLD,
  DEFAULT_RESULT_LIMIT,
  TYPE_MISMATCH_MIN_NAME_SCORE,
  TYPE_MISMATCH_PENALTY,
} from '../score-weights';
import { CandidateSearch } from './candidate-search';
import { EntityText } from './entity-text';
import { contextOf, KIND_CODES, type NameTable } from './name-table';
import { buildNameTable } from './name-table-build';
import { prepareQuery, prepareQueryAlike, type PreparedQuery } from './prepared-query';
import { queryLookupsOf } from './query-lookups';
import type { SkeletonLookup } from './skeleton-lookup';
import type { VariantLookup } from './variant-lookup';
import { mergedResults } from './merged-results';
import { nameShapes, SHAPES } from './name-shapes';

export interface MatchIndexStats {
  entities: number;
  names: number;
  forms: number;
  /** Entities per source, e.g. `{ dfat: 3811, un: 1003 }`. */
  sources: Record<string, number>;
}

interface NameCandidate extends FilterCandidate {
  name: number;
  alignment: Alignment;
  /** The query as tokenised for this name's kind (a type mismatch reads it in the listed kind's terms). */
  prepared: PreparedQuery;
  typeMismatch: TypeMismatch | null;
}

/**
 * Kinds a query meets by name unless `SearchOptions.kinds` says otherwise (see its doc comment); the
 * other kinds are met only by a (near-)exact name, as type mismatches.
 */
export const DEFAULT_KINDS: Readonly<Record<MatchQuery['entityType'], readonly EntityKind[]>> = {
  person: ['person'],
  organisation: ['organisation', 'other'],
};

/**
 * Every name and alias of the loaded lists, searchable in well under a millisecond. Built once from a
 * list version and never mutated: a new version builds a new index and `IndexHolder.swap`s it in, so a
 * scan always runs against one consistent version.
 */
export class MatchIndex {
  private readonly candidateSearch: CandidateSearch;
  /** Listed forms by consonant skeleton, for queries in Arabic or Hebrew script. */
  private readonly skeletons: SkeletonLookup;
  /** Listed tokens by name-variant key, for the other-language forms of a name ("Volodymyr" / "Vladimir"). */
  private readonly variants: VariantLookup;
  /** Per name, its `NameShape` as an index into `SHAPES` (how its coverages combine). */
  private readonly shapes: Uint8Array;
  readonly stats: MatchIndexStats;

  private constructor(private readonly table: NameTable) {
    this.candidateSearch = new CandidateSearch(table);
    ({ skeletons: this.skeletons, variants: this.variants } = queryLookupsOf(table));
    this.shapes = nameShapes(table);
    const sources: Record<string, number> = {};
    for (let e = 0; e < table.entities.length; e++) {
      const { source } = this.entityAt(e);
      sources[source] = (sources[source] ?? 0) + 1;
    }
    this.stats = {
      entities: table.entities.length,
      names: table.nameEntity.length,
      forms: table.vocabulary.size,
      sources,
    };
  }

  static build(entities: Iterable<ListedEntity>): MatchIndex {
    return new MatchIndex(buildNameTable(entities));
  }

  static empty(): MatchIndex {
    return MatchIndex.build([]);
  }

  /**
   * The listed entities as the table holds them, for `encodeIndexImage`: it sends them as UTF-8 JSON
   * that `entityAt` decodes and parses on first read.
   */
  entitySlots(): readonly (ListedEntity | EntityText)[] {
    return this.table.entities;
  }

  /** The entity at `index`, parsed from its JSON text (once) when the index arrived from a worker thread. */
  private entityAt(index: number): ListedEntity {
    const held = this.table.entities[index]!;
    if (!(held instanceof EntityText)) return held;
    const entity = held.entity();
    (this.table.entities as (ListedEntity | EntityText)[])[index] = entity; // the same entity, read once
    return entity;
  }

  /**
   * Name matches at or above the threshold, one per entity (its best name), filtered per rule 3. A
   * query listing several names separated by semicolons is screened as each (see `namesIn`), an
   * entity keeping its best match.
   */
  search(query: MatchQuery, options: SearchOptions = {}): MatchResult {
    const names = namesIn(query.name);
    if (names.length === 1) return this.searchName(query, options);
    return mergedResults(names.map((name) => this.searchName({ ...query, name }, options)), options.limit ?? DEFAULT_RESULT_LIMIT);
  }

  private searchName(query: MatchQuery, options: SearchOptions): MatchResult {
    const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
    const reportFrom = Math.min(options.reportFrom ?? threshold, threshold);
    const limit = options.limit ?? DEFAULT_RESULT_LIMIT;
    const kinds = options.kinds ?? DEFAULT_KINDS[query.entityType];
    const prepared = prepareQuery(this.table, query.name, query.entityType, this.skeletons, this.variants);
    const candidates = this.bestNamePerEntity(prepared, kindMask(kinds), reportFrom, null);
    if (options.typeMismatches !== false) candidates.push(...this.typeMismatches(query, prepared, kinds, reportFrom));
    candidates.sort(byScore);
    const filtered = applyPostMatchFilters(candidates, query);
    return {
      matches: filtered.kept.slice(0, limit).map((c) => this.toMatch(c, threshold)),
      removed: filtered.removed,
      filterApplied: filtered.filterApplied,
      filterExplanation: filtered.filterExplanation,
      threshold,
    };
  }

  /**
   * The best name of each entity of the given kinds scoring at least `minimum`. For a type mismatch
   * (`mismatchOf` set) only near-exact names count, and the score is the name score less the penalty.
   */
  private bestNamePerEntity(
    prepared: PreparedQuery,
    kinds: number,
    minimum: number,
    mismatchOf: MatchQuery['entityType'] | null,
  ): NameCandidate[] {
    const best = new Map<number, NameCandidate>();
    for (const name of this.candidateSearch.candidates(prepared, kinds, minimum, mismatchOf !== null)) {
      const listedShape = SHAPES[this.shapes[name]!]!;
      const alignment = alignName(this.table, prepared, name, listedShape === 'person' && prepared.syllabic ? 'syllabic' : listedShape);
      if (alignment.score < minimum) continue;
      if (mismatchOf !== null && !isNearExactName(this.table, prepared, name, alignment)) continue;
      const score = mismatchOf === null ? alignment.score : alignment.score - TYPE_MISMATCH_PENALTY;
      const entityIndex = this.table.nameEntity[name]!;
      const current = best.get(entityIndex);
      if (current && current.score >= score) continue;
      const entity = this.entityAt(entityIndex);
      const typeMismatch = mismatchOf === null ? null : typeMismatchOf(mismatchOf, entity.kind, alignment.score);
      best.set(entityIndex, { entityId: entityIdOf(entity), entity, score, name, alignment, prepared, typeMismatch });
    }
    return [...best.values()];
  }

  /**
   * Entities of the kinds the query does not meet by name whose name is (near-)exactly the queried one,
   * the query read in each listed kind's own terms (a person query is tokenised as a company name to
   * meet "EMMA LLC", so its legal form counts as one).
   */
  private typeMismatches(query: MatchQuery, prepared: PreparedQuery, kinds: readonly EntityKind[], reportFrom: number): NameCandidate[] {
    const minimum = Math.max(TYPE_MISMATCH_MIN_NAME_SCORE, reportFrom + TYPE_MISMATCH_PENALTY);
    const found: NameCandidate[] = [];
    for (const context of ['person', 'organisation'] as const) {
      const others = KIND_CODES.filter((kind) => !kinds.includes(kind) && contextOf(kind) === context);
      if (others.length === 0 || minimum > 1) continue;
      const inContext = context === query.entityType ? prepared : prepareQueryAlike(prepared, this.table, query.name, context, this.skeletons, this.variants);
      found.push(...this.bestNamePerEntity(inContext, kindMask(others), minimum, query.entityType));
    }
    return found;
  }

  private toMatch(candidate: NameCandidate & Pick<Match, 'corroboration'>, threshold: number): Match {
    const { entity, name, prepared, typeMismatch } = candidate;
    const explanation = explainAlignment(this.table, prepared, name, candidate.alignment, threshold, typeMismatch);
    const aliasIndex = this.table.nameAlias[name]!;
    const alias = aliasIndex >= 0 ? entity.aliases[aliasIndex] : undefined;
    return {
      entityId: candidate.entityId,
      source: entity.source,
      sourceId: entity.sourceId,
      listKind: entity.listKind,
      entityKind: entity.kind,
      primaryName: entity.primaryName,
      matchedName: alias?.name ?? entity.primaryName,
      matchedNameType: alias?.type ?? 'primary',
      score: explanation.score,
      matchKind: matchKindOf(explanation),
      explanation,
      datesOfBirth: entity.datesOfBirth,
      nationalities: entity.nationalities,
      countries: entity.countries,
      gender: entity.gender,
      programmes: entity.programmes,
      listedOn: entity.listedOn,
      typeMismatch,
      ...(entity.positions ? { positions: entity.positions } : {}),
      corroboration: candidate.corroboration,
    };
  }
}

/** `${source}:${sourceId}`, the id a match, a case and a monitoring alert carry. */
export function entityIdOf(entity: Pick<ListedEntity, 'source' | 'sourceId'>): string {
  return `${entity.source}:${entity.sourceId}`;
}

function byScore(a: NameCandidate, b: NameCandidate): number {
  return b.score - a.score || a.entityId.localeCompare(b.entityId);
}

function kindMask(kinds: readonly EntityKind[]): number {
  let mask = 0;
  for (const kind of kinds) mask |= 1 << KIND_CODES.indexOf(kind);
  return mask;
}
