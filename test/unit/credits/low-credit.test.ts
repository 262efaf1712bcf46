import { describe, expect, it } from 'vitest';
import { lowCreditCrossings, lowCreditLine, usedPercent } from '../../../src/modules/credits/low-credit';

describe('low-credit crossings: 80 % used at floor(reference × 0.20), 95 % at floor(reference × 0.05)', () => {
  it('draws the lines in integers', () => {
    expect([lowCreditLine(20, 80), lowCreditLine(20, 95)]).toEqual([4, 1]);
    expect([lowCreditLine(10, 80), lowCreditLine(10, 95)]).toEqual([2, 0]);
    expect([lowCreditLine(60, 80), lowCreditLine(60, 95)]).toEqual([12, 3]);
    expect([lowCreditLine(1_000_003, 80), lowCreditLine(1_000_003, 95)]).toEqual([200_000, 50_000]);
    expect([lowCreditLine(7, 80), lowCreditLine(7, 95)]).toEqual([1, 0]);
  });

  it('crosses when the balance lands exactly on the line, not when it was already there or stays above', () => {
    expect(lowCreditCrossings(5, 4, 20)).toEqual([80]);
    expect(lowCreditCrossings(4, 3, 20)).toEqual([]);
    expect(lowCreditCrossings(6, 5, 20)).toEqual([]);
    expect(lowCreditCrossings(2, 1, 20)).toEqual([95]);
    expect(lowCreditCrossings(1, 0, 20)).toEqual([]);
  });

  it('crosses below the line in one step, and both lines at once (80 first)', () => {
    expect(lowCreditCrossings(10, 3, 20)).toEqual([80]);
    expect(lowCreditCrossings(20, 1, 20)).toEqual([80, 95]);
    expect(lowCreditCrossings(20, 0, 20)).toEqual([80, 95]);
    expect(lowCreditCrossings(3, 0, 20)).toEqual([95]);
    expect(lowCreditCrossings(1, 0, 1)).toEqual([80, 95]); // both lines are 0: spending the only credit uses it all
  });

  it('never crosses without a reference', () => {
    expect(lowCreditCrossings(5, 0, 0)).toEqual([]);
    expect(lowCreditCrossings(1, 0, 0)).toEqual([]);
  });

  it('never crosses when the balance rises or stays', () => {
    expect(lowCreditCrossings(4, 5, 20)).toEqual([]);
    expect(lowCreditCrossings(0, 20, 20)).toEqual([]);
    expect(lowCreditCrossings(4, 4, 20)).toEqual([]);
  });

  it('a refund lifting the balance back over the line makes the next debit a crossing again (the event dedupes it)', () => {
    expect(lowCreditCrossings(4, 5, 20)).toEqual([]);
    expect(lowCreditCrossings(5, 4, 20)).toEqual([80]);
  });

  it('reports the share used with one decimal, never below the threshold it crossed', () => {
    expect(usedPercent(4, 20)).toBe(80);
    expect(usedPercent(1, 20)).toBe(95);
    expect(usedPercent(1, 7)).toBe(85.7);
    expect(usedPercent(0, 1)).toBe(100);
  });
});
