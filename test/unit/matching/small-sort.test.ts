import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formHitsOf } from '../../../src/matching/index/form-hits';
import { costliestFirst, sortSmall } from '../../../src/matching/index/small-sort';

describe('sortSmall', () => {
  it('orders as the stable built-in sort does, ties kept in their order', () => {
    const pairs = fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer()), { maxLength: 40 });
    fc.assert(
      fc.property(pairs, (items) => {
        const byKey = (a: [number, number], b: [number, number]) => a[0] - b[0];
        expect(sortSmall([...items], byKey)).toEqual([...items].sort(byKey));
      }),
    );
  });

  it('lists units costliest first, equal costs in unit order', () => {
    expect(costliestFirst([5, 90, 5, 300, 90])).toEqual([3, 1, 4, 0, 2]);
    expect(costliestFirst([])).toEqual([]);
  });
});

describe('formHitsOf', () => {
  it('sorts the three columns together by form id', () => {
    const hits = fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { maxLength: 80 });
    fc.assert(
      fc.property(hits, (ids) => {
        const similarities = ids.map((id) => id / 10_000);
        const hows = ids.map((id) => id % 3);
        const sorted = formHitsOf([...ids], similarities, hows);
        const expected = [...ids].sort((a, b) => a - b);
        expect(sorted.formIds).toEqual(expected);
        expect(sorted.similarities).toEqual(expected.map((id) => id / 10_000));
        expect(sorted.hows).toEqual(expected.map((id) => id % 3));
      }),
    );
  });
});
