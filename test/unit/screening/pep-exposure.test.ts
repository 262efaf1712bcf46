import { describe, expect, it } from 'vitest';
import { pepExposureOf } from '../../../src/modules/screening/pep-exposure';
import { pepCategoryOfSource } from '../../../src/modules/screening/risk/pep-category';
import type { ListedPosition } from '../../../src/sources/listed-entity';

const seat = (over: Partial<ListedPosition>): ListedPosition => ({
  title: 'Senator',
  body: 'Senate, Parliament of Australia',
  area: 'SA',
  party: 'Liberal Party',
  term: 45,
  startDate: '2016-07-02',
  endDate: null,
  kind: 'membership',
  ...over,
});
const office = (title: string, startDate: string | null, endDate: string | null): ListedPosition => ({
  title,
  body: null,
  area: null,
  party: null,
  term: null,
  startDate,
  endDate,
  kind: 'office',
});

describe('pepExposureOf', () => {
  it('says since when (the earliest dated start, at any precision) and that a position is still held', () => {
    const exposure = pepExposureOf('everypolitician', [
      seat({ party: 'Australian Conservatives', startDate: '2017-02-07' }),
      seat({ endDate: '2017-02-07' }),
      office('Parliamentary Secretary to the Leader of the Opposition', '2009', '2009-12'),
    ]);
    expect(exposure).toMatchObject({ category: 'domestic', pep_since: '2009', last_position_ended: null });
    expect(exposure.positions[0]).toEqual({
      title: 'Senator',
      body: 'Senate, Parliament of Australia',
      area: 'SA',
      party: 'Australian Conservatives',
      term: 45,
      start_date: '2017-02-07',
      end_date: null,
      kind: 'membership',
    });
    expect(exposure.summary).toBe('Domestic PEP: Senator (SA, Australian Conservatives); a PEP since at least 2009, position held as far as the list knows');
  });

  it('gives the last end date of a former PEP, ignoring offices published without any date', () => {
    const exposure = pepExposureOf('everypolitician', [office('Minister for Foreign Affairs', '1996-03-11', '2007-12-03'), office('Member of a state parliament', null, null)]);
    expect(exposure).toMatchObject({ pep_since: '1996-03-11', last_position_ended: '2007-12-03' });
    expect(exposure.summary).toMatch(/last position ended 2007-12-03 \(a former PEP remains a PEP while the risk persists\)$/);
  });

  it('says so when a PEP list publishes no positions, and does not call a mixed list domestic', () => {
    const exposure = pepExposureOf('opensanctions:peps');
    expect(exposure).toEqual({ category: 'unknown', positions: [], pep_since: null, last_position_ended: null, summary: 'PEP (domestic or foreign not stated by the list): the list publishes no positions' });
    expect(pepCategoryOfSource('everypolitician')).toBe('domestic');
    expect(pepCategoryOfSource('dfat')).toBe('unknown');
  });
});
