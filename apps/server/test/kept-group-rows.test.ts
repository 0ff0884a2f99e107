import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { attend, createEvent, joinWaitlist } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// A write in a group lapses each member's kept event list and grid. The members who ask next share
// one read of the group's rows (on PostgreSQL while their caller statements read the same versions);
// whatever is written, by whatever path, the next member to ask sees it, and each member's answer
// stays their own (their email, their place in line).

const queries: CompiledQuery[] = [];
let t: TestApp;
let owner: TestUser;
let members: TestUser[];
let group: { _id: string; inviteLink: string };

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => queries.push(query) });
  owner = await createUser(t.app);
  group = await createGroup(t.app, owner, { groupName: 'Shared Rows' });
  members = [];
  for (let i = 0; i < 4; i++) {
    const member = await createUser(t.app);
    await join(t.app, group, member);
    members.push(member);
  }
});
afterAll(async () => {
  await t?.close();
});

// The statements that read the group's people and slots (on PostgreSQL the caller's statement names these tables too).
const eventStatements = () => queries.filter((q) => /join event_attendees a on/.test(q.sql)).length;
const slotStatements = () => queries.filter((q) => /from "civ_availability" as "a"/.test(q.sql)).length;

async function eventsAs(as: TestUser): Promise<{ list: EventDto[]; statements: number }> {
  queries.length = 0;
  const res = await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as });
  expect(res.status).toBe(200);
  return { list: res.body as EventDto[], statements: eventStatements() };
}

describe("a group's rows shared by the members who ask after a write", () => {
  it('give each member their own event list, read once for all of them', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Full table', maxNumberOfMembers: 2 });
    const [a, b, c, d] = members as [TestUser, TestUser, TestUser, TestUser];
    for (const as of [a, b, c, d]) await eventsAs(as);
    expect((await attend(t.app, a, event._id)).status).toBe(200);
    expect((await attend(t.app, b, event._id)).status).toBe(200);
    expect((await joinWaitlist(t.app, c, event._id)).status).toBe(200);

    const first = await eventsAs(d);
    expect(first.statements).toBe(1);
    const mine = (list: EventDto[]) => list.find((e) => e._id === event._id)!;
    for (const as of [a, b, c]) {
      const answer = await eventsAs(as);
      expect(answer.statements).toBe(0);
      const seen = mine(answer.list);
      expect(seen.attendingMembers.map((m) => m.userID)).toEqual([a.user.id, b.user.id]);
      // Only the viewer's own entry carries an email; only the one in line is told their place.
      expect(seen.attendingMembers.map((m) => m.email)).toEqual([as === a ? a.user.email : undefined, as === b ? b.user.email : undefined]);
      expect(seen.waitlistMembers?.map((m) => m.userID)).toEqual([c.user.id]);
      expect(seen.waitlistPosition).toBe(as === c ? 1 : undefined);
    }
    expect(mine(first.list).attendingMembers.every((m) => m.email === undefined)).toBe(true);
  });

  it('lapse on every write to what they were read from, through the API or behind it', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Lapsing' });
    const [a, b, c, d] = members as [TestUser, TestUser, TestUser, TestUser];
    const seated = async (as: TestUser) => (await eventsAs(as)).list.find((e) => e._id === event._id)?.attendingMembers ?? [];

    expect((await attend(t.app, a, event._id)).status).toBe(200);
    expect(await seated(b)).toEqual([{ userID: a.user.id, username: a.user.username }]);
    // A rename behind the API: the next member to ask, who has no answer of their own kept, sees it.
    await t.database.db.updateTable('users').set({ username: 'renamed-a' }).where('id', '=', a.user.id).execute();
    expect(await seated(c)).toEqual([{ userID: a.user.id, username: 'renamed-a' }]);
    // A seat removed behind the API.
    await t.database.db.deleteFrom('event_attendees').where('event_id', '=', event._id).execute();
    expect(await seated(d)).toEqual([]);
    expect(await seated(b)).toEqual([]);
    // A member who leaves takes their seat out of every list.
    expect((await attend(t.app, a, event._id)).status).toBe(200);
    expect(await seated(c)).toHaveLength(1);
    const left = await call(t.app, '/api/groups/leaveGroup', { method: 'POST', as: a, payload: { groupID: group._id, userID: a.user.id } });
    expect(left.status).toBe(200);
    expect(await seated(d)).toEqual([]);
    // An event renamed behind the API.
    await t.database.db.updateTable('events').set({ event_name: 'Renamed behind' }).where('id', '=', event._id).execute();
    expect((await eventsAs(b)).list.find((e) => e._id === event._id)?.eventName).toBe('Renamed behind');
    await join(t.app, group, a);
  });

  it("keep a member's answer made from shared rows only until the next write to them", async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Shared then kept' });
    const [a, b, c] = members as [TestUser, TestUser, TestUser];
    const seated = async (as: TestUser) => (await eventsAs(as)).list.find((e) => e._id === event._id)?.attendingMembers ?? [];
    expect((await eventsAs(b)).statements).toBe(1);
    const fromShared = await eventsAs(c);
    expect(fromShared.statements).toBe(0);
    // c's answer, made from the rows b read, is kept for c; a sign-up must lapse it as if c had read them.
    expect((await attend(t.app, a, event._id)).status).toBe(200);
    expect((await seated(c)).map((m) => m.userID)).toEqual([a.user.id]);
  });

  it('stay shared through sign-ups in another group', async () => {
    const elsewhere = await createGroup(t.app, owner, { groupName: 'Elsewhere Rows' });
    const there = await createEvent(t.app, owner, elsewhere._id, t.clock.now(), { eventName: 'There' });
    const here = await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Here' });
    const [a, b] = members as [TestUser, TestUser];
    expect((await attend(t.app, a, here._id)).status).toBe(200);
    expect((await eventsAs(a)).statements).toBe(1);
    expect((await attend(t.app, owner, there._id)).status).toBe(200);
    const other = await eventsAs(b);
    expect(other.statements).toBe(0);
    expect(other.list.find((e) => e._id === here._id)?.attendingMembers.map((m) => m.userID)).toEqual([a.user.id]);
  });

  it("give each member the group's week with their own zone, shared per week, lapsing on a tick", async () => {
    const weekOf = t.clock.now();
    const [a, b, c] = members as [TestUser, TestUser, TestUser];
    const grid = async (as: TestUser, week = weekOf) => {
      queries.length = 0;
      const res = await call(t.app, `/api/civilization/getGroupAvailability?groupID=${group._id}&weekOf=${week}`, { as });
      expect(res.status).toBe(200);
      return {
        body: res.body as { availability: { userID: string; timeZone?: string }[]; freeTimes: unknown[] },
        statements: slotStatements(),
      };
    };
    const tick = async (as: TestUser, available: boolean) =>
      expect(
        (
          await call(t.app, `/api/civilization/postPlayerAvailability/${group._id}/${as.user.id}`, {
            method: 'POST',
            as,
            payload: { day: 'Saturday', time: 'Evening', available },
          })
        ).status,
      ).toBe(200);

    await tick(a, true);
    await tick(b, true);
    const first = await grid(c);
    expect(first.statements).toBe(1);
    for (const as of [a, b]) {
      const answer = await grid(as);
      expect(answer.statements).toBe(0);
      expect(answer.body.freeTimes).toEqual(first.body.freeTimes);
      // Each slot names its zone to its own member only.
      expect(answer.body.availability.map((s) => [s.userID, s.timeZone !== undefined])).toEqual(
        first.body.availability.map((s) => [s.userID, s.userID === as.user.id]),
      );
    }
    // Another week is reckoned on its own.
    const nextWeek = await grid(a, weekOf + 7 * 24 * 60 * 60 * 1000);
    expect(nextWeek.statements).toBe(1);
    await tick(b, false);
    const after = await grid(c);
    expect(after.statements).toBe(1);
    expect(after.body.availability.map((s) => s.userID)).toEqual([a.user.id]);
  });
});
