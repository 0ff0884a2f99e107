import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attend, createEvent } from './events-fixtures';
import { call, createGroup, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Parallel requests through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
let owner: TestUser;
let crowd: TestUser[];
let groupID: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  crowd = await Promise.all(Array.from({ length: 30 }, () => createUser(t.app)));
  const group = await createGroup(t.app, owner, { isPrivate: false });
  groupID = group._id;
  for (const user of crowd) {
    const res = await call(t.app, '/api/groups/joinGroup', { method: 'POST', as: user, payload: { groupID, userID: user.user.id } });
    expect(res.status).toBe(200);
  }
});
afterAll(() => t.close());

const storedAttendees = (eventID: string) =>
  t.database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', eventID).execute();

describe('attend under concurrency', () => {
  it('30 parallel attends on a 12-seat event: exactly 12 get in, 18 are told it is full', async () => {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { maxNumberOfMembers: 12 });
    const results = await Promise.all(crowd.map((user) => attend(t.app, user, event._id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(12);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(18);
    for (const r of refused) expect(r).toMatchObject({ status: 409, body: { message: 'This event is full' } });
    const rows = await storedAttendees(event._id);
    expect(rows).toHaveLength(12);
    const admitted = results.flatMap((r, i) => (r.status === 200 ? [crowd[i]!.user.id] : []));
    expect(rows.map((r) => r.user_id).sort()).toEqual(admitted.sort());
    const list = await call(t.app, `/api/events/getEvents?groupID=${groupID}`, { as: owner });
    expect(list.body[0].attendingMembers).toHaveLength(12);
  });

  it('the same user attending 10 times at once is signed up once', async () => {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { maxNumberOfMembers: 3 });
    const user = crowd[0]!;
    const results = await Promise.all(Array.from({ length: 10 }, () => attend(t.app, user, event._id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await storedAttendees(event._id)).toEqual([{ user_id: user.user.id }]);
  });

  it('attends racing unattends and a lowered maximum never overbook', async () => {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { maxNumberOfMembers: 6 });
    const first = crowd.slice(0, 6);
    for (const user of first) expect((await attend(t.app, user, event._id)).status).toBe(200);
    const body = { userID: owner.user.id, eventName: 'Shrunk', startDate: event.startDate, endDate: event.endDate, maxNumberOfMembers: 4 };
    await Promise.all([
      ...first
        .slice(0, 3)
        .map((user) =>
          call(t.app, '/api/events/unattendEvent', { method: 'POST', as: user, payload: { eventID: event._id, userID: user.user.id } }),
        ),
      ...crowd.slice(6, 16).map((user) => attend(t.app, user, event._id)),
      call(t.app, `/api/events/updateEvent?eventID=${event._id}`, { method: 'POST', as: owner, payload: body }),
    ]);
    const stored = await t.database.db
      .selectFrom('events')
      .select('max_number_of_members')
      .where('id', '=', event._id)
      .executeTakeFirstOrThrow();
    expect((await storedAttendees(event._id)).length).toBeLessThanOrEqual(stored.max_number_of_members);
  });
});
