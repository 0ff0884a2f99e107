import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCast, createGroup, groupWithCast, join, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const post = (groupID: string, userID: string, as: Cast[keyof Cast], payload: object) =>
  call(t.app, `/api/civilization/postPlayerAvailability/${groupID}/${userID}`, { method: 'POST', as, payload });

const rows = (groupID: string) =>
  t.database.db
    .selectFrom('civ_availability')
    .select(['user_id', 'day', 'time'])
    .where('group_id', '=', groupID)
    .orderBy('user_id')
    .orderBy('day')
    .orderBy('time')
    .execute();

describe('weekly availability', () => {
  it('a member marks slots free and not free; the group grid lists every member in their slots, in week order', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const a = await post(group._id, cast.member.user.id, cast.member, { day: 'Saturday', time: 'Evening', available: true });
    expect(a.status).toBe(200);
    expect(a.body).toEqual([
      { userID: cast.member.user.id, username: cast.member.user.username, day: 'Saturday', time: 'Evening', timeZone: 'UTC' },
    ]);
    await post(group._id, cast.member.user.id, cast.member, { day: 'Monday', time: 'Morning', available: true });
    // Setting a slot twice keeps one row.
    await post(group._id, cast.member.user.id, cast.member, { day: 'Monday', time: 'Morning', available: true });
    await post(group._id, cast.owner.user.id, cast.owner, { day: 'Saturday', time: 'Evening', available: true });

    const grid = await call(t.app, `/api/civilization/getGroupAvailability?groupID=${group._id}`, { as: cast.admin });
    expect(grid.status).toBe(200);
    expect(grid.body.timeZone).toBe('UTC');
    const slots = grid.body.availability.map((r: { username: string; day: string; time: string }) => `${r.day} ${r.time} ${r.username}`);
    expect(slots.slice(0, 1)).toEqual([`Monday Morning ${cast.member.user.username}`]);
    expect(slots.slice(1).sort()).toEqual(
      [`Saturday Evening ${cast.member.user.username}`, `Saturday Evening ${cast.owner.user.username}`].sort(),
    );

    const off = await post(group._id, cast.member.user.id, cast.member, { day: 'Saturday', time: 'Evening', available: false });
    expect(off.body.map((r: { day: string }) => r.day)).toEqual(['Monday']);
    const mine = await call(t.app, `/api/civilization/getPlayerAvailability?groupID=${group._id}&userID=${cast.member.user.id}`, {
      as: cast.owner,
    });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(1);
  });

  it("keeps each member's time zone to themselves: others' slots come without it, the caller's own with it, and free times as instants", async () => {
    const group = await groupWithCast(t.app, cast, true);
    await post(group._id, cast.member.user.id, cast.member, { day: 'Saturday', time: 'Evening', available: true });
    await post(group._id, cast.owner.user.id, cast.owner, { day: 'Saturday', time: 'Evening', available: true });
    const grid = await call(t.app, `/api/civilization/getGroupAvailability?groupID=${group._id}`, { as: cast.owner });
    expect(grid.status).toBe(200);
    const rows = grid.body.availability as { userID: string; timeZone?: string }[];
    expect(rows.find((r) => r.userID === cast.member.user.id)).not.toHaveProperty('timeZone');
    expect(rows.find((r) => r.userID === cast.owner.user.id)).toMatchObject({ timeZone: 'UTC' });
    expect((grid.body.freeTimes as { userID: string }[]).map((f) => f.userID)).toContain(cast.member.user.id);
    const theirs = await call(t.app, `/api/civilization/getPlayerAvailability?groupID=${group._id}&userID=${cast.member.user.id}`, {
      as: cast.owner,
    });
    expect(theirs.body).toHaveLength(1);
    expect(theirs.body[0]).not.toHaveProperty('timeZone');
    const own = await call(t.app, `/api/civilization/getPlayerAvailability?groupID=${group._id}&userID=${cast.member.user.id}`, {
      as: cast.member,
    });
    expect(own.body[0]).toMatchObject({ timeZone: 'UTC' });
  });

  it('toggles a slot when available is not sent', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const on = await post(group._id, cast.member.user.id, cast.member, {
      groupID: group._id,
      userID: cast.member.user.id,
      day: 'Friday',
      time: 'Afternoon',
    });
    expect(on.body).toHaveLength(1);
    const off = await post(group._id, cast.member.user.id, cast.member, { day: 'Friday', time: 'Afternoon' });
    expect(off.body).toHaveLength(0);
  });

  it('a user changes only their own availability', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const other = await post(group._id, cast.member.user.id, cast.owner, { day: 'Friday', time: 'Evening', available: true });
    expect(other.status).toBe(403);
    const inBody = await post(group._id, cast.owner.user.id, cast.owner, { userID: cast.member.user.id, day: 'Friday', time: 'Evening' });
    expect(inBody.status).toBe(403);
    expect(await rows(group._id)).toEqual([]);
  });

  it('members only: outsiders are refused, anonymous callers need to log in, private groups do not exist for outsiders', async () => {
    const priv = await groupWithCast(t.app, cast, true);
    const pub = await groupWithCast(t.app, cast, false);
    expect((await call(t.app, `/api/civilization/getGroupAvailability?groupID=${priv._id}`, { as: cast.outsider })).status).toBe(404);
    expect((await call(t.app, `/api/civilization/getGroupAvailability?groupID=${pub._id}`, { as: cast.outsider })).status).toBe(403);
    expect((await call(t.app, `/api/civilization/getGroupAvailability?groupID=${pub._id}`)).status).toBe(401);
    expect((await post(pub._id, cast.outsider.user.id, cast.outsider, { day: 'Friday', time: 'Evening' })).status).toBe(403);
    expect(
      (await call(t.app, `/api/civilization/getPlayerAvailability?groupID=${pub._id}&userID=${cast.member.user.id}`, { as: cast.outsider }))
        .status,
    ).toBe(403);
    expect(await rows(pub._id)).toEqual([]);
  });

  it.each([
    [{ day: 'Someday', time: 'Evening' }, 'day'],
    [{ day: 'Monday', time: 'Night' }, 'time'],
    [{ time: 'Night' }, 'day'],
    [{ day: 'Monday', time: 'Evening', available: 'yes' }, 'available'],
  ])('refuses %j with a 400 naming %s', async (payload, field) => {
    const group = await groupWithCast(t.app, cast, true);
    const res = await post(group._id, cast.member.user.id, cast.member, payload);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBeTruthy();
    expect(await rows(group._id)).toEqual([]);
  });

  it('a member who leaves drops off the grid', async () => {
    const group = await createGroup(t.app, cast.owner);
    await join(t.app, group, cast.outsider);
    await post(group._id, cast.outsider.user.id, cast.outsider, { day: 'Sunday', time: 'Morning', available: true });
    const leave = await call(t.app, '/api/groups/leaveGroup', {
      method: 'POST',
      as: cast.outsider,
      payload: { groupID: group._id, userID: cast.outsider.user.id },
    });
    expect(leave.status).toBe(200);
    const grid = await call(t.app, `/api/civilization/getGroupAvailability?groupID=${group._id}`, { as: cast.owner });
    expect(grid.body.availability).toEqual([]);
  });
});

describe('the group time zone', () => {
  it('Administrators set it; the grid names it; members cannot', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const byMember = await call(t.app, `/api/civilization/updateGroup?groupID=${group._id}`, {
      method: 'POST',
      as: cast.member,
      payload: { timeZone: 'Europe/Berlin' },
    });
    expect(byMember.status).toBe(403);
    const bad = await call(t.app, `/api/civilization/updateGroup?groupID=${group._id}`, {
      method: 'POST',
      as: cast.admin,
      payload: { timeZone: 'Mars/Olympus' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.timeZone).toMatch(/time zone/i);
    const set = await call(t.app, `/api/civilization/updateGroup?groupID=${group._id}`, {
      method: 'POST',
      as: cast.admin,
      payload: { timeZone: 'europe/berlin' },
    });
    expect(set.status).toBe(200);
    expect(set.body.timeZone).toBe('Europe/Berlin');
    const grid = await call(t.app, `/api/civilization/getGroupAvailability?groupID=${group._id}`, { as: cast.member });
    expect(grid.body.timeZone).toBe('Europe/Berlin');
  });
});
