import { describe, expect, it } from 'vitest';
import { applyPostMatchFilters, checkDateOfBirth, entityIdOf, MatchIndex, type FilterQuery } from '../../../src/matching';
import type { DateOfBirth, ListedEntity } from '../../../src/sources/listed-entity';
import { backgroundPopulation, listedEntity } from './listed-entity-factory';

const exact = (date: string): DateOfBirth => ({ kind: 'exact', date, raw: date });
const year = (y: number): DateOfBirth => ({ kind: 'year', year: y, raw: String(y) });
const range = (fromYear: number, toYear: number): DateOfBirth => ({ kind: 'range', fromYear, toYear, raw: `${fromYear}-${toYear}` });

const candidate = (entity: ListedEntity, score = 0.9) => ({ entityId: entityIdOf(entity), entity, score });
const person = (overrides: Partial<ListedEntity> = {}) => listedEntity({ primaryName: 'Ivan Petrov', ...overrides });
const query = (overrides: Partial<FilterQuery> = {}): FilterQuery => ({ entityType: 'person', ...overrides });

describe('checkDateOfBirth', () => {
  const queried = { year: 1972, month: 3, day: 4, text: '1972-03-04' };

  it('compares each published form at its own precision', () => {
    expect(checkDateOfBirth(queried, [exact('1972-03-04')])).toBe('exact');
    expect(checkDateOfBirth(queried, [{ kind: 'year_month', year: 1972, month: 3, raw: 'Mar 1972' }])).toBe('same_month');
    expect(checkDateOfBirth(queried, [year(1972)])).toBe('same_year');
    expect(checkDateOfBirth(queried, [range(1970, 1975)])).toBe('in_range');
    expect(checkDateOfBirth(queried, [exact('1972-04-03')])).toBe('day_month_transposed');
  });

  it('finds a conflict only when no published date can be the queried one', () => {
    expect(checkDateOfBirth(queried, [exact('1972-03-05')])).toBe('conflict');
    expect(checkDateOfBirth(queried, [year(1961), range(1965, 1970)])).toBe('conflict');
    expect(checkDateOfBirth(queried, [year(1961), year(1972)])).toBe('same_year');
    expect(checkDateOfBirth(queried, [])).toBe('unknown');
  });
});

describe('applyPostMatchFilters', () => {
  it('removes a listed person born in another year and says so', () => {
    const other = person({ datesOfBirth: [year(1961)] });
    const same = person({ datesOfBirth: [year(1972)] });
    const result = applyPostMatchFilters([candidate(other), candidate(same)], query({ dob: '1972-03-04' }));
    expect(result.kept.map((k) => k.entityId)).toEqual([entityIdOf(same)]);
    expect(result.removed).toEqual([
      expect.objectContaining({ entityId: entityIdOf(other), filter: 'date_of_birth', reason: 'born 1961 (query 1972-03-04)' }),
    ]);
    expect(result.filterApplied).toBe(true);
    expect(result.filterExplanation).toContain('date of birth: removed 1 candidate born 1961 (query 1972-03-04)');
  });

  it('keeps a listed person whose date of birth is unknown, a range that includes the query, or an exact agreement', () => {
    const unknown = person();
    const inRange = person({ datesOfBirth: [range(1970, 1975)] });
    const agrees = person({ datesOfBirth: [exact('1972-03-04'), exact('1973-01-01')] });
    const result = applyPostMatchFilters([candidate(unknown), candidate(inRange), candidate(agrees)], query({ dob: '1972-03-04' }));
    expect(result.removed).toEqual([]);
    expect(result.filterApplied).toBe(false);
    expect(result.kept.map((k) => k.corroboration.dateOfBirth).sort()).toEqual(['exact', 'in_range', 'unknown']);
    expect(result.filterExplanation).toContain('1 candidate with the exact date kept');
  });

  it('applies gender only where the date of birth did not settle the person', () => {
    const woman = person({ gender: 'F' });
    const womanSameDate = person({ gender: 'F', datesOfBirth: [exact('1972-03-04')] });
    const womanSameYear = person({ gender: 'F', datesOfBirth: [year(1972)] });
    const result = applyPostMatchFilters(
      [candidate(woman), candidate(womanSameDate), candidate(womanSameYear)],
      query({ dob: '1972-03-04', gender: 'M' }),
    );
    expect(result.kept.map((k) => k.entityId)).toEqual([entityIdOf(womanSameDate)]);
    expect(result.removed.map((r) => r.filter)).toEqual(['gender', 'gender']);
    expect(result.filterExplanation).toContain('gender: removed 2 candidates listed as female (query M)');
  });

  it('removes nobody on gender X or an unrecorded gender', () => {
    const man = person({ gender: 'M' });
    const unrecorded = person();
    expect(applyPostMatchFilters([candidate(man)], query({ gender: 'X' })).removed).toEqual([]);
    expect(applyPostMatchFilters([candidate(unrecorded)], query({ gender: 'F' })).kept[0]!.corroboration.gender).toBe('unknown');
  });

  it('uses nationality to order equal scores and never to remove', () => {
    const elsewhere = person({ nationalities: ['RU'] });
    const here = person({ nationalities: ['AU', 'RU'] });
    const result = applyPostMatchFilters([candidate(elsewhere, 0.9), candidate(here, 0.9001)], query({ nationality: 'au' }));
    expect(result.kept.map((k) => k.entityId)).toEqual([entityIdOf(here), entityIdOf(elsewhere)]);
    expect(result.removed).toEqual([]);
    expect(result.filterApplied).toBe(false);
    expect(result.filterExplanation).toBe('nationality: 1 of 2 candidates listed with nationality AU; used to order equal scores, none removed');
  });

  it('never lets nationality outrank a better name score', () => {
    const elsewhere = person({ nationalities: ['RU'] });
    const here = person({ nationalities: ['AU'] });
    const result = applyPostMatchFilters([candidate(elsewhere, 0.95), candidate(here, 0.85)], query({ nationality: 'AU' }));
    expect(result.kept.map((k) => k.entityId)).toEqual([entityIdOf(elsewhere), entityIdOf(here)]);
  });

  it('uses the country of operation last, for ordering only, for organisations too', () => {
    const company = (countries: string[]) => listedEntity({ kind: 'organisation', primaryName: 'Zarya LLC', countries });
    const far = company(['RU']);
    const near = company(['AU']);
    const result = applyPostMatchFilters([candidate(far), candidate(near)], { entityType: 'organisation', country: 'AU' });
    expect(result.kept.map((k) => k.entityId)).toEqual([entityIdOf(near), entityIdOf(far)]);
    expect(result.removed).toEqual([]);
    expect(result.kept[1]!.corroboration.country).toBe('differs');
  });

  it('leaves organisations alone on date of birth, gender and nationality', () => {
    const company = listedEntity({ kind: 'organisation', primaryName: 'Zarya LLC' });
    const result = applyPostMatchFilters([candidate(company)], { entityType: 'organisation', dob: '1972-03-04', gender: 'F' });
    expect(result.kept).toHaveLength(1);
    expect(result.filterExplanation).toBeNull();
  });

  it('ignores a date of birth that is not YYYY-MM-DD and reports nothing when no filter was asked for', () => {
    const listed = person({ datesOfBirth: [year(1961)] });
    expect(applyPostMatchFilters([candidate(listed)], query({ dob: '04/03/1972' })).removed).toEqual([]);
    expect(applyPostMatchFilters([candidate(listed)], query()).filterExplanation).toBeNull();
  });
});

describe('search with filters', () => {
  it('returns the filter report with the matches', () => {
    const older = listedEntity({ source: 'un', sourceId: 'A1', primaryName: 'Ivan Sergeyevich ZOLOTOV', datesOfBirth: [year(1961)] });
    const younger = listedEntity({ source: 'un', sourceId: 'A2', primaryName: 'Ivan ZOLOTOV', datesOfBirth: [year(1972)] });
    const index = MatchIndex.build([...backgroundPopulation(), older, younger]);
    const result = index.search({ name: 'Ivan Zolotov', entityType: 'person', dob: '1972-03-04' });
    expect(result.matches.map((m) => m.entityId)).toEqual(['un:A2']);
    expect(result.removed).toEqual([expect.objectContaining({ entityId: 'un:A1', filter: 'date_of_birth' })]);
    expect(result.filterApplied).toBe(true);
    expect(result.filterExplanation).toBe('date of birth: removed 1 candidate born 1961 (query 1972-03-04)');
    expect(result.matches[0]!.corroboration.dateOfBirth).toBe('same_year');
  });
});
