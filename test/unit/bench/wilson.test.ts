import { describe, expect, it } from 'vitest';
import { formatProportion, wilson } from '../../../bench/support/wilson';

describe('Wilson score interval', () => {
  it('matches the published values', () => {
    // 81/263: the textbook example (Newcombe 1998, method 3: 0.2553–0.3662).
    const w = wilson(81, 263);
    expect(w.low).toBeCloseTo(0.2553, 3);
    expect(w.high).toBeCloseTo(0.3662, 3);
  });

  it('gives a non-degenerate interval at 100 % and 0 %, inside 0–1', () => {
    const all = wilson(60, 60);
    expect(all.high).toBe(1);
    expect(all.low).toBeCloseTo(0.9398, 3);
    const none = wilson(0, 20);
    expect(none.low).toBe(0);
    expect(none.high).toBeCloseTo(0.1611, 3);
  });

  it('says n/a for no trials', () => {
    expect(formatProportion(wilson(0, 0))).toBe('n/a');
    expect(formatProportion(wilson(9, 10))).toBe('90.0 % (95 % CI 59.6–98.2 %, 9/10)');
  });
});
