import { describe, expect, it } from 'vitest';
import type { FreeTime } from '@smm/shared/civilization/availability';
import { hourCells, membersBySlotInZone, membersFreeIn, planFromHour, planStart, viewerWeek } from './availability-week';

const at = (iso: string) => Date.parse(iso);
const free = (username: string, start: string, end: string): FreeTime => ({ userID: username, username, start: at(start), end: at(end) });
// Kenji's Saturday 19:00-23:00 in Tokyo, 28 November 2026.
const kenji = free('Kenji', '2026-11-28T10:00:00Z', '2026-11-28T14:00:00Z');

describe('viewerWeek', () => {
  it("is the viewer's today and the 6 days after, each from its own midnight", () => {
    const days = viewerWeek('America/New_York', at('2026-11-23T03:00:00Z'));
    // 03:00 UTC on Monday is still Sunday evening in New York.
    expect(days.map((d) => `${d.weekday} ${d.day}`)).toEqual([
      'Sunday 22',
      'Monday 23',
      'Tuesday 24',
      'Wednesday 25',
      'Thursday 26',
      'Friday 27',
      'Saturday 28',
    ]);
    expect(new Date(days[0]!.start).toISOString()).toBe('2026-11-22T05:00:00.000Z');
  });
});

describe('hourCells', () => {
  it('puts the same free time on each viewer’s own clock', () => {
    const inNewYork = hourCells([kenji], viewerWeek('America/New_York', at('2026-11-23T12:00:00Z'))[5]!, 'America/New_York');
    expect(inNewYork.flatMap((cell) => (cell && cell.members.length > 0 ? [cell.hour] : []))).toEqual([5, 6, 7, 8]);
    const inBerlin = hourCells([kenji], viewerWeek('Europe/Berlin', at('2026-11-23T12:00:00Z'))[5]!, 'Europe/Berlin');
    expect(inBerlin.flatMap((cell) => (cell && cell.members.length > 0 ? [cell.hour] : []))).toEqual([11, 12, 13, 14]);
  });

  it('skips the hour the clocks jump over, and gives the repeated hour both of its instants', () => {
    // Sunday 8 March 2026: New York goes from 2:00 to 3:00. Sunday 1 November 2026: 1:00 comes twice.
    const spring = viewerWeek('America/New_York', at('2026-03-08T12:00:00Z'))[0]!;
    const springCells = hourCells([], spring, 'America/New_York');
    expect(springCells[2]).toBeNull();
    expect(springCells.filter(Boolean)).toHaveLength(23);
    const autumn = viewerWeek('America/New_York', at('2026-11-01T12:00:00Z'))[0]!;
    const autumnCells = hourCells([free('Ann', '2026-11-01T06:00:00Z', '2026-11-01T07:00:00Z')], autumn, 'America/New_York');
    expect(autumnCells.every(Boolean)).toBe(true);
    expect(autumnCells[1]!.end - autumnCells[1]!.start).toBe(2 * 3_600_000);
    // 06:00 UTC is the second 1:00 (EST): it falls in the 1:00 row.
    expect(autumnCells[1]!.members.map((m) => m.username)).toEqual(['Ann']);
  });
});

describe('membersBySlotInZone', () => {
  it('lists a member in a slot of the viewer’s day when free for at least an hour of it, saying which hours', () => {
    const days = viewerWeek('Europe/Berlin', at('2026-11-23T12:00:00Z'));
    const bySlot = membersBySlotInZone([kenji], days, 'Europe/Berlin');
    expect(bySlot.get('Saturday:Morning')).toEqual([{ userID: 'Kenji', username: 'Kenji', hours: '11:00–12:00' }]);
    expect(bySlot.get('Saturday:Afternoon')).toEqual([{ userID: 'Kenji', username: 'Kenji', hours: '13:00–15:00' }]);
    expect(bySlot.has('Saturday:Evening')).toBe(false);
  });

  it('lists a member free for the whole slot without hours', () => {
    const whole = membersFreeIn([kenji], at('2026-11-28T10:00:00Z'), at('2026-11-28T13:00:00Z'), 'Asia/Tokyo');
    expect(whole).toEqual([{ userID: 'Kenji', username: 'Kenji' }]);
  });
});

describe('planFromHour', () => {
  it('runs from the hour while everyone free then stays free, named on the organiser’s clock', () => {
    const day = viewerWeek('America/New_York', at('2026-11-23T12:00:00Z'))[5]!;
    const alone = hourCells([kenji], day, 'America/New_York');
    const before = at('2026-11-27T12:00:00Z');
    const fromSix = planFromHour([kenji], alone[6]!, 'America/New_York', before);
    expect(fromSix).toEqual({
      startDate: at('2026-11-28T11:00:00Z'),
      endDate: at('2026-11-28T14:00:00Z'),
      eventName: 'Saturday 06:00 game',
    });
    // With Bo free only from 6:00 to 7:00, the event stops when he leaves.
    const withBoTimes = [kenji, free('Bo', '2026-11-28T11:00:00Z', '2026-11-28T12:00:00Z')];
    const withBo = planFromHour(withBoTimes, hourCells(withBoTimes, day, 'America/New_York')[6]!, 'America/New_York', before);
    expect(withBo?.endDate).toBe(at('2026-11-28T12:00:00Z'));
  });

  it('starts an hour under way at the next five minutes, which the server accepts, and offers nothing once it has passed', () => {
    const day = viewerWeek('America/New_York', at('2026-11-23T12:00:00Z'))[5]!;
    const six = hourCells([kenji], day, 'America/New_York')[6]!;
    // 6:32 on the organiser's clock: the event starts at 6:35, not at 6:00 (more than 15 minutes past).
    expect(planFromHour([kenji], six, 'America/New_York', at('2026-11-28T11:32:10Z'))).toEqual({
      startDate: at('2026-11-28T11:35:00Z'),
      endDate: at('2026-11-28T14:00:00Z'),
      eventName: 'Saturday 06:35 game',
    });
    expect(planStart(six, at('2026-11-28T11:00:00Z'))).toBe(six.start);
    expect(planStart(six, at('2026-11-28T11:56:00Z'))).toBeNull();
    expect(planFromHour([kenji], six, 'America/New_York', at('2026-11-28T12:00:00Z'))).toBeNull();
  });
});
