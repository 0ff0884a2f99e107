import { describe, expect, it } from 'vitest';
import { nextSlotOccurrence, zonedTimeToInstant } from './availability';

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
