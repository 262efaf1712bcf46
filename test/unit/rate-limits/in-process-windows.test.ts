import { describe, expect, it } from 'vitest';
import { InProcessWindows } from '../../../src/modules/rate-limits/in-process-windows';

describe('per-minute counters held in the process', () => {
  it('count by the clock they are given: full within its minute, empty again in the next', () => {
    let now = Date.UTC(2026, 10, 28, 21, 0, 59, 900);
    const windows = new InProcessWindows(() => now);
    expect(windows.takeAll([{ key: 'a', limit: 2 }])).toBe(-1);
    expect(windows.takeAll([{ key: 'a', limit: 2 }])).toBe(-1);
    expect(windows.takeAll([{ key: 'a', limit: 2 }])).toBe(0);
    expect(windows.count('a')).toBe(2);
    now += 100; // the next UTC minute
    expect(windows.count('a')).toBe(0);
    expect(windows.takeAll([{ key: 'a', limit: 2 }])).toBe(-1);
  });

  it('give back a point only within the minute it was taken in', () => {
    let now = Date.UTC(2026, 10, 28, 21, 0, 10);
    const windows = new InProcessWindows(() => now);
    const takenAt = now;
    windows.takeAll([{ key: 'a', limit: 5 }, { key: 'b', limit: 5 }]);
    windows.giveBack(['a', 'b'], takenAt);
    expect(windows.count('a')).toBe(0);
    windows.takeAll([{ key: 'a', limit: 5 }]);
    now += 60_000;
    windows.takeAll([{ key: 'a', limit: 5 }]);
    windows.giveBack(['a'], takenAt); // taken last minute: this minute's count stands
    expect(windows.count('a')).toBe(1);
  });
});
