import { describe, expect, it } from 'vitest';
import { customerKeyOf, normaliseCustomerName } from '../../../src/modules/screening/cleared-customer';
import { applyRulings, explainRulings, sourceIdOf, type ClearanceNote, type RememberedRuling } from '../../../src/modules/screening/cleared-matches';
import type { MatchRecord } from '../../../src/modules/screening/match-record';

const match = (id: string): MatchRecord =>
  ({ source: 'un', listed_entity_id: `un:${id}`, list_version: 3, list_version_id: 'v', matched_name: id, score: 1 }) as unknown as MatchRecord;

const note = (reason: ClearanceNote['reason'], caseId = 'c1'): ClearanceNote => ({ reason, case_id: caseId, cleared_by: 'Rita', cleared_at: '2026-11-26T00:00:00.000Z', cleared_list_version: 2 });

describe('the customer a ruling is remembered for', () => {
  it('is one customer whatever the word order, case, spacing or punctuation', () => {
    expect(normaliseCustomerName('SMITH,  John-Paul')).toBe(normaliseCustomerName('john paul smith'));
    expect(customerKeyOf({ entity_type: 'person', name: 'Smith, John', dob: '1980-01-02' })).toBe(customerKeyOf({ entity_type: 'person', name: 'JOHN SMITH', dob: '1980-01-02' }));
  });

  it('tells apart another date of birth, another entity type, and keeps diacritics and other scripts', () => {
    const key = customerKeyOf({ entity_type: 'person', name: 'José Smith', dob: '1980-01-02' });
    expect(key).not.toBe(customerKeyOf({ entity_type: 'person', name: 'José Smith', dob: '1980-01-03' }));
    expect(key).not.toBe(customerKeyOf({ entity_type: 'person', name: 'Jose Smith', dob: '1980-01-02' }));
    expect(customerKeyOf({ entity_type: 'organisation', name: 'Acme Pty Ltd' })).not.toBe(customerKeyOf({ entity_type: 'person', name: 'Acme Pty Ltd', dob: null }));
    expect(normaliseCustomerName('王 小明')).toBe('小明 王');
  });

  it('has no key for a person without a date of birth, or a name with nothing to compare', () => {
    expect(customerKeyOf({ entity_type: 'person', name: 'John Smith', dob: null })).toBeNull();
    expect(customerKeyOf({ entity_type: 'organisation', name: '---' })).toBeNull();
    expect(customerKeyOf({ entity_type: 'organisation', name: 'Acme Pty Ltd' })).toBe('organisation||acme ltd pty');
  });
});

describe('applying remembered rulings to a scan', () => {
  it('sets cleared matches aside, marks changed ones, keeps confirmed and unknown ones, in order', () => {
    const matches = [match('A'), match('B'), match('C'), match('D')];
    const remembered = new Map<string, RememberedRuling>([
      ['un:A', { kind: 'cleared', note: note('previously_cleared') }],
      ['un:B', { kind: 'changed', note: note('previously_cleared_but_changed') }],
      ['un:C', { kind: 'confirmed' }],
    ]);
    const { kept, keptPositions, suppressed } = applyRulings(matches, remembered);
    expect(kept.map((m) => m.listed_entity_id)).toEqual(['un:B', 'un:C', 'un:D']);
    expect(keptPositions).toEqual([1, 2, 3]);
    expect(kept[0]!.previous_clearance?.reason).toBe('previously_cleared_but_changed');
    expect(kept[1]).not.toHaveProperty('previous_clearance');
    expect(suppressed).toEqual([{ ...matches[0], suppression: note('previously_cleared') }]);
  });

  it('explains what it did, and says nothing when nothing was remembered', () => {
    const { kept, suppressed } = applyRulings([match('A'), match('B')], new Map([
      ['un:A', { kind: 'cleared', note: note('previously_cleared', 'case-9') }],
      ['un:B', { kind: 'changed', note: note('previously_cleared_but_changed') }],
    ]));
    const text = explainRulings(kept, suppressed);
    expect(text).toContain('previously cleared: 1 match ruled a false positive for this customer (case case-9)');
    expect(text).toContain('previously cleared but changed: 1 match shown again');
    expect(explainRulings([match('A')], [])).toBeNull();
  });

  it('reads the source id after the source prefix only', () => {
    expect(sourceIdOf({ source: 'opensanctions:x', listed_entity_id: 'opensanctions:x:Q1:2' })).toBe('Q1:2');
  });
});
