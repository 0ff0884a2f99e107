import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UpcomingEventDto, UserGroupDto } from '@smm/shared/dashboard/schemas';
import { attend, createEvent, HOUR } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, testDatabase, type TestApp } from './test-app';

// The dashboard as a hub: group cards with role, member count and next event, and "Your next
// events" across groups, each read in a fixed number of queries whatever the data size.

let t: TestApp;
let database: Awaited<ReturnType<typeof testDatabase>>;
/** Queries run by the request being measured (not by jobs running meanwhile), built or compiled ahead. */
const measured = new AsyncLocalStorage<true>();
let queryCount = 0;
const statuses: number[] = [];

beforeAll(async () => {
  database = await testDatabase({
    onQuery: () => {
      if (measured.getStore()) queryCount += 1;
    },
  });
  t = await createTestApp({ deps: { database } });
});
afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await t.close();
  await database.destroy();
});

const now = () => t.clock.now();
const get = async (url: string, as: TestUser | null) => {
  const res = await call(t.app, url, { as });
  statuses.push(res.status);
  return res;
};
const userGroups = async (as: TestUser) => {
  const res = await get(`/api/groups/getUserGroups?userID=${as.user.id}`, as);
  expect(res.status).toBe(200);
  return res.body as UserGroupDto[];
};
const upcoming = async (as: TestUser) => {
  const res = await get('/api/events/getMyUpcomingEvents', as);
  expect(res.status).toBe(200);
  return res.body as UpcomingEventDto[];
};
/** How many queries one request sends. */
const queriesOf = async (request: () => Promise<unknown>) => {
  const before = queryCount;
  await measured.run(true, request);
  return queryCount - before;
};

describe('getUserGroups', () => {
  it("gives each group the caller's role, its member count and its next event", async () => {
    const owner = await createUser(t.app);
    const member = await createUser(t.app);
    const alpha = await createGroup(t.app, owner, { groupName: 'Alpha', isPrivate: true });
    const beta = await createGroup(t.app, member, { groupName: 'Beta', gameName: 'Old School RuneScape', isPrivate: false });
    await join(t.app, alpha, member);
    // Alpha: one event already over, one running, one later: the running one is next.
    const over = await createEvent(t.app, owner, alpha._id, now(), { eventName: 'Over', startIn: HOUR, length: HOUR });
    const running = await createEvent(t.app, owner, alpha._id, now(), { eventName: 'Running', startIn: 2 * HOUR, length: 5 * HOUR });
    await createEvent(t.app, owner, alpha._id, now(), { eventName: 'Later', startIn: 48 * HOUR });
    t.clock.advance(3 * HOUR);

    const groups = await userGroups(member);
    expect(groups.map((g) => [g.groupName, g.role, g.memberCount])).toEqual([
      ['Alpha', 'Member', 2],
      ['Beta', 'Administrator', 1],
    ]);
    expect(groups[0]).toMatchObject({
      _id: alpha._id,
      gameName: 'Civilization 6',
      linkURL: 'civGroup',
      isPrivate: true,
      groupOwner: owner.user.id,
      icon: expect.any(String),
      nextEvent: { _id: running._id, eventName: 'Running', startDate: running.startDate, endDate: running.endDate },
    });
    expect(groups[0]?.nextEvent?._id).not.toBe(over._id);
    expect(groups[1]).toMatchObject({ _id: beta._id, linkURL: 'runeScapeClan', nextEvent: null });
    expect((await userGroups(owner)).map((g) => [g.groupName, g.role])).toEqual([['Alpha', 'Administrator']]);
  });

  it("refuses another user's list and bad input without a server error", async () => {
    const me = await createUser(t.app);
    const other = await createUser(t.app);
    expect((await get(`/api/groups/getUserGroups?userID=${other.user.id}`, me)).status).toBe(403);
    const bad = await get('/api/groups/getUserGroups?userID=', me);
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toHaveProperty('userID');
    expect((await get(`/api/groups/getUserGroups?userID=${me.user.id}`, null)).status).toBe(401);
  });
});

describe('getMyUpcomingEvents', () => {
  it('lists events the caller attends or could attend across groups, soonest first, with the group name', async () => {
    const owner = await createUser(t.app);
    const me = await createUser(t.app);
    const stranger = await createUser(t.app);
    const civ = await createGroup(t.app, owner, { groupName: 'Civ Friends' });
    const clan = await createGroup(t.app, owner, { groupName: 'The Clan', gameName: 'Old School RuneScape' });
    const notMine = await createGroup(t.app, stranger, { groupName: 'Not Mine' });
    await join(t.app, civ, me);
    await join(t.app, clan, me);

    const fullWithMe = await createEvent(t.app, owner, clan._id, now(), {
      eventName: 'Full, with me',
      startIn: 30 * HOUR,
      maxNumberOfMembers: 2,
    });
    await attend(t.app, owner, fullWithMe._id);
    await attend(t.app, me, fullWithMe._id);
    const fullWithoutMe = await createEvent(t.app, owner, civ._id, now(), {
      eventName: 'Full without me',
      startIn: 20 * HOUR,
      maxNumberOfMembers: 1,
    });
    await attend(t.app, owner, fullWithoutMe._id);
    const open = await createEvent(t.app, owner, civ._id, now(), { eventName: 'Open', startIn: 10 * HOUR });
    await createEvent(t.app, stranger, notMine._id, now(), { eventName: 'Elsewhere', startIn: 5 * HOUR });
    const past = await createEvent(t.app, owner, civ._id, now(), { eventName: 'Past', startIn: HOUR, length: HOUR });

    t.clock.advance(3 * HOUR);
    const events = await upcoming(me);
    expect(events.map((e) => e.eventName)).toEqual(['Open', 'Full, with me']);
    expect(events[0]).toEqual({
      _id: open._id,
      groupID: civ._id,
      groupName: 'Civ Friends',
      linkURL: 'civGroup',
      eventName: 'Open',
      startDate: open.startDate,
      endDate: open.endDate,
      maxNumberOfMembers: 12,
      attendingCount: 0,
      isAttending: false,
    });
    expect(events[1]).toMatchObject({ groupName: 'The Clan', linkURL: 'runeScapeClan', attendingCount: 2, isAttending: true });
    expect(events.map((e) => e._id)).not.toContain(past._id);

    // A kicked or departed attendee frees the seat: the full event becomes one the caller could attend.
    const kicked = await call(t.app, '/api/groups/kickMember', {
      method: 'POST',
      as: owner,
      payload: { userID: me.user.id, groupID: clan._id },
    });
    expect(kicked.status).toBe(200);
    expect((await upcoming(me)).map((e) => e.eventName)).toEqual(['Open']);
    expect((await upcoming(owner)).map((e) => e.eventName)).toEqual(['Open', 'Full without me', 'Full, with me']);
  });

  it('stops at 10 events', async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    for (let i = 0; i < 12; i += 1) await createEvent(t.app, owner, group._id, now(), { eventName: `Night ${i}`, startIn: (i + 1) * HOUR });
    const events = await upcoming(owner);
    expect(events.map((e) => e.eventName)).toEqual(Array.from({ length: 10 }, (_, i) => `Night ${i}`));
  });

  it('needs a login', async () => {
    expect((await get('/api/events/getMyUpcomingEvents', null)).status).toBe(401);
  });
});

describe('query counts', () => {
  it('reads the dashboard in the same number of queries for one group as for six with many events', async () => {
    const small = await createUser(t.app);
    const big = await createUser(t.app);
    const friend = await createUser(t.app);
    const one = await createGroup(t.app, small);
    await createEvent(t.app, small, one._id, now());

    for (let g = 0; g < 6; g += 1) {
      const group = await createGroup(t.app, big, { groupName: `Group ${g}` });
      await join(t.app, group, friend);
      for (let e = 0; e < 4; e += 1) {
        const event = await createEvent(t.app, big, group._id, now(), { startIn: (e + 1 + g) * HOUR });
        await attend(t.app, friend, event._id);
      }
    }

    const smallGroups = await queriesOf(() => userGroups(small));
    const bigGroups = await queriesOf(() => userGroups(big));
    expect(smallGroups).toBeGreaterThan(0);
    expect(bigGroups).toBe(smallGroups);
    const smallEvents = await queriesOf(() => upcoming(small));
    const bigEvents = await queriesOf(() => upcoming(big));
    expect(bigEvents).toBe(smallEvents);
    expect((await userGroups(big)).every((g) => g.nextEvent !== null && g.memberCount === 2)).toBe(true);
    expect(await upcoming(big)).toHaveLength(10);
  });
});
