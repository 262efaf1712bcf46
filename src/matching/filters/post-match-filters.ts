import type { ListedEntity } from '../../sources/listed-entity';
import type { MatchCorroboration, MatchQuery, RemovedCandidate } from '../match-types';
import { checkDateOfBirth, describeDatesOfBirth, parseQueriedDate } from './date-of-birth-check';

/** A name match before filtering: the filters read only the listed entity and the score. */
export interface FilterCandidate {
  entityId: string;
  entity: ListedEntity;
  score: number;
}

export type FilterQuery = Pick<MatchQuery, 'entityType' | 'dob' | 'gender' | 'nationality' | 'country'>;

export interface FilteredCandidates<T extends FilterCandidate> {
  kept: Array<T & { corroboration: MatchCorroboration }>;
  removed: RemovedCandidate[];
  filterApplied: boolean;
  filterExplanation: string | null;
}

/**
 * The spec's rule 3, in its priority order, applied to name matches:
 * 1. date of birth: a listed person whose every published date of birth conflicts with the queried
 *    one is removed; an exact agreement settles the person;
 * 2. gender, only where the date of birth did not settle it (not queried, not published, or agreeing
 *    only by year, month or range): a listed person of the other gender is removed; `X` removes nobody;
 * 3. nationality, a tiebreaker: among scores equal to two decimals, a shared nationality ranks first.
 *    It removes nobody: people hold several nationalities and lists record few of them;
 * 4. country of operation, last and only for regional relevance: it orders after nationality and never
 *    removes.
 * Date of birth, gender and nationality are person attributes and leave organisations alone.
 */
export function applyPostMatchFilters<T extends FilterCandidate>(
  candidates: readonly T[],
  query: FilterQuery,
): FilteredCandidates<T> {
  const queriedDate = query.entityType === 'person' ? parseQueriedDate(query.dob) : null;
  const gender = query.entityType === 'person' && (query.gender === 'M' || query.gender === 'F') ? query.gender : null;
  const nationality = query.entityType === 'person' && query.nationality ? query.nationality.toUpperCase() : null;
  const country = query.country ? query.country.toUpperCase() : null;

  const kept: Array<T & { corroboration: MatchCorroboration }> = [];
  const removed: RemovedCandidate[] = [];
  const conflictingBirthDates: string[] = [];

  for (const candidate of candidates) {
    const entity = candidate.entity;
    const isPerson = entity.kind === 'person';
    const corroboration: MatchCorroboration = {
      dateOfBirth: 'not_checked',
      gender: 'not_checked',
      nationality: 'not_checked',
      country: 'not_checked',
    };
    if (queriedDate && isPerson) {
      const verdict = checkDateOfBirth(queriedDate, entity.datesOfBirth);
      if (verdict === 'conflict') {
        const born = describeDatesOfBirth(entity.datesOfBirth);
        conflictingBirthDates.push(born);
        removed.push(removal(candidate, 'date_of_birth', `born ${born} (query ${queriedDate.text})`));
        continue;
      }
      corroboration.dateOfBirth = verdict;
    }
    if (gender && isPerson && corroboration.dateOfBirth !== 'exact') {
      if (entity.gender !== null && entity.gender !== gender) {
        removed.push(removal(candidate, 'gender', `listed as ${genderWord(entity.gender)} (query ${gender})`));
        continue;
      }
      corroboration.gender = entity.gender === null ? 'unknown' : 'same';
    }
    if (nationality && isPerson) corroboration.nationality = compareCountries(nationality, entity.nationalities);
    if (country) corroboration.country = compareCountries(country, [...entity.countries, ...entity.nationalities]);
    kept.push({ ...candidate, corroboration });
  }

  kept.sort(
    (a, b) =>
      Math.round(b.score * 100) - Math.round(a.score * 100) ||
      rank(b.corroboration.nationality) - rank(a.corroboration.nationality) ||
      rank(b.corroboration.country) - rank(a.corroboration.country) ||
      b.score - a.score,
  );
  const applied = { queriedDate: queriedDate?.text ?? null, gender, nationality, country, conflictingBirthDates };
  const explanation = explainFilters(applied, kept, removed);
  return { kept, removed, filterApplied: removed.length > 0, filterExplanation: explanation };
}

function compareCountries(wanted: string, listed: readonly string[]): 'unknown' | 'same' | 'differs' {
  if (listed.length === 0) return 'unknown';
  return listed.some((c) => c.toUpperCase() === wanted) ? 'same' : 'differs';
}

function rank(verdict: MatchCorroboration['nationality']): number {
  return verdict === 'same' ? 1 : 0;
}

function genderWord(gender: 'M' | 'F'): string {
  return gender === 'M' ? 'male' : 'female';
}

interface AppliedFilters {
  queriedDate: string | null;
  gender: 'M' | 'F' | null;
  nationality: string | null;
  country: string | null;
  conflictingBirthDates: string[];
}

/** One clause per filter that had candidates to act on, e.g. "date of birth: removed 1 candidate born 1961 (query 1972-03-04)". */
function explainFilters(
  applied: AppliedFilters,
  kept: ReadonlyArray<{ corroboration: MatchCorroboration }>,
  removed: readonly RemovedCandidate[],
): string | null {
  const clauses: string[] = [];
  if (applied.queriedDate) {
    const byDate = removed.filter((r) => r.filter === 'date_of_birth');
    const exact = kept.filter((k) => k.corroboration.dateOfBirth === 'exact').length;
    if (byDate.length > 0) {
      const born = [...new Set(applied.conflictingBirthDates)].join(', ');
      clauses.push(`date of birth: removed ${count(byDate.length)} born ${born} (query ${applied.queriedDate})`);
    } else if (kept.some((k) => k.corroboration.dateOfBirth !== 'not_checked')) {
      clauses.push(`date of birth: no candidate conflicts with ${applied.queriedDate}`);
    }
    if (exact > 0) clauses.push(`date of birth: ${count(exact)} with the exact date kept`);
  }
  if (applied.gender) {
    const byGender = removed.filter((r) => r.filter === 'gender');
    if (byGender.length > 0) {
      const other = genderWord(applied.gender === 'M' ? 'F' : 'M');
      clauses.push(`gender: removed ${count(byGender.length)} listed as ${other} (query ${applied.gender})`);
    }
  }
  clauses.push(...tiebreak(kept, 'nationality', applied.nationality, 'nationality', 'listed with nationality'));
  clauses.push(...tiebreak(kept, 'country of operation', applied.country, 'country', 'connected with'));
  return clauses.length > 0 ? clauses.join('; ') : null;
}

/** A removed candidate, by which filter and why. */
function removal(candidate: FilterCandidate, filter: RemovedCandidate['filter'], reason: string): RemovedCandidate {
  return { entityId: candidate.entityId, primaryName: candidate.entity.primaryName, score: candidate.score, filter, reason };
}

/** The clause of a filter that only orders equal scores (none for no queried value or no candidate). */
function tiebreak(
  kept: ReadonlyArray<{ corroboration: MatchCorroboration }>,
  label: string,
  value: string | null,
  key: 'nationality' | 'country',
  verb: string,
): string[] {
  if (!value || kept.length === 0) return [];
  const same = kept.filter((k) => k.corroboration[key] === 'same').length;
  return [`${label}: ${same} of ${count(kept.length)} ${verb} ${value}; used to order equal scores, none removed`];
}

function count(n: number): string {
  return n === 1 ? '1 candidate' : `${n} candidates`;
}
