import { describe, expect, it } from 'vitest';
import { buildNameTable } from '../../../src/matching/index/name-table-build';
import { PairPostings } from '../../../src/matching/index/pair-postings';
import { alias, listedEntity } from './listed-entity-factory';

const table = buildNameTable([
  listedEntity({ primaryName: 'Mohammed Hasan' }),
  listedEntity({ primaryName: 'Hasan Mohammed Ali', aliases: [alias('M. Hasan Ali')] }),
  listedEntity({ primaryName: 'Mohammed Ali' }),
  listedEntity({ primaryName: 'Hasan Karimov' }),
  listedEntity({ primaryName: 'Karimov' }),
]);
const formOf = (text: string) => table.vocabulary.idOf(text)!;
const primaryNamesOf = (pairs: PairPostings, a: string, b: string) => {
  const [from, to] = pairs.namesOf(formOf(a), formOf(b));
  return [...pairs.names.subarray(from, to)].map((name) => table.entities[table.nameEntity[name]!]!.primaryName);
};

describe('pair postings', () => {
  it('hold the names with both common forms, in either order, and none with an initial', () => {
    const pairs = PairPostings.build(table, 2);
    expect(primaryNamesOf(pairs, 'mohammed', 'hasan')).toEqual(['Mohammed Hasan', 'Hasan Mohammed Ali']);
    expect(primaryNamesOf(pairs, 'hasan', 'mohammed')).toEqual(['Mohammed Hasan', 'Hasan Mohammed Ali']);
    // "M. Hasan Ali" has an initial: every unit of a query opens such names anyway.
    expect(primaryNamesOf(pairs, 'hasan', 'ali')).toEqual(['Hasan Mohammed Ali']);
    expect(primaryNamesOf(pairs, 'karimov', 'mohammed')).toEqual([]);
  });

  it('pair only the forms with enough postings', () => {
    const pairs = PairPostings.build(table, 3);
    expect(pairs.isCommon(formOf('hasan'))).toBe(true); // four names
    expect(pairs.isCommon(formOf('karimov'))).toBe(false); // two
  });
});
