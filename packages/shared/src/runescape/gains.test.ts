import { describe, expect, it } from 'vitest';
import { gainBetween, largestGain } from './gains';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('gainBetween', () => {
  it('is the difference, or null when a side is unknown', () => {
    expect(gainBetween(100, 250)).toBe(150);
    expect(gainBetween(null, 250)).toBeNull();
    expect(gainBetween(100, null)).toBeNull();
    expect(gainBetween(undefined, 5)).toBeNull();
  });
});

describe('largestGain', () => {
  it('measures gains only inside the window', () => {
    const points = [
      { at: 0, value: 0 },
      { at: 20 * HOUR, value: 1000 },
      { at: 30 * HOUR, value: 1500 },
      { at: 50 * HOUR, value: 4500 },
    ];
    // Within a day: 20h->30h gives 500, 30h->50h gives 3000, 0->20h gives 1000.
    expect(largestGain(points, DAY)).toEqual({ gained: 3000, endedAt: 50 * HOUR });
    // Within a week: everything, 4500 by the last point.
    expect(largestGain(points, 7 * DAY)).toEqual({ gained: 4500, endedAt: 50 * HOUR });
  });

  it('skips unknown values and windows with one point', () => {
    expect(largestGain([{ at: 0, value: 10 }], DAY)).toBeNull();
    expect(largestGain([{ at: 0, value: null }, { at: HOUR, value: 5 }], DAY)).toBeNull();
    expect(largestGain([{ at: 0, value: 5 }, { at: 3 * DAY, value: 50 }], DAY)).toBeNull();
  });
});
