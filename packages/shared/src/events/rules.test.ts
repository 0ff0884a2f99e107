import { describe, expect, it } from 'vitest';
import { VIEWERS } from '../groups/policy';
import {
  canAttend,
  canDeleteEvent,
  canEditEvent,
  endPickerMinDate,
  endsBeforeStart,
  hasEnded,
  isAttending,
  nextEvent,
  sortByStartDate,
  START_GRACE_MS,
  startIsInPast,
  startPickerMinDate,
} from './rules';
import { isValidTimeZone, postTimeZoneBody } from './time-zone';
import { postEventBody } from './schemas';

const member = (userID: string) => ({ userID, username: userID });
const event = (attending: string[], max: number, creator = 'creator') => ({
  userID: creator,
  maxNumberOfMembers: max,
  attendingMembers: attending.map(member),
});

describe('canAttend (spec 5: room left and not attending)', () => {
  it.each([
    // attending, max, user, expected
    [[], 12, 'u', true],
    [['a'], 2, 'u', true],
    [['a', 'b'], 2, 'u', false],
    [['u'], 12, 'u', false],
    [['u', 'a'], 2, 'u', false],
    [[], 1, 'u', true],
    [[], 12, null, false],
  ] as const)('attending %j of %i, user %s: %s', (attending, max, user, expected) => {
    expect(canAttend(event([...attending], max), user)).toBe(expected);
  });

  it('knows who attends', () => {
    expect(isAttending(event(['a', 'b'], 12), 'b')).toBe(true);
    expect(isAttending(event(['a', 'b'], 12), 'c')).toBe(false);
    expect(isAttending(event([], 12), undefined)).toBe(false);
  });
});

describe('canEditEvent (spec 6: only the creator)', () => {
  it.each([
    ['creator', true],
    ['someone', false],
    [null, false],
    ['', false],
  ] as const)('%s: %s', (user, expected) => expect(canEditEvent({ userID: 'creator' }, user)).toBe(expected));
});

describe('canDeleteEvent (the creator; once the creator has left, also the owner and Administrators)', () => {
  // viewer's place in the group, is the viewer the creator, is the creator still a member -> may delete
  it.each([
    ['member', true, true, true],
    ['administrator', true, true, true],
    ['owner', true, true, true],
    ['member', false, true, false],
    ['administrator', false, true, false],
    ['owner', false, true, false],
    ['nonMember', false, true, false],
    ['anonymous', false, true, false],
    ['member', false, false, false],
    ['administrator', false, false, true],
    ['owner', false, false, true],
    ['nonMember', false, false, false],
    ['anonymous', false, false, false],
  ] as const)('%s, creator: %s, creator still a member: %s -> %s', (role, isCreator, creatorIsMember, expected) => {
    const userID = role === 'anonymous' ? null : isCreator ? 'creator' : 'someone';
    expect(canDeleteEvent({ userID: 'creator' }, { userID, role }, creatorIsMember)).toBe(expected);
  });

  it('never lets anyone but the creator edit, whether or not the creator is still a member', () => {
    for (const role of VIEWERS) {
      const userID: string | null = role === 'anonymous' ? null : 'someone';
      expect(canEditEvent({ userID: 'creator' }, userID)).toBe(false);
      expect(canDeleteEvent({ userID: 'creator' }, { userID, role }, false)).toBe(role === 'owner' || role === 'administrator');
    }
  });
});

describe('date rules', () => {
  it('refuses an end before the start, not an equal one', () => {
    expect(endsBeforeStart(1000, 999)).toBe(true);
    expect(endsBeforeStart(1000, 1000)).toBe(false);
    expect(endsBeforeStart(1000, 1001)).toBe(false);
  });

  it('refuses starts older than the grace', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    expect(startIsInPast(now, now)).toBe(false);
    expect(startIsInPast(now - START_GRACE_MS, now)).toBe(false);
    expect(startIsInPast(now - START_GRACE_MS - 1, now)).toBe(true);
    expect(startIsInPast(now + 1, now)).toBe(false);
  });

  it('start picker: from today on (after yesterday)', () => {
    expect(startPickerMinDate(new Date(2026, 10, 23, 15, 30))).toEqual(new Date(2026, 10, 23));
  });

  it('end picker: from the day before the start, or from today without a start', () => {
    expect(endPickerMinDate(new Date(2026, 11, 1, 20, 0), new Date(2026, 10, 23, 9))).toEqual(new Date(2026, 10, 30));
    expect(endPickerMinDate(new Date(2026, 0, 1, 0, 30), new Date(2025, 11, 20))).toEqual(new Date(2025, 11, 31));
    expect(endPickerMinDate(null, new Date(2026, 10, 23, 9, 45))).toEqual(new Date(2026, 10, 23));
  });
});

describe('ordering and the next event', () => {
  const at = (h: number) => new Date(Date.UTC(2026, 10, 23, h)).toISOString();
  const e = (id: string, start: number, end: number) => ({ id, startDate: at(start), endDate: at(end) });
  const events = [e('c', 20, 22), e('a', 8, 9), e('b', 12, 18)];

  it('sorts by startDate ascending without changing the input', () => {
    expect(sortByStartDate(events).map((x) => x.id)).toEqual(['a', 'b', 'c']);
    expect(events.map((x) => x.id)).toEqual(['c', 'a', 'b']);
  });

  it('takes the earliest event that has not ended (one running now counts)', () => {
    const now = (h: number) => Date.UTC(2026, 10, 23, h);
    expect(nextEvent(events, now(7))?.id).toBe('a');
    expect(nextEvent(events, now(10))?.id).toBe('b');
    expect(nextEvent(events, now(18))?.id).toBe('c');
    expect(nextEvent(events, now(23))).toBeNull();
    expect(nextEvent([], now(1))).toBeNull();
    expect(hasEnded(e('x', 1, 2), now(2))).toBe(true);
  });
});

describe('schemas', () => {
  it('reads dates as instants and defaults the maximum to 12', () => {
    const body = postEventBody.parse({
      groupID: 'g',
      userID: 'u',
      eventName: ' Night ',
      startDate: '2026-11-25T14:00:00+02:00',
      endDate: '2026-11-25T13:00:00Z',
    });
    expect(body).toEqual({
      groupID: 'g',
      userID: 'u',
      eventName: 'Night',
      startDate: Date.UTC(2026, 10, 25, 12),
      endDate: Date.UTC(2026, 10, 25, 13),
      maxNumberOfMembers: 12,
    });
  });

  it('refuses dates from the year 3000 on, per field', () => {
    const base = { groupID: 'g', userID: 'u', eventName: 'Far', startDate: '2999-12-31T20:00:00Z', endDate: '2999-12-31T23:00:00Z' };
    expect(postEventBody.safeParse(base).success).toBe(true);
    const late = postEventBody.safeParse({ ...base, startDate: '9999-12-31T23:00:00Z', endDate: '9999-12-31T23:30:00Z' });
    expect(late.success).toBe(false);
    expect(late.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['startDate', 'Start Date must be before the year 3000'],
      ['endDate', 'End Date must be before the year 3000'],
    ]);
  });

  it('accepts IANA time zones in canonical spelling and refuses others', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(postTimeZoneBody.parse({ timeZone: 'america/new_york' })).toEqual({ timeZone: 'America/New_York' });
    // The current IANA names, whatever name the runtime's ICU gives the zone.
    expect(postTimeZoneBody.parse({ timeZone: 'Asia/Kolkata' })).toEqual({ timeZone: 'Asia/Kolkata' });
    expect(postTimeZoneBody.parse({ timeZone: 'asia/calcutta' })).toEqual({ timeZone: 'Asia/Kolkata' });
    expect(postTimeZoneBody.parse({ timeZone: 'Europe/Kyiv' })).toEqual({ timeZone: 'Europe/Kyiv' });
    expect(postTimeZoneBody.parse({ timeZone: null })).toEqual({ timeZone: null });
    expect(postTimeZoneBody.safeParse({ timeZone: 'Nowhere' }).success).toBe(false);
  });
});
