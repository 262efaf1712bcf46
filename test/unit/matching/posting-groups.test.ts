import { describe, expect, it } from 'vitest';
import { MatchIndex } from '../../../src/matching';
import { KIND_CODES, POSTING_GROUPS, postingGroupOf, ROLE_CODES } from '../../../src/matching/index/name-table';
import { buildNameTable } from '../../../src/matching/index/name-table-build';
import { groupEnd, groupPostings } from '../../../src/matching/index/posting-groups';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

const KINDS = KIND_CODES.length;

describe('postings grouped by kind and initials', () => {
  it('groups each form’s names by kind, keeping name order and each name’s weight', () => {
    // Two forms: form 0 holds names 0..5 (kinds mixed), form 1 holds names 6, 7 (people only).
    const postingStart = Int32Array.from([0, 6, 8]);
    const postingName = Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
    const postingWeight = Float32Array.from([10, 11, 12, 13, 14, 15, 16, 17]);
    const nameKind = Uint8Array.from([1, 0, 3, 0, 1, 2, 0, 0]);
    const kindStart = groupPostings(postingStart, postingName, postingWeight, nameKind, KINDS);

    expect([...postingName]).toEqual([1, 3, 0, 4, 5, 2, 6, 7]);
    expect([...postingWeight]).toEqual([11, 13, 10, 14, 15, 12, 16, 17]);
    const group = (form: number, kind: number) =>
      [...postingName.subarray(kindStart[form * KINDS + kind]!, groupEnd(kindStart, postingStart, KINDS, form, kind))];
    expect([0, 1, 2, 3].map((kind) => group(0, kind))).toEqual([[1, 3], [0, 4], [5], [2]]);
    expect([0, 1, 2, 3].map((kind) => group(1, kind))).toEqual([[6, 7], [], [], []]);
  });

  it('leaves every form’s postings holding exactly the names of each kind (and with or without an initial) that contain it', () => {
    const table = buildNameTable([
      ...backgroundPopulation(),
      listedEntity({ primaryName: 'M. Mohammed Karimov' }),
      listedEntity({ kind: 'organisation', primaryName: 'Mohammed Trading LLC' }),
      listedEntity({ kind: 'vessel', primaryName: 'Mohammed Star' }),
      listedEntity({ kind: 'other', primaryName: 'Mohammed Foundation' }),
    ]);
    const form = table.vocabulary.idOf('mohammed')!;
    const groupOfName = (name: number) => {
      let initial = false;
      for (let p = table.tokenStart[name]!; p < table.tokenStart[name + 1]!; p++) initial ||= ROLE_CODES[table.tokenRole[p]!] === 'initial';
      return postingGroupOf(table.entityKind[table.nameEntity[name]!]!, initial);
    };
    const all = [...table.postingName.subarray(table.postingStart[form]!, table.postingStart[form + 1]!)];
    const expected = [postingGroupOf(0, false), postingGroupOf(0, true), postingGroupOf(1, false), postingGroupOf(2, false), postingGroupOf(3, false)];
    expect([...new Set(all.map(groupOfName))].sort()).toEqual(expected);
    for (let group = 0; group < POSTING_GROUPS; group++) {
      const from = table.postingGroupStart[form * POSTING_GROUPS + group]!;
      const names = [...table.postingName.subarray(from, groupEnd(table.postingGroupStart, table.postingStart, POSTING_GROUPS, form, group))];
      expect(names.length > 0, `group ${group}`).toBe(expected.includes(group));
      expect(names.every((name) => groupOfName(name) === group)).toBe(true);
      expect(names).toEqual([...names].sort((a, b) => a - b));
    }
  });

  it('still finds names of every kind a search allows, and type mismatches of the others', () => {
    const index = MatchIndex.build([
      ...backgroundPopulation(),
      listedEntity({ source: 'ofac', sourceId: 'org', kind: 'organisation', primaryName: 'Karimov Trading LLC' }),
      listedEntity({ source: 'ofac', sourceId: 'other', kind: 'other', primaryName: 'Karimov Trading' }),
      listedEntity({ source: 'ofac', sourceId: 'person', primaryName: 'Rustam Karimov', aliases: [alias('Rustam Karimov Trading')] }),
    ]);
    const organisation = index.search({ name: 'Karimov Trading', entityType: 'organisation' }).matches;
    expect(organisation.map((m) => m.entityId)).toEqual(expect.arrayContaining(['ofac:org', 'ofac:other']));
    expect(organisation.find((m) => m.entityId === 'ofac:person')?.typeMismatch ?? null).toBeNull();

    const person = index.search({ name: 'Karimov Trading LLC', entityType: 'person' }).matches;
    const company = person.find((m) => m.entityId === 'ofac:org');
    expect(company?.typeMismatch).toMatchObject({ queried: 'person', listed: 'organisation' });
  });
});
