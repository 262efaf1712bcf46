import { describe, expect, it } from 'vitest';
import { IndexHolder, MatchIndex } from '../../../src/matching';
import { listedEntity } from './listed-entity-factory';

const query = { name: 'Ivan Zolotov', entityType: 'person' } as const;

describe('IndexHolder', () => {
  it('starts with an empty index that matches nothing', () => {
    const holder = new IndexHolder();
    expect(holder.current().stats.entities).toBe(0);
    expect(holder.current().search(query).matches).toEqual([]);
    expect(holder.lastSwappedAt()).toBeNull();
  });

  it('swaps in a new version and hands back the one it replaced', () => {
    const first = MatchIndex.build([listedEntity({ source: 'un', sourceId: 'A1', primaryName: 'Ivan ZOLOTOV' })]);
    const second = MatchIndex.build([listedEntity({ source: 'un', sourceId: 'A2', primaryName: 'Ivan ZOLOTOV' })]);
    const holder = new IndexHolder(first);
    expect(holder.swap(second)).toBe(first);
    expect(holder.current()).toBe(second);
    expect(holder.current().search(query).matches.map((m) => m.entityId)).toEqual(['un:A2']);
    expect(holder.lastSwappedAt()).toBeInstanceOf(Date);
  });

  it('lets a scan that took the old index finish on it, whole', () => {
    const holder = new IndexHolder(MatchIndex.build([listedEntity({ source: 'un', sourceId: 'A1', primaryName: 'Ivan ZOLOTOV' })]));
    const inFlight = holder.current();
    holder.swap(MatchIndex.empty());
    expect(inFlight.search(query).matches.map((m) => m.entityId)).toEqual(['un:A1']);
    expect(holder.current().search(query).matches).toEqual([]);
  });
});

describe('MatchIndex.stats', () => {
  it('counts entities per source, indexed names and forms', () => {
    const index = MatchIndex.build([
      listedEntity({ source: 'dfat', primaryName: 'Ivan ZOLOTOV', aliases: [{ name: 'ZOLOTOV, Ivan', type: 'alias', strength: 'strong', script: 'latin' }] }),
      listedEntity({ source: 'ofac', primaryName: 'Acme Trading LLC', kind: 'organisation' }),
    ]);
    // "ZOLOTOV, Ivan" folds to the same words in another order: indexed as its own name.
    expect(index.stats).toMatchObject({ entities: 2, names: 3, sources: { dfat: 1, ofac: 1 } });
    expect(index.stats.forms).toBeGreaterThan(4);
  });

  it('indexes a name once when an alias only repeats it in other case or punctuation', () => {
    const index = MatchIndex.build([
      listedEntity({ primaryName: 'Ivan ZOLOTOV', aliases: [{ name: 'IVAN ZOLOTOV.', type: 'alias', strength: 'strong', script: 'latin' }] }),
    ]);
    expect(index.stats.names).toBe(1);
  });
});
