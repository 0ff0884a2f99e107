import { describe, expect, it } from 'vitest';
import { addWeeksInZone, SERIES_MAX_OCCURRENCES, WEEK_MS, weeklyOccurrences, zoneOffsetMs } from './series';

const HOUR = 60 * 60 * 1000;

describe('addWeeksInZone', () => {
  it.each([
    // zone, start (UTC), weeks, expected (UTC): same wall-clock time in the zone
    ['UTC', Date.UTC(2027, 2, 23, 19), 1, Date.UTC(2027, 2, 30, 19)],
    ['Europe/Berlin', Date.UTC(2027, 2, 23, 19), 1, Date.UTC(2027, 2, 30, 18)], // into summer time
    ['Europe/Berlin', Date.UTC(2026, 9, 20, 18), 1, Date.UTC(2026, 9, 27, 19)], // out of summer time
    ['America/New_York', Date.UTC(2027, 2, 10, 1), 1, Date.UTC(2027, 2, 17, 0)], // 8 PM EST, then 8 PM EDT
    ['Asia/Tokyo', Date.UTC(2027, 0, 1, 11), 10, Date.UTC(2027, 0, 1, 11) + 10 * WEEK_MS], // no daylight saving
  ] as const)('%s: %i + %i weeks', (zone, start, weeks, expected) => {
    expect(addWeeksInZone(start, weeks, zone)).toBe(expected);
  });

  it('knows the offset of a zone at an instant', () => {
    expect(zoneOffsetMs(Date.UTC(2027, 0, 1), 'Europe/Berlin')).toBe(HOUR);
    expect(zoneOffsetMs(Date.UTC(2027, 6, 1), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(zoneOffsetMs(Date.UTC(2027, 6, 1, 0, 0, 0, 500), 'UTC')).toBe(0);
  });
});

describe('weeklyOccurrences', () => {
  const first = { startAt: Date.UTC(2026, 11, 1, 19), endAt: Date.UTC(2026, 11, 1, 22) };

  it('counts the first event in, keeps the length, and includes an occurrence starting at the until instant', () => {
    expect(weeklyOccurrences(first, { count: 3 }, 'UTC').map((o) => o.startAt)).toEqual([0, 1, 2].map((w) => first.startAt + w * WEEK_MS));
    const until = weeklyOccurrences(first, { until: first.startAt + 2 * WEEK_MS }, 'UTC');
    expect(until).toHaveLength(3);
    expect(until.every((o) => o.endAt - o.startAt === 3 * HOUR)).toBe(true);
  });

  it('refuses a series of one event or of more than the maximum', () => {
    expect(() => weeklyOccurrences(first, { until: first.startAt + WEEK_MS - 1 }, 'UTC')).toThrow(/at least a week/);
    expect(weeklyOccurrences(first, { until: first.startAt + (SERIES_MAX_OCCURRENCES - 1) * WEEK_MS }, 'UTC')).toHaveLength(
      SERIES_MAX_OCCURRENCES,
    );
    expect(() => weeklyOccurrences(first, { until: first.startAt + SERIES_MAX_OCCURRENCES * WEEK_MS }, 'UTC')).toThrow(/at most 52/);
  });
});
