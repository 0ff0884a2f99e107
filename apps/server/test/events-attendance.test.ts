import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDANCE_CANCELLED_MESSAGE,
  ATTENDANCE_NOT_SIGNED_UP_MESSAGE,
  ATTENDANCE_SAID_NOT_COMING_MESSAGE,
} from '@smm/shared/events/messages';
import type { AttendanceRateDto, EventAttendanceResponse } from '@smm/shared/events/schemas';
import { attend, createEvent, HOUR } from './events-fixtures';
import { call, createCast, groupWithCast, join, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Who came to an event, and each member's attendance rate, through the real app and database
// (SQLite, or PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
let cast: Cast;
let creator: TestUser;
let groupID: string;

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  const group = await groupWithCast(t.app, cast, true);
  groupID = group._id;
  creator = await createUser(t.app);
  await join(t.app, group, creator);
});
afterAll(() => t.close());

const mark = (as: TestUser, eventID: string, userID: string, attended: unknown) =>
  call(t.app, '/api/events/markEventAttendance', { method: 'POST', as, payload: { eventID, userID, attended } });
const rates = (as: TestUser) => call(t.app, `/api/events/getAttendanceRates?groupID=${groupID}`, { as });
const rateOf = (body: AttendanceRateDto[], user: TestUser) => body.find((r) => r.userID === user.user.id);

/** An event by `creator` that the member and the Administrator attend, ended by moving the clock past it. */
async function endedEvent() {
  const event = await createEvent(t.app, creator, groupID, t.clock.now(), { startIn: HOUR, length: HOUR });
  for (const user of [cast.member, cast.admin]) expect((await attend(t.app, user, event._id)).status).toBe(200);
  return event;
}

describe('marking who came', () => {
  it('is refused before the end with a clear 400, then taken from the creator and Administrators, not from members', async () => {
    const event = await endedEvent();
    const early = await mark(creator, event._id, cast.member.user.id, true);
    expect(early).toMatchObject({ status: 400, body: { message: 'Attendance can be marked once the event has ended' } });

    t.clock.advance(3 * HOUR);
    const byMember = await mark(cast.member, event._id, cast.admin.user.id, false);
    expect(byMember).toMatchObject({
      status: 403,
      body: { message: 'Only the creator of this event or an Administrator can mark who came' },
    });
    expect((await mark(cast.outsider, event._id, cast.member.user.id, true)).status).toBe(404);
    expect((await call(t.app, `/api/events/getEventAttendance?eventID=${event._id}`, { as: cast.member })).status).toBe(403);

    const byCreator = await mark(creator, event._id, cast.member.user.id, true);
    expect(byCreator.status).toBe(200);
    const byAdmin = await mark(cast.admin, event._id, cast.admin.user.id, false);
    expect(byAdmin.status).toBe(200);
    const marks = (byAdmin.body as EventAttendanceResponse).marks.map((m) => [m.userID, m.attended, m.markedBy]);
    expect(marks.sort()).toEqual(
      [
        [cast.member.user.id, true, creator.user.id],
        [cast.admin.user.id, false, cast.admin.user.id],
      ].sort(),
    );
    // A second mark replaces the first.
    expect((await mark(cast.owner, event._id, cast.admin.user.id, true)).status).toBe(200);
    const read = await call(t.app, `/api/events/getEventAttendance?eventID=${event._id}`, { as: creator });
    expect(read.status).toBe(200);
    expect((read.body as EventAttendanceResponse).marks.find((m) => m.userID === cast.admin.user.id)).toMatchObject({
      attended: true,
      markedBy: cast.owner.user.id,
    });
  });

  it('refuses bad input per field and people who are not members', async () => {
    const event = await endedEvent();
    t.clock.advance(3 * HOUR);
    const bad = await mark(creator, event._id, cast.member.user.id, 'yes');
    expect(bad.status).toBe(400);
    expect(bad.body.fields.attended).toBe('Attended must be true or false');
    const stranger = await mark(creator, event._id, cast.outsider.user.id, true);
    expect(stranger).toMatchObject({ status: 400, body: { fields: { userID: 'That person is not a member of this group' } } });
    expect((await mark(creator, 'no-such-event', cast.member.user.id, true)).status).toBe(404);
  });

  it('takes marks only for members who took a seat, waited for one or answered, and none on a cancelled event', async () => {
    // A fresh group, so no rate of the tests above is touched; the event is a plain member's.
    const local = await createCast(t.app);
    const group = await groupWithCast(t.app, local, false);
    const [organiser, waiting, answered, silent] = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
    for (const user of [organiser!, waiting!, answered!, silent!]) await join(t.app, group, user);
    const respond = (as: TestUser, eventID: string, response: string) =>
      call(t.app, '/api/events/respondToEvent', { method: 'POST', as, payload: { eventID, response } });

    const event = await createEvent(t.app, organiser!, group._id, t.clock.now(), {
      startIn: HOUR,
      length: 60 * 1000,
      maxNumberOfMembers: 1,
    });
    expect((await attend(t.app, local.member, event._id)).status).toBe(200);
    expect((await respond(waiting!, event._id, 'attending')).status).toBe(200);
    expect((await respond(answered!, event._id, 'not_coming')).status).toBe(200);
    const called = await createEvent(t.app, organiser!, group._id, t.clock.now(), { startIn: HOUR, length: HOUR });
    expect((await attend(t.app, local.member, called._id)).status).toBe(200);
    expect(
      (await call(t.app, '/api/events/cancelEvent', { method: 'POST', as: organiser!, payload: { eventID: called._id } })).status,
    ).toBe(200);
    t.clock.advance(3 * HOUR);

    // Nobody can be marked a no-show for an event they never joined, not by its creator nor by an Administrator.
    for (const [by, user] of [
      [organiser!, silent!],
      [organiser!, local.admin],
      [local.owner, silent!],
    ] as const) {
      const refused = await mark(by, event._id, user.user.id, false);
      expect(refused).toMatchObject({ status: 400, body: { fields: { userID: ATTENDANCE_NOT_SIGNED_UP_MESSAGE } } });
    }
    for (const user of [local.member, waiting!]) expect((await mark(organiser!, event._id, user.user.id, false)).status).toBe(200);
    // Who answered Not coming told the group: never a no-show, though they may still have come.
    const saidNo = await mark(organiser!, event._id, answered!.user.id, false);
    expect(saidNo).toMatchObject({ status: 400, body: { fields: { userID: ATTENDANCE_SAID_NOT_COMING_MESSAGE } } });
    expect((await mark(organiser!, event._id, answered!.user.id, true)).status).toBe(200);
    // Marked once, they can be marked again.
    expect((await mark(local.owner, event._id, local.member.user.id, true)).status).toBe(200);

    const onCancelled = await mark(organiser!, called._id, local.member.user.id, false);
    expect(onCancelled).toMatchObject({ status: 409, body: { message: ATTENDANCE_CANCELLED_MESSAGE } });

    const seen = (await call(t.app, `/api/events/getAttendanceRates?groupID=${group._id}`, { as: local.owner }))
      .body as AttendanceRateDto[];
    expect(rateOf(seen, silent!)).toBeUndefined();
    expect(rateOf(seen, local.admin)).toBeUndefined();
    expect(rateOf(seen, local.member)).toMatchObject({ attended: 1, marked: 1 });
    expect(rateOf(seen, answered!)).toMatchObject({ attended: 1, marked: 1 });

    // A no-show recorded for them before such marks were refused does not count against them.
    await t.database.db
      .updateTable('event_attendance')
      .set({ attended: 0 })
      .where('event_id', '=', event._id)
      .where('user_id', '=', answered!.user.id)
      .execute();
    const again = (await call(t.app, `/api/events/getAttendanceRates?groupID=${group._id}`, { as: local.owner }))
      .body as AttendanceRateDto[];
    expect(rateOf(again, answered!)).toBeUndefined();
    expect(rateOf(again, waiting!)).toMatchObject({ attended: 0, marked: 1 });
  });
});

describe('attendance rate', () => {
  it("is came / marked over the group's events, shown only to Administrators, and kept when an event is deleted", async () => {
    // A fresh group, so the counts are this test's own.
    const local = await createCast(t.app);
    const group = await groupWithCast(t.app, local, false);
    const events = [];
    for (let i = 0; i < 4; i += 1) {
      const event = await createEvent(t.app, local.owner, group._id, t.clock.now(), { startIn: HOUR, length: HOUR });
      await attend(t.app, local.member, event._id);
      if (i === 0) await attend(t.app, local.admin, event._id);
      events.push(event);
    }
    t.clock.advance(3 * HOUR);
    // The member came to three of four.
    for (const [i, event] of events.entries()) {
      expect((await mark(local.owner, event._id, local.member.user.id, i !== 2)).status).toBe(200);
    }
    expect((await mark(local.admin, events[0]!._id, local.admin.user.id, false)).status).toBe(200);
    const url = `/api/events/getAttendanceRates?groupID=${group._id}`;
    const seen = await call(t.app, url, { as: local.admin });
    expect(seen.status).toBe(200);
    expect(rateOf(seen.body, local.member)).toEqual({ userID: local.member.user.id, attended: 3, marked: 4, rate: 0.75 });
    expect(rateOf(seen.body, local.admin)).toEqual({ userID: local.admin.user.id, attended: 0, marked: 1, rate: 0 });
    expect(rateOf(seen.body, local.owner)).toBeUndefined();
    expect((await call(t.app, url, { as: local.owner })).body).toEqual(seen.body);

    // Members (even the one it is about) and outsiders are refused, and no event carries the rate.
    expect(await call(t.app, url, { as: local.member })).toMatchObject({
      status: 403,
      body: { message: 'Only Administrators can see attendance rates' },
    });
    expect((await call(t.app, url, { as: local.outsider })).status).toBe(403);
    const list = await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as: local.member });
    expect(JSON.stringify(list.body)).not.toMatch(/rate|attended/i);

    // Deleting an event does not rewrite anyone's record.
    expect((await call(t.app, `/api/events/deleteEvent?eventID=${events[2]!._id}`, { method: 'POST', as: local.owner })).status).toBe(200);
    expect(rateOf((await call(t.app, url, { as: local.admin })).body, local.member)).toMatchObject({ attended: 3, marked: 4 });
  });

  it('the rate in the default group follows the marks of the tests above', async () => {
    const seen = await rates(cast.admin);
    expect(seen.status).toBe(200);
    expect(rateOf(seen.body, cast.member)).toMatchObject({ attended: 1, marked: 1, rate: 1 });
    expect((await rates(creator)).status).toBe(403);
  });
});
