import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallClock } from '@smm/shared/civilization/availability';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import * as m0690 from '../src/db/migrations/0690_availability_time_zones';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { openLiveStream } from './live-stream-client';
import { createTestApp, createUser, type TestApp } from './test-app';

// Availability in each member's own time zone: answers are parts of the member's own day, kept on
// their own clock; the group's answers come back as instants any viewer lays out in their zone.

let t: TestApp;
let owner: TestUser;
let tokyo: TestUser;
let newYork: TestUser;
let berlin: TestUser;

const setProfileZone = async (user: TestUser, timeZone: string | null) => {
  const res = await call(t.app, '/api/users/postTimeZone', { method: 'POST', as: user, payload: { timeZone } });
  expect(res.status).toBe(200);
};

const answer = (group: FullGroupDto, user: TestUser, payload: object) =>
  call(t.app, `/api/civilization/postPlayerAvailability/${group._id}/${user.user.id}`, { method: 'POST', as: user, payload });

const groupAvailability = (group: FullGroupDto, as: TestUser, weekOf?: number) =>
  call(t.app, `/api/civilization/getGroupAvailability?groupID=${group._id}${weekOf === undefined ? '' : `&weekOf=${weekOf}`}`, { as });

type FreeTime = { userID: string; username: string; start: number; end: number };
const iso = (ms: number) => new Date(ms).toISOString();
const freeOf = (body: { freeTimes: FreeTime[] }, user: TestUser) =>
  body.freeTimes.filter((f) => f.userID === user.user.id).map((f) => [iso(f.start), iso(f.end)]);

async function threeZoneGroup(): Promise<FullGroupDto> {
  const group = await createGroup(t.app, owner);
  for (const user of [tokyo, newYork, berlin]) await join(t.app, group, user);
  return group;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  tokyo = await createUser(t.app);
  newYork = await createUser(t.app);
  berlin = await createUser(t.app);
  await setProfileZone(tokyo, 'Asia/Tokyo');
  await setProfileZone(berlin, 'Europe/Berlin');
  // newYork has no profile zone: the browser's zone, sent with each answer, is theirs.
});
afterAll(() => t.close());

describe('answers in each member’s own zone', () => {
  it("a Tokyo member's Saturday evening is a New York Saturday early morning and a Berlin Saturday late morning", async () => {
    // The test clock stands at Monday 23 November 2026, 12:00 UTC: the coming week holds Saturday 28 November.
    const group = await threeZoneGroup();
    const mine = await answer(group, tokyo, { day: 'Saturday', time: 'Evening', available: true, timeZone: 'America/Chicago' });
    expect(mine.status).toBe(200);
    // The profile's zone wins over the browser's.
    expect(mine.body).toEqual([
      { userID: tokyo.user.id, username: tokyo.user.username, day: 'Saturday', time: 'Evening', timeZone: 'Asia/Tokyo' },
    ]);
    expect((await answer(group, newYork, { day: 'Saturday', time: 'Morning', available: true, timeZone: 'America/New_York' })).status).toBe(
      200,
    );
    expect((await answer(group, berlin, { day: 'Saturday', time: 'Afternoon', available: true })).status).toBe(200);

    const res = await groupAvailability(group, newYork);
    expect(res.status).toBe(200);
    expect(res.body.from).toBe(t.clock.now());
    expect(res.body.to).toBe(t.clock.now() + 7 * 86_400_000 + 3_600_000);
    expect(freeOf(res.body, tokyo)).toEqual([['2026-11-28T10:00:00.000Z', '2026-11-28T14:00:00.000Z']]);
    const [tokyoEvening] = res.body.freeTimes.filter((f: FreeTime) => f.userID === tokyo.user.id);
    expect(wallClock(tokyoEvening.start, 'America/New_York')).toMatchObject({ weekday: 'Saturday', hour: 5 });
    expect(wallClock(tokyoEvening.end, 'America/New_York')).toMatchObject({ weekday: 'Saturday', hour: 9 });
    expect(wallClock(tokyoEvening.start, 'Europe/Berlin')).toMatchObject({ weekday: 'Saturday', hour: 11 });
    expect(wallClock(tokyoEvening.end, 'Europe/Berlin')).toMatchObject({ weekday: 'Saturday', hour: 15 });

    // New York's Saturday 9:00-12:00 EST is 14:00-17:00 UTC; Berlin's 13:00-17:00 CET is 12:00-16:00 UTC.
    expect(freeOf(res.body, newYork)).toEqual([['2026-11-28T14:00:00.000Z', '2026-11-28T17:00:00.000Z']]);
    expect(freeOf(res.body, berlin)).toEqual([['2026-11-28T12:00:00.000Z', '2026-11-28T16:00:00.000Z']]);
    // Only the caller's own answers name their zone; the others' are told as instants.
    const zones = Object.fromEntries(res.body.availability.map((row: { userID: string; timeZone?: string }) => [row.userID, row.timeZone]));
    expect(zones).toEqual({ [tokyo.user.id]: undefined, [newYork.user.id]: 'America/New_York', [berlin.user.id]: undefined });

    // Every viewer gets the same instants; their own page lays them out in their zone.
    const seenFromBerlin = await groupAvailability(group, berlin);
    expect(seenFromBerlin.body.freeTimes).toEqual(res.body.freeTimes);
  });

  it("a group's time zone change leaves every answer's instant unchanged", async () => {
    const group = await threeZoneGroup();
    await answer(group, tokyo, { day: 'Friday', time: 'Evening', available: true });
    await answer(group, newYork, { day: 'Friday', time: 'Evening', available: true, timeZone: 'America/New_York' });
    await answer(group, berlin, { day: 'Sunday', time: 'Morning', available: true });
    const weekOf = Date.UTC(2026, 10, 23);
    const before = (await groupAvailability(group, owner, weekOf)).body;
    expect(before.timeZone).toBe('UTC');
    expect(before.freeTimes).toHaveLength(3);

    const changed = await call(t.app, `/api/civilization/updateGroup?groupID=${group._id}`, {
      method: 'POST',
      as: owner,
      payload: { timeZone: 'Pacific/Auckland' },
    });
    expect(changed.status).toBe(200);
    const after = (await groupAvailability(group, owner, weekOf)).body;
    expect(after.timeZone).toBe('Pacific/Auckland');
    expect(after.freeTimes).toEqual(before.freeTimes);
    expect(after.availability).toEqual(before.availability);
  });

  it('a week with a daylight-saving change: each member keeps their own clock hours, so the gap between zones moves', async () => {
    const group = await threeZoneGroup();
    await answer(group, berlin, { day: 'Saturday', time: 'Evening', available: true });
    await answer(group, newYork, { day: 'Saturday', time: 'Evening', available: true, timeZone: 'America/New_York' });
    await answer(group, berlin, { day: 'Sunday', time: 'Morning', available: true });
    const saturdays = async (weekOf: number) => {
      const body = (await groupAvailability(group, owner, weekOf)).body;
      return { berlin: freeOf(body, berlin), newYork: freeOf(body, newYork) };
    };

    // Monday 19 October: both on summer time. Berlin 19:00 CEST = 17:00 UTC; New York 19:00 EDT = 23:00 UTC.
    expect(await saturdays(Date.UTC(2026, 9, 19))).toEqual({
      berlin: [
        ['2026-10-24T17:00:00.000Z', '2026-10-24T21:00:00.000Z'],
        // Sunday 25 October, the day Europe's clocks go back: 9:00 CET is 8:00 UTC.
        ['2026-10-25T08:00:00.000Z', '2026-10-25T11:00:00.000Z'],
      ],
      newYork: [['2026-10-24T23:00:00.000Z', '2026-10-25T03:00:00.000Z']],
    });
    // Monday 26 October: Europe on winter time, the US still on summer time, five hours apart.
    expect(await saturdays(Date.UTC(2026, 9, 26))).toEqual({
      berlin: [
        ['2026-10-31T18:00:00.000Z', '2026-10-31T22:00:00.000Z'],
        ['2026-11-01T08:00:00.000Z', '2026-11-01T11:00:00.000Z'],
      ],
      newYork: [['2026-10-31T23:00:00.000Z', '2026-11-01T03:00:00.000Z']],
    });
    // Monday 2 November: both on winter time, six hours apart again.
    expect((await saturdays(Date.UTC(2026, 10, 2))).newYork).toEqual([['2026-11-08T00:00:00.000Z', '2026-11-08T04:00:00.000Z']]);
  });

  it("answering from a new zone moves the member's earlier answers to it: one week of their own life", async () => {
    const group = await threeZoneGroup();
    const traveller = await createUser(t.app);
    await join(t.app, group, traveller);
    await answer(group, traveller, { day: 'Monday', time: 'Evening', available: true, timeZone: 'Europe/Berlin' });
    await setProfileZone(traveller, 'Asia/Tokyo');
    const moved = await answer(group, traveller, { day: 'Tuesday', time: 'Evening', available: true, timeZone: 'Europe/Berlin' });
    expect(moved.body.map((row: { day: string; timeZone: string }) => `${row.day} ${row.timeZone}`)).toEqual([
      'Monday Asia/Tokyo',
      'Tuesday Asia/Tokyo',
    ]);
  });

  it('without a profile or browser zone an answer keeps the zone of the earlier ones, else the group’s', async () => {
    const berlinOwner = await createUser(t.app);
    await setProfileZone(berlinOwner, 'Europe/Berlin');
    const group = await createGroup(t.app, berlinOwner);
    const member = await createUser(t.app);
    await join(t.app, group, member);
    const first = await answer(group, member, { day: 'Monday', time: 'Morning', available: true });
    expect(first.body[0].timeZone).toBe('Europe/Berlin');
    await answer(group, member, { day: 'Monday', time: 'Evening', available: true, timeZone: 'America/New_York' });
    const third = await answer(group, member, { day: 'Friday', time: 'Evening', available: true });
    expect(third.body.map((row: { timeZone: string }) => row.timeZone)).toEqual([
      'America/New_York',
      'America/New_York',
      'America/New_York',
    ]);
  });

  it.each([
    [{ day: 'Monday', time: 'Evening', timeZone: 'Mars/Olympus' }, 'timeZone'],
    [{ day: 'Monday', time: 'Evening', timeZone: 7 }, 'timeZone'],
  ])('refuses %j with a 400 naming %s', async (payload, field) => {
    const group = await threeZoneGroup();
    const res = await answer(group, newYork, payload);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBeTruthy();
  });

  it.each(['soon', '-5', '1.5', '99999999999999'])('refuses weekOf=%s with a 400 naming weekOf', async (weekOf) => {
    const group = await threeZoneGroup();
    const res = await call(t.app, `/api/civilization/getGroupAvailability?groupID=${group._id}&weekOf=${weekOf}`, { as: owner });
    expect(res.status).toBe(400);
    expect(res.body.fields.weekOf).toBeTruthy();
  });
});

describe("a new group's time zone", () => {
  it("is the owner's profile zone, else the zone their browser sends, else UTC", async () => {
    expect((await createGroup(t.app, tokyo)).timeZone).toBe('Asia/Tokyo');
    const viaBrowser = await call(t.app, '/api/groups/createGroup', {
      method: 'POST',
      as: newYork,
      payload: { groupName: 'NY', gameName: 'Civilization 6', timeZone: 'america/new_york' },
    });
    expect(viaBrowser.status).toBe(200);
    expect(viaBrowser.body.timeZone).toBe('America/New_York');
    expect((await createGroup(t.app, newYork)).timeZone).toBe('UTC');
    const bad = await call(t.app, '/api/groups/createGroup', {
      method: 'POST',
      as: newYork,
      payload: { groupName: 'NY', gameName: 'Civilization 6', timeZone: 'Nowhere/Land' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.timeZone).toMatch(/time zone/i);
  });
});

describe('live', () => {
  it("tells the group's open pages that someone's availability changed, within the request", async () => {
    const group = await threeZoneGroup();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = await openLiveStream(base, group._id, owner.token);
    try {
      await stream.next((frame) => frame.event === 'ready');
      await answer(group, berlin, { day: 'Monday', time: 'Evening', available: true });
      expect((await stream.next((frame) => frame.event === 'change'))?.data).toEqual({ topic: 'availability', action: 'changed' });
    } finally {
      stream.close();
    }
  });
});

describe('migration 0690', () => {
  it("keeps every earlier answer, read in the group's zone as it was at the migration", async () => {
    const group = await threeZoneGroup();
    await answer(group, berlin, { day: 'Saturday', time: 'Evening', available: true });
    const db = t.database.db;
    await m0690.down(db as never);
    await sql`update groups set time_zone = ${'America/New_York'} where id = ${group._id}`.execute(db);
    await sql`insert into civ_availability (group_id, user_id, day, time, created_at) values (${group._id}, ${tokyo.user.id}, ${'Monday'}, ${'Morning'}, ${0})`.execute(
      db,
    );
    await m0690.up(db as never);
    const rows = await db
      .selectFrom('civ_availability')
      .select(['user_id', 'day', 'time', 'time_zone'])
      .where('group_id', '=', group._id)
      .orderBy('day')
      .execute();
    expect(rows).toEqual([
      { user_id: tokyo.user.id, day: 'Monday', time: 'Morning', time_zone: 'America/New_York' },
      { user_id: berlin.user.id, day: 'Saturday', time: 'Evening', time_zone: 'America/New_York' },
    ]);
  });
});
