import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AVAILABILITY_DAYS, AVAILABILITY_TIMES, slotKey } from '@smm/shared/civilization/availability';
import type { AvailabilityDto } from '@smm/shared/civilization/schemas';
import { bestSlots, bestTimesText, HEAT_LEVELS, heatLevel, WEEK_SLOTS, withSlot } from './availability-grid';

const row = (userID: string, day: AvailabilityDto['day'], time: AvailabilityDto['time']): AvailabilityDto => ({
  userID,
  username: userID.toUpperCase(),
  day,
  time,
  timeZone: 'Europe/Berlin',
});

/** Members by slot, as the grid keys them, each member once. */
function membersBySlot(rows: readonly AvailabilityDto[]): Map<string, AvailabilityDto[]> {
  const bySlot = new Map<string, AvailabilityDto[]>();
  for (const r of rows) {
    const list = bySlot.get(slotKey(r)) ?? [];
    if (!list.some((other) => other.userID === r.userID)) list.push(r);
    bySlot.set(slotKey(r), list);
  }
  return bySlot;
}

describe('heatLevel', () => {
  it.each([
    [0, 5, 0],
    [1, 12, 1],
    [1, 4, 1],
    [1, 2, 2],
    [2, 4, 2],
    [3, 4, 3],
    [2, 2, 4],
    [12, 12, 4],
    // A cache that counts more members than the group has never goes past the darkest shade.
    [3, 2, 4],
  ])('%i free of %i members is shade %i', (count, members, level) => {
    expect(heatLevel(count, members)).toBe(level);
  });

  it('is 0 only for an empty slot, never above the top shade, and never lighter for more members free', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 12 }), (a, b, members) => {
        const [few, many] = a <= b ? [a, b] : [b, a];
        expect(heatLevel(few, members)).toBeLessThanOrEqual(heatLevel(many, members));
        expect(heatLevel(many, members)).toBeLessThanOrEqual(HEAT_LEVELS);
        expect(heatLevel(few, members) === 0).toBe(few === 0);
      }),
    );
  });
});

describe('bestSlots', () => {
  it('is the slot with the most members', () => {
    const best = bestSlots(
      membersBySlot([row('a', 'Saturday', 'Evening'), row('b', 'Saturday', 'Evening'), row('a', 'Monday', 'Morning')]),
    );
    expect(best).toEqual({ slots: [{ day: 'Saturday', time: 'Evening' }], count: 2 });
    expect(bestTimesText(best)).toBe('Best times: Saturday Evening (2 members)');
  });

  it('keeps every slot of a tie, in week order', () => {
    const best = bestSlots(membersBySlot([row('a', 'Saturday', 'Evening'), row('b', 'Sunday', 'Afternoon')]));
    expect(best.slots).toEqual([
      { day: 'Sunday', time: 'Afternoon' },
      { day: 'Saturday', time: 'Evening' },
    ]);
    expect(bestTimesText(best)).toBe('Best times: Sunday Afternoon (1 member), Saturday Evening (1 member)');
  });

  it('has none while nobody is free', () => {
    expect(bestSlots(membersBySlot([]))).toEqual({ slots: [], count: 0 });
    expect(bestTimesText(bestSlots(new Map()))).toBeNull();
  });

  it('marks exactly the slots no other slot beats', () => {
    const slot = fc.record({ day: fc.constantFrom(...AVAILABILITY_DAYS), time: fc.constantFrom(...AVAILABILITY_TIMES) });
    fc.assert(
      fc.property(fc.array(fc.record({ user: fc.constantFrom('a', 'b', 'c', 'd'), slot })), (picks) => {
        const bySlot = membersBySlot(picks.map((p) => row(p.user, p.slot.day, p.slot.time)));
        const { slots, count } = bestSlots(bySlot);
        const counts = WEEK_SLOTS.map((s) => bySlot.get(slotKey(s))?.length ?? 0);
        expect(count).toBe(Math.max(...counts));
        expect(slots.map(slotKey)).toEqual(count === 0 ? [] : WEEK_SLOTS.filter((_, i) => counts[i] === count).map(slotKey));
      }),
    );
  });
});

describe('withSlot', () => {
  const me = { userID: 'me', username: 'Me' };
  it('adds a slot in week order and removes it again', () => {
    const start = [row('me', 'Monday', 'Morning'), row('me', 'Saturday', 'Evening')].map((r) => ({ ...r, username: 'Me' }));
    const added = withSlot(start, { day: 'Wednesday', time: 'Afternoon' }, true, me, 'Europe/Berlin');
    expect(added.map(slotKey)).toEqual(['Monday:Morning', 'Wednesday:Afternoon', 'Saturday:Evening']);
    expect(withSlot(added, { day: 'Wednesday', time: 'Afternoon' }, false, me, 'Europe/Berlin')).toEqual(start);
  });

  it('moves every answer to the zone of the new one, as the server does', () => {
    const added = withSlot([row('me', 'Monday', 'Morning')], { day: 'Friday', time: 'Evening' }, true, me, 'Asia/Tokyo');
    expect(added.map((r) => r.timeZone)).toEqual(['Asia/Tokyo', 'Asia/Tokyo']);
  });

  it('does not repeat a slot already free', () => {
    expect(withSlot([row('me', 'Friday', 'Evening')], { day: 'Friday', time: 'Evening' }, true, me, 'Europe/Berlin')).toHaveLength(1);
  });
});
