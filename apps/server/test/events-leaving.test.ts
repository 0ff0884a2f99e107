import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attend, createEvent } from './events-fixtures';
import { call, createCast, createGroup, join, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const attendees = async (groupID: string, eventID: string) =>
  (await call(t.app, `/api/events/getEvents?groupID=${groupID}`, { as: cast.owner })).body
    .find((e: { _id: string }) => e._id === eventID)
    .attendingMembers.map((a: { userID: string }) => a.userID);

describe('a member who leaves gives up their seats', () => {
  it.each(['leaves', 'is kicked'])('a member who %s and rejoins after the seats were lowered does not overfill the event', async (how) => {
    const group = await createGroup(t.app, cast.owner);
    await join(t.app, group, cast.member);
    await join(t.app, group, cast.admin);
    const event = await createEvent(t.app, cast.owner, group._id, t.clock.now(), { maxNumberOfMembers: 2 });
    expect((await attend(t.app, cast.member, event._id)).status).toBe(200);
    expect((await attend(t.app, cast.admin, event._id)).status).toBe(200);

    const out =
      how === 'leaves'
        ? await call(t.app, '/api/groups/leaveGroup', {
            method: 'POST',
            as: cast.member,
            payload: { groupID: group._id, userID: cast.member.user.id },
          })
        : await call(t.app, '/api/groups/kickMember', {
            method: 'POST',
            as: cast.owner,
            payload: { groupID: group._id, userID: cast.member.user.id },
          });
    expect(out.status).toBe(200);
    const rows = await t.database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', event._id).execute();
    expect(rows.map((r) => r.user_id)).toEqual([cast.admin.user.id]);

    const lowered = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: {
        userID: cast.owner.user.id,
        eventName: event.eventName,
        startDate: event.startDate,
        endDate: event.endDate,
        maxNumberOfMembers: 1,
      },
    });
    expect(lowered.status).toBe(200);
    await join(t.app, group, cast.member);
    expect(await attendees(group._id, event._id)).toEqual([cast.admin.user.id]);
    expect((await attend(t.app, cast.member, event._id)).status).toBe(409);
  });
});

describe('a member who joins afresh', () => {
  it('holds no seat or place in line left from a membership removed outside the app, and a second join clears nothing', async () => {
    const group = await createGroup(t.app, cast.owner);
    await join(t.app, group, cast.member);
    await join(t.app, group, cast.admin);
    const event = await createEvent(t.app, cast.owner, group._id, t.clock.now(), { maxNumberOfMembers: 1 });
    const full = await createEvent(t.app, cast.owner, group._id, t.clock.now(), { maxNumberOfMembers: 1 });
    expect((await attend(t.app, cast.member, event._id)).status).toBe(200);
    expect((await attend(t.app, cast.admin, full._id)).status).toBe(200);
    const queued = await call(t.app, '/api/events/joinWaitlist', {
      method: 'POST',
      as: cast.member,
      payload: { eventID: full._id, userID: cast.member.user.id },
    });
    expect(queued.status).toBe(200);
    const db = t.database.db;
    // The membership goes without the app's departure (a database edit): the seat and the place stay behind, unseen.
    await db.deleteFrom('group_members').where('group_id', '=', group._id).where('user_id', '=', cast.member.user.id).execute();
    expect(await attendees(group._id, event._id)).toEqual([]);
    expect((await attend(t.app, cast.admin, event._id)).status).toBe(200);

    await join(t.app, group, cast.member);
    expect(await attendees(group._id, event._id)).toEqual([cast.admin.user.id]);
    const seats = await db.selectFrom('event_attendees').select('user_id').where('event_id', '=', event._id).execute();
    expect(seats.map((r) => r.user_id)).toEqual([cast.admin.user.id]);
    const line = await db.selectFrom('event_waitlist').select('user_id').where('event_id', '=', full._id).execute();
    expect(line).toEqual([]);

    // Joining again while a member is refused and takes nothing away.
    const queuedAgain = await call(t.app, '/api/events/joinWaitlist', {
      method: 'POST',
      as: cast.member,
      payload: { eventID: full._id, userID: cast.member.user.id },
    });
    expect(queuedAgain.status).toBe(200);
    const again = await call(t.app, '/api/groups/joinGroup', {
      method: 'POST',
      as: cast.member,
      payload: { groupID: group._id, userID: cast.member.user.id },
    });
    expect(again.status).toBe(409);
    const kept = await db.selectFrom('event_waitlist').select('user_id').where('event_id', '=', full._id).execute();
    expect(kept.map((r) => r.user_id)).toEqual([cast.member.user.id]);
  });
});
