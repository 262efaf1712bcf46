import type { EntityKind, ListedEntity } from '../../sources/listed-entity';
import { applyPostMatchFilters, type FilterCandidate } from '../filters/post-match-filters';
import type { Match, MatchQuery, MatchResult, SearchOptions } from '../match-types';
import { alignName, type Alignment } from '../score/name-alignment';
import { explainAlignment, matchKindOf } from '../score/match-explanation';
import { DEFAULT_MATCH_THRESHOLD, DEFAULT_RESULT_LIMIT } from '../score-weights';
import { CandidateSearch } from './candidate-search';
import { buildNameTable, KIND_CODES, type NameTable } from './name-table';
import { prepareQuery, type PreparedQuery } from './prepared-query';

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
}

/** Kinds a query meets unless `SearchOptions.kinds` says otherwise (see its doc comment). */
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
  readonly stats: MatchIndexStats;

  private constructor(private readonly table: NameTable) {
    this.candidateSearch = new CandidateSearch(table);
    const sources: Record<string, number> = {};
    for (const entity of table.entities) sources[entity.source] = (sources[entity.source] ?? 0) + 1;
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

  /** Name matches at or above the threshold, one per entity (its best name), filtered per rule 3. */
  search(query: MatchQuery, options: SearchOptions = {}): MatchResult {
    const threshold = options.threshold ?? DEFAULT_MATCH_THRESHOLD;
    const reportFrom = Math.min(options.reportFrom ?? threshold, threshold);
    const limit = options.limit ?? DEFAULT_RESULT_LIMIT;
    const kinds = options.kinds ?? DEFAULT_KINDS[query.entityType];
    const prepared = prepareQuery(this.table, query.name, query.entityType);
    const candidates = this.bestNamePerEntity(prepared, kindMask(kinds), reportFrom);
    const filtered = applyPostMatchFilters(candidates, query);
    return {
      matches: filtered.kept.slice(0, limit).map((c) => this.toMatch(prepared, c, threshold)),
      removed: filtered.removed,
      filterApplied: filtered.filterApplied,
      filterExplanation: filtered.filterExplanation,
      threshold,
    };
  }

  private bestNamePerEntity(prepared: PreparedQuery, kinds: number, minimum: number): NameCandidate[] {
    const best = new Map<number, NameCandidate>();
    for (const name of this.candidateSearch.candidates(prepared, kinds, minimum)) {
      const alignment = alignName(this.table, prepared, name);
      if (alignment.score < minimum) continue;
      const entityIndex = this.table.nameEntity[name]!;
      const current = best.get(entityIndex);
      if (current && current.score >= alignment.score) continue;
      const entity = this.table.entities[entityIndex]!;
      best.set(entityIndex, { entityId: entityIdOf(entity), entity, score: alignment.score, name, alignment });
    }
    return [...best.values()].sort((a, b) => b.score - a.score || a.entityId.localeCompare(b.entityId));
  }

  private toMatch(prepared: PreparedQuery, candidate: NameCandidate & Pick<Match, 'corroboration'>, threshold: number): Match {
    const { entity, name } = candidate;
    const explanation = explainAlignment(this.table, prepared, name, candidate.alignment, threshold);
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
      corroboration: candidate.corroboration,
    };
  }
}

/** `${source}:${sourceId}`, the id a match, a case and a monitoring alert carry. */
export function entityIdOf(entity: Pick<ListedEntity, 'source' | 'sourceId'>): string {
  return `${entity.source}:${entity.sourceId}`;
}

function kindMask(kinds: readonly EntityKind[]): number {
  let mask = 0;
  for (const kind of kinds) mask |= 1 << KIND_CODES.indexOf(kind);
  return mask;
}
