import { describe, expect, it } from 'vitest';
import { MatchIndex } from '../../../src/matching';
import { buildNameTable, KIND_CODES } from '../../../src/matching/index/name-table';
import { groupPostingsByKind, kindEnd } from '../../../src/matching/index/postings-by-kind';
import { alias, backgroundPopulation, listedEntity } from './listed-entity-factory';

const KINDS = KIND_CODES.length;

describe('postings grouped by kind', () => {
  it('groups each form’s names by kind, keeping name order and each name’s weight', () => {
    // Two forms: form 0 holds names 0..5 (kinds mixed), form 1 holds names 6, 7 (people only).
    const postingStart = Int32Array.from([0, 6, 8]);
    const postingName = Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
    const postingWeight = Float32Array.from([10, 11, 12, 13, 14, 15, 16, 17]);
    const nameKind = Uint8Array.from([1, 0, 3, 0, 1, 2, 0, 0]);
    const kindStart = groupPostingsByKind(postingStart, postingName, postingWeight, nameKind, KINDS);

    expect([...postingName]).toEqual([1, 3, 0, 4, 5, 2, 6, 7]);
    expect([...postingWeight]).toEqual([11, 13, 10, 14, 15, 12, 16, 17]);
    const group = (form: number, kind: number) =>
      [...postingName.subarray(kindStart[form * KINDS + kind]!, kindEnd(kindStart, postingStart, KINDS, form, kind))];
    expect([0, 1, 2, 3].map((kind) => group(0, kind))).toEqual([[1, 3], [0, 4], [5], [2]]);
    expect([0, 1, 2, 3].map((kind) => group(1, kind))).toEqual([[6, 7], [], [], []]);
  });

  it('leaves every form’s postings holding exactly the names of each kind that contain it', () => {
    const table = buildNameTable([
      ...backgroundPopulation(),
      listedEntity({ kind: 'organisation', primaryName: 'Mohammed Trading LLC' }),
      listedEntity({ kind: 'vessel', primaryName: 'Mohammed Star' }),
      listedEntity({ kind: 'other', primaryName: 'Mohammed Foundation' }),
    ]);
    const form = table.vocabulary.idOf('mohammed')!;
    const kindOfName = (name: number) => table.entityKind[table.nameEntity[name]!]!;
    const all = [...table.postingName.subarray(table.postingStart[form]!, table.postingStart[form + 1]!)];
    expect(new Set(all.map(kindOfName))).toEqual(new Set([0, 1, 2, 3]));
    for (let kind = 0; kind < KINDS; kind++) {
      const from = table.postingKindStart[form * KINDS + kind]!;
      const group = [...table.postingName.subarray(from, kindEnd(table.postingKindStart, table.postingStart, KINDS, form, kind))];
      expect(group.length).toBeGreaterThan(0);
      expect(group.every((name) => kindOfName(name) === kind)).toBe(true);
      expect(group).toEqual([...group].sort((a, b) => a - b));
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
