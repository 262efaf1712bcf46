import { describe, expect, it } from 'vitest';
import { stalenessOf } from '../../../src/modules/screening/source-freshness';
import type { LoadedListVersion } from '../../../src/modules/screening/screening-index';

const now = new Date('2026-11-25T12:00:00Z');
const version = (source: string, hoursAgo: number): LoadedListVersion => ({
  source,
  versionId: `${source}-v1`,
  versionNumber: 1,
  listKind: 'sanctions',
  entityCount: 10,
  createdAt: new Date(now.getTime() - hoursAgo * 3_600_000),
  publishedAt: null,
});

describe('source staleness', () => {
  it('is no_data when nothing is loaded, or when a configured list has never been loaded', () => {
    expect(stalenessOf(new Map(), [], ['dfat', 'un'], 48, now)).toBe('no_data');
    expect(stalenessOf(new Map(), [version('dfat', 1)], ['dfat', 'un'], 48, now)).toBe('no_data');
  });

  it('is stale when every configured list is loaded but one is older than the interval, fresh otherwise', () => {
    expect(stalenessOf(new Map(), [version('dfat', 1), version('un', 72)], ['dfat', 'un'], 48, now)).toBe('stale');
    expect(stalenessOf(new Map([['un', new Date(now.getTime() - 3_600_000)]]), [version('dfat', 1), version('un', 72)], ['dfat', 'un'], 48, now)).toBe('fresh');
  });

  it('judges a version loaded from a dated copy by its publication date, however recently it was loaded', () => {
    const snapshot = { ...version('dfat', 0), publishedAt: new Date('2026-02-24T00:00:00Z') };
    const justRefreshed = new Map([['dfat', now]]);
    expect(stalenessOf(justRefreshed, [snapshot], ['dfat'], 48, now)).toBe('stale');
    expect(stalenessOf(justRefreshed, [{ ...snapshot, publishedAt: new Date(now.getTime() - 3_600_000) }], ['dfat'], 48, now)).toBe('fresh');
  });
});
