import { describe, expect, it } from 'vitest';
import { generatedEntities } from '../../../bench/generated-entities';
import { splitOrganisation, splitPerson, type NamePools } from '../../../bench/support/name-pools';

/** Small hand-made pools in the shape `measureNamePools` measures from the shared data. */
function pools(): NamePools {
  return {
    persons: {
      latin: { given: ['Olivia', 'Wei', 'Mohammed', 'Mohammed', 'Anh'], surnames: ['Nguyen', 'Smith', 'Haddad'], givenCounts: [1, 2, 2], unspaced: false },
      hangul: { given: ['정은', '민준'], surnames: ['김', '박'], givenCounts: [1], unspaced: true },
    },
    organisations: {
      latin: { words: ['Acme', 'Mining', 'Holdings', 'Pacific', 'Trading'], bodies: [['Acme', 'Mining'], ['Pacific', 'and', 'Trading']], legalForms: [{ text: 'PTY LTD', leading: false }, { text: '', leading: false }] },
    },
    personScripts: ['latin', 'latin', 'latin', 'hangul'],
    organisationScripts: ['latin'],
    aliasScripts: ['hangul'],
    personAliasCounts: [0, 1, 3],
    organisationAliasCounts: [0, 2],
    personShare: 0.6,
    birthYears: [1960, 1975, 1988],
    nationalities: ['AU', 'KR'],
    countries: ['AU'],
  };
}

describe('generated listed entities', () => {
  it('are the same for the same seed and carry the names asked for', () => {
    const first = [...generatedEntities(pools(), 2000, 7)];
    const again = [...generatedEntities(pools(), 2000, 7)];
    expect(again).toEqual(first);
    const names = first.reduce((sum, e) => sum + 1 + e.aliases.length, 0);
    expect(names).toBeGreaterThanOrEqual(2000);
    expect(names - (1 + first[first.length - 1]!.aliases.length)).toBeLessThan(2000);
    expect(new Set(first.map((e) => e.sourceId)).size).toBe(first.length);
  });

  it('follow the pools: share of persons, scripts, parts and birth years', () => {
    const entities = [...generatedEntities(pools(), 5000, 11)];
    const persons = entities.filter((e) => e.kind === 'person');
    expect(persons.length / entities.length).toBeGreaterThan(0.5);
    expect(persons.length / entities.length).toBeLessThan(0.7);
    expect(persons.some((p) => /^[김박](정은|민준)$/u.test(p.primaryName))).toBe(true);
    for (const person of persons) {
      for (const dob of person.datesOfBirth) expect([1960, 1975, 1988]).toContain(dob.kind === 'exact' ? Number(dob.date.slice(0, 4)) : dob.kind === 'year' ? dob.year : 0);
    }
    const organisations = entities.filter((e) => e.kind === 'organisation');
    expect(organisations.every((o) => o.listKind === 'other' && o.datesOfBirth.length === 0)).toBe(true);
    expect(organisations.some((o) => o.primaryName.endsWith(' PTY LTD'))).toBe(true);
  });

  it('never give an entity two names that read the same', () => {
    for (const entity of generatedEntities(pools(), 3000, 3)) {
      const readings = [entity.primaryName, ...entity.aliases.map((a) => a.name)].map((name) => {
        const comma = name.indexOf(',');
        const ordered = comma > 0 ? `${name.slice(comma + 1)} ${name.slice(0, comma)}` : name;
        return ordered.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
      });
      expect(new Set(readings).size).toBe(readings.length);
    }
  });
});

describe('name pool splitting (by layout, not by the matcher)', () => {
  it('splits persons by comma, capitals, or unspaced script', () => {
    expect(splitPerson('SMITH, John Paul', 'latin')).toEqual({ surname: 'SMITH', given: ['John', 'Paul'] });
    expect(splitPerson('Min Aung HLAING', 'latin')).toEqual({ surname: 'HLAING', given: ['Min', 'Aung'] });
    expect(splitPerson('Olivia Nguyen', 'latin')).toEqual({ surname: 'Nguyen', given: ['Olivia'] });
    expect(splitPerson('김정은', 'hangul')).toEqual({ surname: '김', given: ['정은'] });
    expect(splitPerson('Madonna', 'latin')).toBeNull();
  });

  it('takes the legal form off either end of an organisation name', () => {
    expect(splitOrganisation('ACME MINING PTY LTD')).toEqual({ words: ['ACME', 'MINING'], legalForm: { text: 'PTY LTD', leading: false } });
    expect(splitOrganisation('ООО Ромашка')).toEqual({ words: ['Ромашка'], legalForm: { text: 'ООО', leading: true } });
    expect(splitOrganisation('Red Cross')).toEqual({ words: ['Red', 'Cross'], legalForm: { text: '', leading: false } });
  });
});
