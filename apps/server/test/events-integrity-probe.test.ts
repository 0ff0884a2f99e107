import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { attend, createEvent, HOUR, iso } from './events-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Events, answers, waitlists, attendance and reminders from the outside: who may act on what,
// what survives edits of an event, odd input and bursts. On SQLite, or PostgreSQL with TEST_DATABASE_URL.

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let other: TestUser;
let stranger: TestUser;
let groupA: string;
let groupB: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  admin = await createUser(t.app);
  member = await createUser(t.app);
  other = await createUser(t.app);
  stranger = await createUser(t.app);
  const a = await createGroup(t.app, owner, { groupName: 'Group A' });
  groupA = a._id;
  for (const user of [admin, member, other]) await join(t.app, a, user);
  await setRole(t.app, groupA, owner, admin, 'Administrator');
  const b = await createGroup(t.app, stranger, { groupName: 'Group B' });
  groupB = b._id;
}, 60_000);
afterAll(() => t?.close());

const post = (as: TestUser, url: string, payload: object) => call(t.app, url, { method: 'POST', as, payload });
const respond = (as: TestUser, eventID: string, response: string) => post(as, '/api/events/respondToEvent', { eventID, response });
const edit = (as: TestUser, event: EventDto, fields: object = {}, scope?: 'this' | 'series') =>
  post(as, `/api/events/updateEvent?eventID=${event._id}`, {
    userID: as.user.id,
    eventName: event.eventName,
    startDate: event.startDate,
    endDate: event.endDate,
    ...(scope ? { scope } : {}),
    ...fields,
  });
const eventRow = (id: string) => t.database.db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
const seats = async (id: string) =>
  (await t.database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', id).execute()).map((r) => r.user_id).sort();
const line = async (id: string) =>
  (await t.database.db.selectFrom('event_waitlist').select('user_id').where('event_id', '=', id).orderBy('joined_at').execute()).map(
    (r) => r.user_id,
  );
const answers = async (id: string) =>
  (await t.database.db.selectFrom('event_responses').select(['user_id', 'response']).where('event_id', '=', id).execute())
    .map((r) => `${r.user_id}:${r.response}`)
    .sort();
const everything = async (id: string) => ({
  row: await eventRow(id),
  seats: await seats(id),
  line: await line(id),
  answers: await answers(id),
});

describe('a member of another group', () => {
  it('cannot see, edit, delete, answer, wait for, mark, remind or cancel an event of group A, and nothing changes', async () => {
    const event = await createEvent(t.app, owner, groupA, t.clock.now(), { maxNumberOfMembers: 1 });
    expect((await attend(t.app, member, event._id)).status).toBe(200);
    expect((await respond(other, event._id, 'maybe')).status).toBe(200);
    const before = await everything(event._id);

    const tries = [
      await call(t.app, `/api/events/getEvents?groupID=${groupA}`, { as: stranger }),
      await edit(stranger, event, { eventName: 'Mine now' }),
      await edit(stranger, event, { groupID: groupB, eventName: 'Moved' }),
      await post(stranger, `/api/events/deleteEvent?eventID=${event._id}&scope=series`, {}),
      await attend(t.app, stranger, event._id),
      await post(stranger, '/api/events/unattendEvent', { eventID: event._id, userID: member.user.id }),
      await post(stranger, '/api/events/unattendEvent', { eventID: event._id, userID: stranger.user.id }),
      await respond(stranger, event._id, 'attending'),
      await post(stranger, '/api/events/joinWaitlist', { eventID: event._id, userID: stranger.user.id }),
      await post(stranger, '/api/events/leaveWaitlist', { eventID: event._id, userID: stranger.user.id }),
      await call(t.app, `/api/events/getEventAttendance?eventID=${event._id}`, { as: stranger }),
      await post(stranger, '/api/events/markEventAttendance', { eventID: event._id, userID: member.user.id, attended: false }),
      await call(t.app, `/api/events/getAttendanceRates?groupID=${groupA}`, { as: stranger }),
      await call(t.app, `/api/events/getEventNudge?eventID=${event._id}`, { as: stranger }),
      await post(stranger, '/api/events/remindEventMembers', { eventID: event._id }),
      await post(stranger, '/api/events/cancelEvent', { eventID: event._id }),
      await call(t.app, `/api/events/${event._id}.ics`, { as: stranger }),
    ];
    for (const res of tries) {
      expect([403, 404]).toContain(res.status);
      // A private group's events do not exist to outsiders: nothing of it leaks in the refusal.
      expect(JSON.stringify(res.body)).not.toContain(event.eventName);
      expect(JSON.stringify(res.body)).not.toContain(member.user.username);
    }
    expect(await everything(event._id)).toEqual(before);
    expect(t.mailer.sent.filter((m) => m.to === member.user.email && /remind|cancel/i.test(m.subject))).toHaveLength(0);
  });

  it("cannot plant an event in group A through its own group's id, nor answer for a member of group A", async () => {
    const planted = await post(stranger, '/api/events/postEvent', {
      groupID: groupA,
      userID: stranger.user.id,
      eventName: 'Planted',
      startDate: iso(t.clock.now() + 24 * HOUR),
      endDate: iso(t.clock.now() + 25 * HOUR),
    });
    expect([403, 404]).toContain(planted.status);
    const asMember = await post(stranger, '/api/events/postEvent', {
      groupID: groupB,
      userID: member.user.id,
      eventName: 'In your name',
      startDate: iso(t.clock.now() + 24 * HOUR),
      endDate: iso(t.clock.now() + 25 * HOUR),
    });
    expect(asMember.status).toBe(403);
    const names = (await t.database.db.selectFrom('events').select('event_name').execute()).map((r) => r.event_name);
    expect(names).not.toContain('Planted');
    expect(names).not.toContain('In your name');
  });

  it("cannot read or change a group A member's availability", async () => {
    const path = `/api/civilization/postPlayerAvailability/${groupA}/${member.user.id}`;
    const asStranger = await post(stranger, path, { day: 'Saturday', time: 'Evening', available: true });
    expect([400, 403, 404]).toContain(asStranger.status);
    const wrongUser = await post(stranger, `/api/civilization/postPlayerAvailability/${groupB}/${member.user.id}`, {
      day: 'Saturday',
      time: 'Evening',
      available: true,
    });
    expect([400, 403, 404]).toContain(wrongUser.status);
    const read = await call(t.app, `/api/civilization/getGroupAvailability?groupID=${groupA}`, { as: stranger });
    expect([403, 404]).toContain(read.status);
  });
});

describe('a plain member of the same group', () => {
  it("cannot edit, delete, cancel, mark, remind on another's event nor answer for another member", async () => {
    const event = await createEvent(t.app, owner, groupA, t.clock.now(), { maxNumberOfMembers: 2 });
    expect((await attend(t.app, other, event._id)).status).toBe(200);
    const before = await everything(event._id);
    const refusals = [
      await edit(member, event, { eventName: 'Hijacked' }),
      await post(member, `/api/events/updateEvent?eventID=${event._id}`, {
        userID: owner.user.id,
        eventName: 'Hijacked',
        startDate: event.startDate,
        endDate: event.endDate,
      }),
      await post(member, `/api/events/deleteEvent?eventID=${event._id}`, {}),
      await post(member, '/api/events/cancelEvent', { eventID: event._id }),
      await post(member, '/api/events/remindEventMembers', { eventID: event._id }),
      await call(t.app, `/api/events/getEventNudge?eventID=${event._id}`, { as: member }),
      await call(t.app, `/api/events/getEventAttendance?eventID=${event._id}`, { as: member }),
      await call(t.app, `/api/events/getAttendanceRates?groupID=${groupA}`, { as: member }),
      await post(member, '/api/events/unattendEvent', { eventID: event._id, userID: other.user.id }),
      await post(member, '/api/events/attendEvent', { eventID: event._id, userID: other.user.id }),
      await post(member, '/api/events/joinWaitlist', { eventID: event._id, userID: other.user.id }),
      await post(member, '/api/events/leaveWaitlist', { eventID: event._id, userID: other.user.id }),
      await post(member, `/api/civilization/postPlayerAvailability/${groupA}/${other.user.id}`, {
        day: 'Saturday',
        time: 'Evening',
        available: true,
      }),
    ];
    for (const res of refusals) expect([400, 403]).toContain(res.status);
    expect(await everything(event._id)).toEqual(before);

    // Not even the attendance of an event that has ended.
    t.clock.advance(30 * HOUR);
    const mark = await post(member, '/api/events/markEventAttendance', { eventID: event._id, userID: other.user.id, attended: false });
    expect(mark.status).toBe(403);
    expect(await t.database.db.selectFrom('event_attendance').selectAll().where('event_id', '=', event._id).execute()).toEqual([]);
  });

  it("other members' e-mail addresses are never in the event they read", async () => {
    const event = await createEvent(t.app, owner, groupA, t.clock.now());
    await attend(t.app, other, event._id);
    await attend(t.app, admin, event._id);
    const events = (await call(t.app, `/api/events/getEvents?groupID=${groupA}`, { as: member })).body as EventDto[];
    const text = JSON.stringify(events);
    for (const user of [owner, admin, other]) expect(text).not.toContain(user.user.email);
  });
});

describe('a member who was kicked', () => {
  it('can no longer act through the ids they kept', async () => {
    const kicked = await createUser(t.app);
    const group = await createGroup(t.app, owner, { groupName: 'Kicks' });
    await join(t.app, group, kicked);
    const own = await createEvent(t.app, kicked, group._id, t.clock.now(), { maxNumberOfMembers: 1 });
    const others = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 1 });
    await attend(t.app, admin, own._id).catch(() => undefined);
    expect((await post(owner, '/api/groups/kickMember', { groupID: group._id, userID: kicked.user.id })).status).toBe(200);
    const before = [await everything(own._id), await everything(others._id)];

    const tries = [
      await edit(kicked, own, { eventName: 'Still mine' }),
      await post(kicked, `/api/events/deleteEvent?eventID=${own._id}`, {}),
      await post(kicked, '/api/events/cancelEvent', { eventID: own._id }),
      await post(kicked, '/api/events/remindEventMembers', { eventID: own._id }),
      await attend(t.app, kicked, others._id),
      await respond(kicked, others._id, 'can_sub'),
      await post(kicked, '/api/events/joinWaitlist', { eventID: others._id, userID: kicked.user.id }),
    ];
    for (const res of tries) expect([403, 404]).toContain(res.status);
    expect([await everything(own._id), await everything(others._id)]).toEqual(before);
  });
});

describe('records survive edits of the event', () => {
  it('lowering the seats below those signed up is refused and keeps every seat, place and answer', async () => {
    const event = await createEvent(t.app, owner, groupA, t.clock.now(), { maxNumberOfMembers: 2 });
    await attend(t.app, member, event._id);
    await attend(t.app, other, event._id);
    expect((await respond(admin, event._id, 'attending')).status).toBe(200); // full: waits
    expect((await respond(owner, event._id, 'can_sub')).status).toBe(200);
    const before = await everything(event._id);
    expect(before.line).toEqual([admin.user.id]);

    const lowered = await edit(owner, event, { maxNumberOfMembers: 1 });
    expect(lowered.status).toBe(409);
    expect(lowered.body.fields?.maxNumberOfMembers).toBeTruthy();
    expect(await everything(event._id)).toEqual(before);

    // A new time, a new name, a description: the people stay.
    const moved = await edit(owner, event, {
      eventName: 'Moved night',
      startDate: iso(Date.parse(event.startDate) + 2 * HOUR),
      endDate: iso(Date.parse(event.endDate) + 2 * HOUR),
      description: 'New time',
    });
    expect(moved.status).toBe(200);
    const after = await everything(event._id);
    expect([after.seats, after.line, after.answers]).toEqual([before.seats, before.line, before.answers]);

    // Raising the seats gives the new one to the first in line.
    expect((await edit(owner, moved.body as EventDto, { maxNumberOfMembers: 3 })).status).toBe(200);
    expect(await seats(event._id)).toEqual([member.user.id, other.user.id, admin.user.id].sort());
    expect(await line(event._id)).toEqual([]);
  });

  it('a series edit lowering the seats below a later week\u2019s sign-ups is refused for every week', async () => {
    const start = t.clock.now() + 24 * HOUR;
    const created = await post(owner, '/api/events/postEvent', {
      groupID: groupA,
      userID: owner.user.id,
      eventName: 'Weekly',
      startDate: iso(start),
      endDate: iso(start + 2 * HOUR),
      maxNumberOfMembers: 3,
      repeatCount: 3,
      timeZone: 'Europe/Berlin',
    });
    expect(created.status).toBe(200);
    const weeks = (await t.database.db
      .selectFrom('events')
      .selectAll()
      .where('series_id', '=', created.body.seriesID)
      .orderBy('start_at')
      .execute()) as { id: string }[];
    expect(weeks).toHaveLength(3);
    for (const user of [member, other, admin]) expect((await attend(t.app, user, weeks[2]!.id)).status).toBe(200);
    const before = await Promise.all(weeks.map((w) => everything(w.id)));

    const lowered = await edit(owner, created.body as EventDto, { maxNumberOfMembers: 2 }, 'series');
    expect(lowered.status).toBe(409);
    expect(await Promise.all(weeks.map((w) => everything(w.id)))).toEqual(before);

    // Moving the whole series by an hour keeps each week's sign-ups on that week.
    const moved = await edit(
      owner,
      created.body as EventDto,
      { startDate: iso(start + HOUR), endDate: iso(start + 3 * HOUR), eventName: 'Weekly, later' },
      'series',
    );
    expect(moved.status).toBe(200);
    expect(await seats(weeks[2]!.id)).toEqual([member.user.id, other.user.id, admin.user.id].sort());
    const rows = await Promise.all(weeks.map((w) => eventRow(w.id)));
    expect(rows.map((r) => Number(r!.start_at) - Number(before[weeks.indexOf(weeks.find((w) => w.id === r!.id)!)]!.row!.start_at))).toEqual(
      [HOUR, HOUR, HOUR],
    );
  });

  it('editing or deleting "all events in the series" leaves the weeks that have started, their sign-ups and marks', async () => {
    const start = t.clock.now() + HOUR;
    const created = await post(owner, '/api/events/postEvent', {
      groupID: groupA,
      userID: owner.user.id,
      eventName: 'Weekly kept',
      startDate: iso(start),
      endDate: iso(start + HOUR),
      repeatCount: 4,
      timeZone: 'America/New_York',
    });
    expect(created.status).toBe(200);
    const weeks = await t.database.db
      .selectFrom('events')
      .select(['id', 'start_at'])
      .where('series_id', '=', created.body.seriesID)
      .orderBy('start_at')
      .execute();
    for (const week of weeks) expect((await attend(t.app, member, week.id)).status).toBe(200);
    t.clock.advance(3 * HOUR);
    const first = weeks[0]!.id;
    const marked = await post(owner, '/api/events/markEventAttendance', { eventID: first, userID: member.user.id, attended: true });
    expect(marked.status).toBe(200);
    const firstBefore = await everything(first);

    const second = (await call(t.app, `/api/events/getEvents?groupID=${groupA}`, { as: owner })).body.find(
      (e: EventDto) => e._id === weeks[1]!.id,
    ) as EventDto;
    const edited = await edit(owner, second, { eventName: 'Weekly renamed' }, 'series');
    expect(edited.status).toBe(200);
    expect(await everything(first)).toEqual(firstBefore);
    for (const week of weeks.slice(1)) expect((await eventRow(week.id))!.event_name).toBe('Weekly renamed');

    expect((await post(owner, `/api/events/deleteEvent?eventID=${weeks[2]!.id}&scope=series`, {})).status).toBe(200);
    expect(await everything(first)).toEqual(firstBefore);
    const marks = await call(t.app, `/api/events/getEventAttendance?eventID=${first}`, { as: owner });
    expect(marks.body.marks).toHaveLength(1);
    // Every occurrence still to come goes with "all events in the series", the one named and those around it.
    for (const week of weeks.slice(1)) expect(await eventRow(week.id)).toBeUndefined();
  });

  it('cancelling keeps the sign-ups, answers and line; answering a cancelled event is refused', async () => {
    const event = await createEvent(t.app, owner, groupA, t.clock.now(), { maxNumberOfMembers: 1 });
    await attend(t.app, member, event._id);
    await respond(other, event._id, 'attending');
    await respond(admin, event._id, 'not_coming');
    const before = await everything(event._id);
    expect((await post(owner, '/api/events/cancelEvent', { eventID: event._id })).status).toBe(200);
    const after = await everything(event._id);
    expect([after.seats, after.line, after.answers]).toEqual([before.seats, before.line, before.answers]);
    expect(after.row!.cancelled_at).not.toBeNull();
    for (const res of [
      await attend(t.app, owner, event._id),
      await post(member, '/api/events/unattendEvent', { eventID: event._id, userID: member.user.id }),
      await respond(member, event._id, 'maybe'),
      await post(owner, '/api/events/cancelEvent', { eventID: event._id }),
    ])
      expect(res.status).toBe(409);
    expect(await everything(event._id)).toEqual(after);
  });

  it("deleting an ended event keeps the attendance marks its members' rates are made of", async () => {
    const group = await createGroup(t.app, owner, { groupName: 'Rates kept' });
    const player = await createUser(t.app);
    await join(t.app, group, player);
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { startIn: HOUR, length: HOUR });
    expect((await attend(t.app, player, event._id)).status).toBe(200);
    t.clock.advance(3 * HOUR);
    expect(
      (await post(owner, '/api/events/markEventAttendance', { eventID: event._id, userID: player.user.id, attended: false })).status,
    ).toBe(200);
    const rates = await call(t.app, `/api/events/getAttendanceRates?groupID=${group._id}`, { as: owner });
    expect((await post(owner, `/api/events/deleteEvent?eventID=${event._id}`, {})).status).toBe(200);
    expect((await call(t.app, `/api/events/getAttendanceRates?groupID=${group._id}`, { as: owner })).body).toEqual(rates.body);
  });

  it('attendance marks stay when the member leaves and comes back', async () => {
    const group = await createGroup(t.app, owner, { groupName: 'Marks' });
    const leaver = await createUser(t.app);
    await join(t.app, group, leaver);
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { startIn: HOUR, length: HOUR });
    expect((await attend(t.app, leaver, event._id)).status).toBe(200);
    t.clock.advance(3 * HOUR);
    expect(
      (await post(owner, '/api/events/markEventAttendance', { eventID: event._id, userID: leaver.user.id, attended: true })).status,
    ).toBe(200);
    expect((await post(leaver, '/api/groups/leaveGroup', { groupID: group._id, userID: leaver.user.id })).status).toBe(200);
    await join(t.app, group, leaver);
    const marks = await call(t.app, `/api/events/getEventAttendance?eventID=${event._id}`, { as: owner });
    expect(marks.body.marks.map((m: { userID: string; attended: boolean }) => [m.userID, m.attended])).toEqual([[leaver.user.id, true]]);
    const rates = await call(t.app, `/api/events/getAttendanceRates?groupID=${group._id}`, { as: owner });
    expect(rates.body).toEqual([{ userID: leaver.user.id, attended: 1, marked: 1, rate: 1 }]);
  });
});

describe('leaving the group takes only what is still to come', () => {
  it.each(['leaves', 'is kicked'])(
    'a member who %s keeps their seat on an event that has ended, and can be marked after rejoining',
    async (how) => {
      const group = await createGroup(t.app, owner, { groupName: `Past seats ${how}` });
      const leaver = await createUser(t.app);
      await join(t.app, group, leaver);
      await join(t.app, group, member);
      const past = await createEvent(t.app, owner, group._id, t.clock.now(), { startIn: HOUR, length: HOUR, maxNumberOfMembers: 2 });
      const waited = await createEvent(t.app, owner, group._id, t.clock.now(), { startIn: HOUR, length: HOUR, maxNumberOfMembers: 1 });
      const coming = await createEvent(t.app, owner, group._id, t.clock.now(), { startIn: 48 * HOUR, maxNumberOfMembers: 1 });
      expect((await attend(t.app, leaver, past._id)).status).toBe(200);
      expect((await attend(t.app, member, waited._id)).status).toBe(200);
      expect((await respond(leaver, waited._id, 'attending')).status).toBe(200);
      expect(await line(waited._id)).toEqual([leaver.user.id]);
      expect((await attend(t.app, leaver, coming._id)).status).toBe(200);
      expect((await respond(member, coming._id, 'attending')).status).toBe(200);
      t.clock.advance(3 * HOUR);

      const out =
        how === 'leaves'
          ? await post(leaver, '/api/groups/leaveGroup', { groupID: group._id, userID: leaver.user.id })
          : await post(owner, '/api/groups/kickMember', { groupID: group._id, userID: leaver.user.id });
      expect(out.status).toBe(200);
      // The ended event's sign-up and place in line stay on record; the coming event's seat goes to the first in line.
      expect(await seats(past._id)).toEqual([leaver.user.id]);
      expect(await line(waited._id)).toEqual([leaver.user.id]);
      expect(await seats(coming._id)).toEqual([member.user.id]);
      // While away they are listed nowhere.
      const listed = JSON.stringify((await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: owner })).body);
      expect(listed).not.toContain(leaver.user.id);

      await join(t.app, group, leaver);
      expect(await seats(past._id)).toEqual([leaver.user.id]);
      expect(await seats(coming._id)).toEqual([member.user.id]);
      const mark = await post(owner, '/api/events/markEventAttendance', { eventID: past._id, userID: leaver.user.id, attended: false });
      expect(mark.status).toBe(200);
      const marked = await post(owner, '/api/events/markEventAttendance', { eventID: waited._id, userID: leaver.user.id, attended: true });
      expect(marked.status).toBe(200);
    },
  );
});

describe('odd input is a 400 with the field named, never a 500', () => {
  const base = () => ({
    groupID: groupA,
    userID: owner.user.id,
    eventName: 'Odd',
    startDate: iso(t.clock.now() + 24 * HOUR),
    endDate: iso(t.clock.now() + 26 * HOUR),
  });
  it.each([
    ['maxNumberOfMembers', { maxNumberOfMembers: 1e12 }],
    ['maxNumberOfMembers', { maxNumberOfMembers: -1 }],
    ['maxNumberOfMembers', { maxNumberOfMembers: 2.5 }],
    ['maxNumberOfMembers', { maxNumberOfMembers: 'NaN' }],
    ['maxNumberOfMembers', { maxNumberOfMembers: 0 }],
    ['eventName', { eventName: 'x'.repeat(10_000) }],
    ['eventName', { eventName: '   ' }],
    ['description', { description: 'y'.repeat(50_000) }],
    ['timeZone', { timeZone: 'Mars/Olympus_Mons', repeatCount: 2 }],
    ['timeZone', { timeZone: 'x'.repeat(5000), repeatCount: 2 }],
    ['repeatCount', { repeatCount: 100_000 }],
    ['repeatCount', { repeatCount: -3 }],
    ['startDate', { startDate: 'not a date' }],
    ['startDate', { startDate: '+275760-09-13T00:00:00.000Z' }],
    ['startDate', { startDate: iso(Date.UTC(3500, 0, 1)) }],
    ['endDate', { endDate: iso(Date.now() - 365 * 24 * HOUR) }],
    ['signupCutoffMinutes', { signupCutoffMinutes: Number.MAX_SAFE_INTEGER }],
    ['minPlayers', { minPlayers: -5 }],
  ])('postEvent with a bad %s', async (field, fields) => {
    const res = await post(owner, '/api/events/postEvent', { ...base(), ...fields });
    expect(res.status).toBe(400);
    expect(res.body.fields?.[field]).toBeTruthy();
  });

  it('ids that are not ids, and thousands of them, are refused with 400', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => `id${i}`);
    for (const res of [
      await post(owner, '/api/events/attendEvent', { eventID: many, userID: owner.user.id }),
      await post(owner, '/api/events/respondToEvent', { eventID: 'x'.repeat(5000), response: 'attending' }),
      await post(owner, '/api/events/respondToEvent', { eventID: '1', response: 'yes please' }),
      await post(owner, '/api/events/markEventAttendance', { eventID: '1', userID: many, attended: 'maybe' }),
      await post(owner, '/api/events/remindEventMembers', { eventID: { $ne: null } }),
      await call(t.app, `/api/events/getEventNudge?eventID=${'z'.repeat(3000)}`, { as: owner }),
      await post(owner, `/api/events/deleteEvent?eventID=1&scope=everything`, {}),
    ])
      expect(res.status).toBe(400);
    const ics = await call(t.app, `/api/events/${'a'.repeat(200)}.ics`, { as: owner }).catch(() => ({ status: 400 }));
    expect([400, 404, 414]).toContain(ics.status);
  });
});

describe('weekly series across daylight saving keep their wall-clock time', () => {
  const localTime = (ms: number, timeZone: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  const series = async (timeZone: string, firstStart: number, count: number) => {
    const res = await post(owner, '/api/events/postEvent', {
      groupID: groupA,
      userID: owner.user.id,
      eventName: `Weekly in ${timeZone}`,
      startDate: iso(firstStart),
      endDate: iso(firstStart + 2 * HOUR),
      repeatCount: count,
      timeZone,
    });
    expect(res.status).toBe(200);
    const rows = await t.database.db
      .selectFrom('events')
      .select(['start_at', 'end_at'])
      .where('series_id', '=', res.body.seriesID)
      .orderBy('start_at')
      .execute();
    return rows.map((r) => ({ start: Number(r.start_at), end: Number(r.end_at) }));
  };

  it.each([
    // 20:00 London across the end of summer time (31 October 2027) and the start (26 March 2028).
    ['Europe/London', Date.UTC(2027, 9, 22, 19), 3, '20:00'],
    ['Europe/London', Date.UTC(2028, 2, 17, 20), 3, '20:00'],
    ['America/New_York', Date.UTC(2027, 2, 6, 1), 3, '20:00'],
    ['America/New_York', Date.UTC(2027, 9, 30, 0), 3, '20:00'],
    // Lord Howe moves by half an hour (3 April 2027 back, 3 October 2027 forward).
    ['Australia/Lord_Howe', Date.UTC(2027, 2, 27, 9), 3, '20:00'],
    ['Australia/Lord_Howe', Date.UTC(2027, 8, 25, 9, 30), 3, '20:00'],
    // Kathmandu: +05:45 all year.
    ['Asia/Kathmandu', Date.UTC(2027, 2, 1, 14, 15), 4, '20:00'],
  ])('%s from %s', async (timeZone, first, count, wallClock) => {
    expect(localTime(first, timeZone)).toBe(wallClock);
    const weeks = await series(timeZone, first, count);
    expect(weeks).toHaveLength(count);
    for (const week of weeks) {
      expect(localTime(week.start, timeZone)).toBe(wallClock);
      expect(week.end - week.start).toBe(2 * HOUR);
    }
    for (let i = 1; i < weeks.length; i += 1) {
      const gap = weeks[i]!.start - weeks[i - 1]!.start;
      expect(Math.abs(gap - 7 * 24 * HOUR)).toBeLessThanOrEqual(HOUR);
    }
  });

  it('a start in the hour that does not exist, or that happens twice, still gives one event a week, in order', async () => {
    // New York skips 02:00-03:00 on 14 March 2027; London repeats 01:00-02:00 on 31 October 2027.
    for (const [timeZone, first] of [
      ['America/New_York', Date.UTC(2027, 2, 7, 7, 30)],
      ['Europe/London', Date.UTC(2027, 9, 24, 0, 30)],
      ['Australia/Lord_Howe', Date.UTC(2027, 8, 25, 15, 45)],
    ] as const) {
      const weeks = await series(timeZone, first, 3);
      expect(weeks).toHaveLength(3);
      for (let i = 1; i < weeks.length; i += 1) {
        const gap = weeks[i]!.start - weeks[i - 1]!.start;
        expect(gap).toBeGreaterThan(6 * 24 * HOUR);
        expect(gap).toBeLessThan(8 * 24 * HOUR);
      }
    }
  });
});

describe('the same request twice at once', () => {
  it('two members racing for the last seat: exactly one is seated, the other told it is full', async () => {
    for (let round = 0; round < 5; round += 1) {
      const event = await createEvent(t.app, owner, groupA, t.clock.now(), { maxNumberOfMembers: 2 });
      await attend(t.app, admin, event._id);
      const [a, b] = await Promise.all([respond(member, event._id, 'attending'), attend(t.app, other, event._id)]);
      expect(await seats(event._id)).toHaveLength(2);
      const seatedOther = (await seats(event._id)).includes(other.user.id);
      expect(b.status).toBe(seatedOther ? 200 : 409);
      expect(a.status).toBe(200);
      // Whoever lost the seat through respondToEvent waits in line; through attendEvent, holds nothing.
      expect(await line(event._id)).toEqual(seatedOther ? [member.user.id] : []);
    }
  });

  it('the same member attending twice at once holds one seat', async () => {
    const event = await createEvent(t.app, owner, groupA, t.clock.now(), { maxNumberOfMembers: 3 });
    const results = await Promise.all([
      attend(t.app, member, event._id),
      attend(t.app, member, event._id),
      respond(member, event._id, 'late'),
    ]);
    for (const res of results) expect(res.status).toBe(200);
    expect(await seats(event._id)).toEqual([member.user.id]);
  });
});

describe('bursts are bounded', () => {
  it('editing an event over and over is a 429 with Retry-After before it floods the members with mail', async () => {
    const group = await createGroup(t.app, owner, { groupName: 'Edits' });
    const reader = await createUser(t.app);
    await join(t.app, group, reader);
    const event = await createEvent(t.app, owner, group._id, t.clock.now());
    const mailsTo = () =>
      t.database.db
        .selectFrom('event_mail_outbox')
        .select('id')
        .where('event_id', '=', event._id)
        .where('user_id', '=', reader.user.id)
        .where('kind', '=', 'updated')
        .execute();
    let refused: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    let accepted = 0;
    for (let i = 0; i < 200 && !refused; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/updateEvent?eventID=${event._id}`,
        headers: { authorization: owner.token },
        payload: { userID: owner.user.id, eventName: `Rename ${i}`, startDate: event.startDate, endDate: event.endDate },
      });
      if (res.statusCode === 200) accepted += 1;
      else refused = res;
    }
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(60);
    expect((await mailsTo()).length).toBeLessThanOrEqual(60);
    // Another member's edits of their own events are not held back, and the hour passes.
    const theirs = await createEvent(t.app, reader, group._id, t.clock.now());
    expect((await edit(reader, theirs, { eventName: 'Fine' })).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await edit(owner, event, { eventName: 'Next hour' })).status).toBe(200);
  });

  it('a second reminder of the same event the same day is a 429 with Retry-After, and mails nobody', async () => {
    const event = await createEvent(t.app, owner, groupA, t.clock.now(), { startIn: 72 * HOUR });
    expect((await post(owner, '/api/events/remindEventMembers', { eventID: event._id })).status).toBe(200);
    const mailsBefore = await t.database.db.selectFrom('event_mail_outbox').select('id').where('event_id', '=', event._id).execute();
    for (const as of [owner, admin]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/events/remindEventMembers',
        headers: { authorization: as.token },
        payload: { eventID: event._id },
      });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const mailsAfter = await t.database.db.selectFrom('event_mail_outbox').select('id').where('event_id', '=', event._id).execute();
    expect(mailsAfter).toHaveLength(mailsBefore.length);
  });
});
