import { describe, expect, it } from 'vitest';
import { DeletionNeighbourhood } from '../../../src/matching/index/deletion-neighbourhood';
import { FormVocabulary } from '../../../src/matching/index/form-vocabulary';
import { buildNameTable } from '../../../src/matching/index/name-table-build';
import { alias, listedEntity } from './listed-entity-factory';

function visited(neighbourhood: DeletionNeighbourhood, token: string): number[] {
  const ids: number[] = [];
  neighbourhood.candidates(token, (id) => ids.push(id));
  return ids;
}

describe('typo look-up at scale', () => {
  it('finds forms whose ids lie beyond four million (a multi-million-name vocabulary)', () => {
    // Only a few real forms, at ids a 22-bit form id could not hold; the rest are too short to file.
    const forms: string[] = new Array<string>(5_000_000).fill('');
    forms[3] = 'rasouli';
    forms[4_500_001] = 'haddad';
    forms[4_999_999] = 'nikolaidis';
    const neighbourhood = DeletionNeighbourhood.build(forms, 4, () => true);
    expect(visited(neighbourhood, 'rasuli')).toContain(3);
    expect(visited(neighbourhood, 'hadad')).toContain(4_500_001);
    expect(visited(neighbourhood, 'nikolaids')).toContain(4_999_999);
    expect(visited(neighbourhood, 'nikolaids')).not.toContain(4_500_001);
  });
});

describe('form vocabulary joins', () => {
  it('gives a join the id its joined text has, remembered per pair', () => {
    const builder = FormVocabulary.builder();
    const abdul = builder.add('abdul');
    const rahman = builder.add('rahman');
    const listedAsOneWord = builder.add('abdulrahman');
    expect(builder.addJoin(abdul, rahman, 'abdul', 'rahman', true)).toBe(listedAsOneWord);
    expect(builder.addJoin(abdul, rahman, 'abdul', 'rahman', true)).toBe(listedAsOneWord);
    const ptyLtd = builder.addJoin(builder.add('pty'), builder.add('ltd'), 'pty', 'ltd', true);
    const vocabulary = builder.finish();
    expect(vocabulary.idOf('ptyltd')).toBe(ptyLtd);
    expect(vocabulary.size).toBe(6);
  });

  it('indexes every adjacent pair of a listed name as a join form, and nothing across names', () => {
    const table = buildNameTable([listedEntity({ primaryName: 'Abdul Rahman Haddad', aliases: [alias('Haddad Abdul')] })]);
    const texts = (positions: ArrayLike<number>) => Array.from(positions, (form) => (form < 0 ? null : table.vocabulary.texts[form]));
    expect(texts(table.joinForm)).toEqual(['abdulrahman', 'rahmanhaddad', null, 'haddadabdul', null]);
  });
});
