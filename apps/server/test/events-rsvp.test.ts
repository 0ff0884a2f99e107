import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto, RsvpResponse } from '@smm/shared/events/schemas';
import { createInProcessGroupChanges, type GroupChange } from '../src/features/live/group-changes';
import { attend, createEvent, HOUR, unattend } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// RSVP states against seats and the waitlist, through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
let owner: TestUser;
let crowd: TestUser[];
let outsider: TestUser;
let group: Awaited<ReturnType<typeof createGroup>>;
const published: GroupChange[] = [];

beforeAll(async () => {
  const changes = createInProcessGroupChanges();
  changes.onLocal((change) => published.push(change));
  t = await createTestApp({ deps: { changes } });
  owner = await createUser(t.app);
  outsider = await createUser(t.app);
  crowd = await Promise.all(Array.from({ length: 24 }, () => createUser(t.app)));
  group = await createGroup(t.app, owner, { groupName: 'Answering Room' });
  for (const user of crowd) await join(t.app, group, user);
}, 120_000);
afterAll(() => t.close());

const respond = (as: TestUser, eventID: string, response: unknown) =>
  call(t.app, '/api/events/respondToEvent', { method: 'POST', as, payload: { eventID, response } });

async function eventAs(as: TestUser, eventID: string): Promise<EventDto> {
  const list = await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as });
  return (list.body as EventDto[]).find((e) => e._id === eventID)!;
}

/** Each member's answer as stored: which of the three tables holds them, and with what. */
async function storedAnswers(eventID: string): Promise<Map<string, string>> {
  const db = t.database.db;
  const [seats, line, answers] = await Promise.all([
    db.selectFrom('event_attendees').select(['user_id', 'late']).where('event_id', '=', eventID).execute(),
    db.selectFrom('event_waitlist').select(['user_id', 'late']).where('event_id', '=', eventID).execute(),
    db.selectFrom('event_responses').select(['user_id', 'response']).where('event_id', '=', eventID).execute(),
  ]);
  const all = [
    ...seats.map((s) => [s.user_id, Number(s.late) === 1 ? 'late' : 'attending'] as const),
    ...line.map((w) => [w.user_id, Number(w.late) === 1 ? 'waitlist late' : 'waitlist'] as const),
    ...answers.map((r) => [r.user_id, r.response] as const),
  ];
  // At most one answer per member across the three tables.
  expect(new Set(all.map(([id]) => id)).size).toBe(all.length);
  return new Map(all);
}

describe('respondToEvent', () => {
  it('lists seatless answers first answered first, whatever the order of the members ids', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 2 });
    // Highest id first, so that an order by member id would list them backwards.
    const answering = crowd.slice(2, 5).sort((x, y) => (x.user.id < y.user.id ? 1 : -1));
    for (const member of answering) {
      expect((await respond(member, event._id, 'maybe')).status).toBe(200);
      t.clock.advance(1000);
    }
    expect((await eventAs(owner, event._id)).responseMembers?.map((m) => m.userID)).toEqual(answering.map((m) => m.user.id));
  });

  it('keeps each state: Attending and Late take seats, Maybe, Can sub and Not coming take none, and the event lists them', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 2 });
    const [a, b, c, d, e] = crowd;
    // Seats and seatless answers list in the order given; a second apart, so that order does not rest on ids.
    expect((await respond(a!, event._id, 'attending')).status).toBe(200);
    t.clock.advance(1000);
    expect((await respond(b!, event._id, 'late')).status).toBe(200);
    expect((await respond(c!, event._id, 'maybe')).status).toBe(200);
    t.clock.advance(1000);
    expect((await respond(d!, event._id, 'can_sub')).status).toBe(200);
    t.clock.advance(1000);
    const last = await respond(e!, event._id, 'not_coming');
    expect(last.status).toBe(200);

    const seen = last.body as EventDto;
    expect(seen.attendingMembers.map((m) => [m.userID, m.late ?? false])).toEqual([
      [a!.user.id, false],
      [b!.user.id, true],
    ]);
    expect(seen.responseMembers).toEqual([
      { userID: c!.user.id, username: c!.user.username, response: 'maybe' },
      { userID: d!.user.id, username: d!.user.username, response: 'can_sub' },
      { userID: e!.user.id, username: e!.user.username, response: 'not_coming' },
    ]);
    expect(seen.waitlistMembers).toBeUndefined();
    // Members see the same lists.
    expect((await eventAs(owner, event._id)).responseMembers).toEqual(seen.responseMembers);

    // Full: a seat-taking answer goes to the end of the waitlist, and a seatless one still goes through.
    const f = crowd[5]!;
    const queued = await respond(f, event._id, 'late');
    expect(queued.status).toBe(200);
    expect((queued.body as EventDto).waitlistPosition).toBe(1);
    expect((await respond(crowd[6]!, event._id, 'maybe')).status).toBe(200);
    expect(Object.fromEntries(await storedAnswers(event._id))).toEqual({
      [a!.user.id]: 'attending',
      [b!.user.id]: 'late',
      [c!.user.id]: 'maybe',
      [d!.user.id]: 'can_sub',
      [e!.user.id]: 'not_coming',
      [f.user.id]: 'waitlist late',
      [crowd[6]!.user.id]: 'maybe',
    });
    expect(published.filter((p) => p.eventId === event._id && p.topic === 'attendance').length).toBeGreaterThanOrEqual(7);
  });

  it('moves an answer atomically: a seat given up by Maybe goes to the first in line, who then holds it', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 1 });
    const [seated, first, second] = crowd;
    expect((await respond(seated!, event._id, 'attending')).status).toBe(200);
    expect((await respond(first!, event._id, 'attending')).body.waitlistPosition).toBe(1);
    expect((await respond(second!, event._id, 'attending')).body.waitlistPosition).toBe(2);
    // Answering Late while waiting keeps the place in line, and the answer: the line shows it.
    const lateInLine = await respond(first!, event._id, 'late');
    expect(lateInLine.body.waitlistPosition).toBe(1);
    expect(lateInLine.body.waitlistMembers).toEqual([
      { userID: first!.user.id, username: first!.user.username, late: true },
      { userID: second!.user.id, username: second!.user.username },
    ]);
    expect((await storedAnswers(event._id)).get(first!.user.id)).toBe('waitlist late');

    // The seat given up goes to the first in line, still Late.
    const moved = await respond(seated!, event._id, 'maybe');
    expect(moved.status).toBe(200);
    expect(Object.fromEntries(await storedAnswers(event._id))).toEqual({
      [seated!.user.id]: 'maybe',
      [first!.user.id]: 'late',
      [second!.user.id]: 'waitlist',
    });
    expect((await eventAs(owner, event._id)).attendingMembers).toEqual([
      { userID: first!.user.id, username: first!.user.username, late: true },
    ]);
    expect(published.some((p) => p.eventId === event._id && p.action === 'waitlistPromoted' && p.userId === first!.user.id)).toBe(true);

    // Back to Attending on a full event: to the end of the line, the Maybe gone.
    expect((await respond(seated!, event._id, 'attending')).body.waitlistPosition).toBe(2);
    // Attending to Late and back on one's own seat changes only the flag.
    expect((await respond(first!, event._id, 'late')).body.attendingMembers).toEqual([
      { userID: first!.user.id, username: first!.user.username, email: first!.user.email, late: true },
    ]);
    expect((await attend(t.app, first!, event._id)).body.attendingMembers[0].late).toBeUndefined();
    // Not coming from the waitlist leaves the line.
    await respond(second!, event._id, 'not_coming');
    expect(Object.fromEntries(await storedAnswers(event._id))).toEqual({
      [seated!.user.id]: 'waitlist',
      [first!.user.id]: 'attending',
      [second!.user.id]: 'not_coming',
    });
    // unattendEvent clears whatever the answer was.
    expect((await unattend(t.app, second!, event._id)).status).toBe(200);
    expect((await unattend(t.app, seated!, event._id)).status).toBe(200);
    expect(Object.fromEntries(await storedAnswers(event._id))).toEqual({ [first!.user.id]: 'attending' });
  });

  it('attendEvent replaces a Maybe; a full event still refuses it with 409 as before', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 1 });
    await respond(crowd[0]!, event._id, 'maybe');
    expect((await attend(t.app, crowd[0]!, event._id)).status).toBe(200);
    expect(Object.fromEntries(await storedAnswers(event._id))).toEqual({ [crowd[0]!.user.id]: 'attending' });
    await respond(crowd[1]!, event._id, 'can_sub');
    expect(await attend(t.app, crowd[1]!, event._id)).toMatchObject({ status: 409, body: { message: 'This event is full' } });
    expect((await storedAnswers(event._id)).get(crowd[1]!.user.id)).toBe('can_sub');
  });

  it('refuses bad input, outsiders, ended events, and seats after the cutoff (but lets Not coming through)', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { startIn: 2 * HOUR, length: HOUR });
    const bad = await respond(crowd[0]!, event._id, 'perhaps');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.response).toMatch(/Response must be one of/);
    expect((await respond(crowd[0]!, 'x'.repeat(65), 'maybe')).status).toBe(400);
    // The group is private: to an outsider its event does not exist.
    expect((await respond(outsider, event._id, 'maybe')).status).toBe(404);
    expect((await respond(crowd[0]!, 'no-such-event', 'maybe')).status).toBe(404);

    const cutoff = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: owner,
      payload: {
        userID: owner.user.id,
        eventName: event.eventName,
        startDate: event.startDate,
        endDate: event.endDate,
        signupCutoffMinutes: 180,
      },
    });
    expect(cutoff.status).toBe(200);
    expect(await respond(crowd[0]!, event._id, 'attending')).toMatchObject({
      status: 409,
      body: { message: 'Sign-ups for this event have closed' },
    });
    expect((await respond(crowd[0]!, event._id, 'not_coming')).status).toBe(200);

    t.clock.advance(4 * HOUR);
    expect(await respond(crowd[1]!, event._id, 'maybe')).toMatchObject({ status: 409, body: { message: 'This event has already ended' } });
    t.clock.advance(-4 * HOUR);
  });

  it('many members answering at once on few seats: never overbooked, everyone lands in exactly one state', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 4 });
    const states: RsvpResponse[] = ['attending', 'late', 'maybe', 'attending', 'can_sub', 'late', 'not_coming', 'attending'];
    const results = await Promise.all(crowd.map((user, i) => respond(user, event._id, states[i % states.length]!)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const stored = await storedAnswers(event._id);
    expect(stored.size).toBe(crowd.length);
    const counts = (state: string) => [...stored.values()].filter((v) => v === state).length;
    const seatTakers = crowd.filter((_, i) => ['attending', 'late'].includes(states[i % states.length]!)).length;
    expect(counts('attending') + counts('late')).toBe(4);
    expect(counts('waitlist') + counts('waitlist late')).toBe(seatTakers - 4);
    expect(counts('maybe') + counts('can_sub') + counts('not_coming')).toBe(crowd.length - seatTakers);

    // Then half of the seated and waiting switch at once: still one answer each and never more than four seats.
    const switching = crowd.filter((user) => ['attending', 'late', 'waitlist'].includes(stored.get(user.user.id)!)).slice(0, 6);
    await Promise.all(switching.map((user, i) => respond(user, event._id, i % 2 === 0 ? 'can_sub' : 'attending')));
    const after = await storedAnswers(event._id);
    const seats = [...after.values()].filter((v) => v === 'attending' || v === 'late').length;
    expect(seats).toBe(4);
    expect(after.size).toBe(crowd.length);
  }, 60_000);

  it('a member who leaves gives up answers to upcoming events; answers to past events stay', async () => {
    const leaver = await createUser(t.app);
    await join(t.app, group, leaver);
    const past = await createEvent(t.app, owner, group._id, t.clock.now(), { startIn: HOUR, length: HOUR });
    const upcoming = await createEvent(t.app, owner, group._id, t.clock.now(), { startIn: 48 * HOUR });
    await respond(leaver, past._id, 'maybe');
    await respond(leaver, upcoming._id, 'can_sub');
    t.clock.advance(3 * HOUR);
    const out = await call(t.app, '/api/groups/leaveGroup', {
      method: 'POST',
      as: leaver,
      payload: { groupID: group._id, userID: leaver.user.id },
    });
    expect(out.status).toBe(200);
    const rows = await t.database.db
      .selectFrom('event_responses')
      .select(['event_id', 'response'])
      .where('user_id', '=', leaver.user.id)
      .execute();
    expect(rows).toEqual([{ event_id: past._id, response: 'maybe' }]);
    // A former member's answer is not shown.
    expect((await eventAs(owner, past._id)).responseMembers).toBeUndefined();
    t.clock.advance(-3 * HOUR);
  });
});
