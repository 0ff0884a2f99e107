import { describe, expect, it } from 'vitest';
import { AVAILABILITY_WEEK_MS, freeTimesBetween, nextSlotOccurrence, slotOccurrences, wallClock, zonedTimeToInstant } from './availability';

describe('zonedTimeToInstant', () => {
  it.each([
    ['UTC', 2026, 11, 23, 19, '2026-11-23T19:00:00.000Z'],
    ['Europe/Berlin', 2026, 11, 23, 19, '2026-11-23T18:00:00.000Z'],
    ['Europe/Berlin', 2026, 7, 1, 19, '2026-07-01T17:00:00.000Z'],
    ['America/New_York', 2026, 3, 8, 9, '2026-03-08T13:00:00.000Z'],
    ['Asia/Kolkata', 2026, 1, 1, 9, '2026-01-01T03:30:00.000Z'],
  ])('%s %i-%i-%i %i:00', (zone, y, m, d, h, iso) => {
    expect(new Date(zonedTimeToInstant(zone, y, m, d, h)).toISOString()).toBe(iso);
  });

  it('answers each zone and wall time on its own when asked again (instants found are kept)', () => {
    const asked: [string, number, number, number, number][] = [
      ['Europe/Berlin', 2026, 10, 25, 9],
      ['America/New_York', 2026, 10, 25, 9],
      ['Europe/Berlin', 2026, 10, 24, 9],
      ['Europe/Berlin', 2026, 10, 25, 19],
    ];
    const first = asked.map((wall) => new Date(zonedTimeToInstant(...wall)).toISOString());
    expect(first).toEqual(['2026-10-25T08:00:00.000Z', '2026-10-25T13:00:00.000Z', '2026-10-24T07:00:00.000Z', '2026-10-25T18:00:00.000Z']);
    expect(asked.map((wall) => new Date(zonedTimeToInstant(...wall)).toISOString())).toEqual(first);
  });
});

describe('nextSlotOccurrence', () => {
  // Monday 23 November 2026, 12:00 UTC.
  const now = Date.UTC(2026, 10, 23, 12);

  it('finds the coming weekday at the slot hours in the group zone', () => {
    const { startDate, endDate } = nextSlotOccurrence({ day: 'Wednesday', time: 'Evening' }, 'Europe/Berlin', now);
    expect(new Date(startDate).toISOString()).toBe('2026-11-25T18:00:00.000Z');
    expect(new Date(endDate).toISOString()).toBe('2026-11-25T22:00:00.000Z');
  });

  it('uses today when the slot has not started yet, next week when it has', () => {
    expect(new Date(nextSlotOccurrence({ day: 'Monday', time: 'Evening' }, 'UTC', now).startDate).toISOString()).toBe(
      '2026-11-23T19:00:00.000Z',
    );
    expect(new Date(nextSlotOccurrence({ day: 'Monday', time: 'Morning' }, 'UTC', now).startDate).toISOString()).toBe(
      '2026-11-30T09:00:00.000Z',
    );
  });

  it('counts the weekday in the group zone, not in UTC', () => {
    // 12:00 UTC Monday is already Tuesday 01:00 in Auckland.
    const { startDate } = nextSlotOccurrence({ day: 'Tuesday', time: 'Morning' }, 'Pacific/Auckland', now);
    expect(new Date(startDate).toISOString()).toBe('2026-11-23T20:00:00.000Z');
  });
});

describe('slotOccurrences', () => {
  it('keeps a Berlin evening at 19:00-23:00 Berlin time across the end of summer time', () => {
    // Monday 19 October to Monday 2 November 2026: Europe leaves summer time on Sunday 25 October.
    const from = Date.UTC(2026, 9, 19);
    const to = Date.UTC(2026, 10, 2);
    const found = slotOccurrences({ day: 'Saturday', time: 'Evening' }, 'Europe/Berlin', from, to).map(({ start, end }) => [
      new Date(start).toISOString(),
      new Date(end).toISOString(),
    ]);
    expect(found).toEqual([
      ['2026-10-24T17:00:00.000Z', '2026-10-24T21:00:00.000Z'],
      ['2026-10-31T18:00:00.000Z', '2026-10-31T22:00:00.000Z'],
    ]);
  });

  it('keeps only occurrences overlapping the window, the change day included', () => {
    const from = Date.UTC(2026, 9, 25, 0);
    const to = from + AVAILABILITY_WEEK_MS;
    const sunday = slotOccurrences({ day: 'Sunday', time: 'Morning' }, 'Europe/Berlin', from, to);
    expect(sunday.map(({ start }) => new Date(start).toISOString())).toEqual(['2026-10-25T08:00:00.000Z']);
  });

  it('a Tokyo Saturday evening is a New York Saturday morning (no daylight saving in Tokyo)', () => {
    const from = Date.UTC(2026, 10, 23);
    const [at] = slotOccurrences({ day: 'Saturday', time: 'Evening' }, 'Asia/Tokyo', from, from + AVAILABILITY_WEEK_MS);
    expect(new Date(at!.start).toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(wallClock(at!.start, 'America/New_York')).toMatchObject({ weekday: 'Saturday', hour: 5 });
    expect(wallClock(at!.start, 'Europe/Berlin')).toMatchObject({ weekday: 'Saturday', hour: 11 });
  });
});

describe('freeTimesBetween', () => {
  it('turns each member slot, in its own zone, into instants, earliest first', () => {
    const from = Date.UTC(2026, 10, 23);
    const free = freeTimesBetween(
      [
        { userID: 'b', username: 'berlin', day: 'Saturday', time: 'Evening', timeZone: 'Europe/Berlin' },
        { userID: 't', username: 'tokyo', day: 'Saturday', time: 'Evening', timeZone: 'Asia/Tokyo' },
      ],
      from,
      from + AVAILABILITY_WEEK_MS,
    );
    expect(free.map((f) => [f.username, new Date(f.start).toISOString()])).toEqual([
      ['tokyo', '2026-11-28T10:00:00.000Z'],
      ['berlin', '2026-11-28T18:00:00.000Z'],
    ]);
  });
});
