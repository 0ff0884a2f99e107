import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { CIV6_LEADERS } from '@smm/shared/civilization/leaders-civ6';
import { BANS_DROPPED_NOTICE } from '@smm/shared/civilization/schemas';
import { call, createCast, createGroup, groupWithCast, join, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
const queries: CompiledQuery[] = [];
let counting = false;
beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => counting && queries.push(query) });
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const leader = (i: number) => CIV6_LEADERS[i]!;
const civ = (i: number) => leader(i).civID;
const shown = (i: number) => `${leader(i).leader} (${leader(i).nation})`;

const ban = (as: TestUser, groupID: string, civID: string) =>
  call(t.app, `/api/civilization/postCivLeaderBanPreference?groupID=${groupID}`, {
    method: 'POST',
    as,
    payload: { leader: civID, operation: 'add' },
  });
const updateGroup = (as: TestUser, groupID: string, payload: object) =>
  call(t.app, `/api/civilization/updateGroup?groupID=${groupID}`, { method: 'POST', as, payload });
const setLimit = (groupID: string, maxNumberOfLeaderBans: number, as: TestUser = cast.owner) =>
  updateGroup(as, groupID, { settings: { maxNumberOfLeaderBans } });
const prefsOf = (groupID: string, user: TestUser, as: TestUser = user) =>
  call(t.app, `/api/civilization/getCivPreferences?groupID=${groupID}&userID=${user.user.id}`, { as });
const bansOf = async (groupID: string, user: TestUser) =>
  (
    await t.database.db
      .selectFrom('civ_leader_bans')
      .select('civ_id')
      .where('group_id', '=', groupID)
      .where('user_id', '=', user.user.id)
      .orderBy('seq')
      .execute()
  ).map((row) => row.civ_id);
const noticeRows = (groupID: string) =>
  t.database.db
    .selectFrom('civ_preference_notices')
    .select(['user_id', 'message'])
    .where('group_id', '=', groupID)
    .orderBy('user_id')
    .execute();

/** A group at a limit of 3 where the member banned three leaders (not in catalogue order) and the admin one. */
async function groupWithBans() {
  const group = await groupWithCast(t.app, cast, true);
  expect((await setLimit(group._id, 3)).status).toBe(200);
  for (const i of [7, 3, 9]) expect((await ban(cast.member, group._id, civ(i))).status).toBe(200);
  expect((await ban(cast.admin, group._id, civ(20))).status).toBe(200);
  return group;
}

describe('lowering the leader ban limit', () => {
  it('drops the latest bans beyond it, keeps the earliest, and tells the member once', async () => {
    const group = await groupWithBans();
    const lowered = await setLimit(group._id, 1);
    expect(lowered.status).toBe(200);
    expect(lowered.body.settings.maxNumberOfLeaderBans).toBe(1);
    expect(await bansOf(group._id, cast.member)).toEqual([civ(7)]);
    expect(await bansOf(group._id, cast.admin)).toEqual([civ(20)]);

    // Someone else reading the member's preferences sees the bans, not the notice, and does not use it up.
    const byOwner = await prefsOf(group._id, cast.member, cast.owner);
    expect(byOwner.body.leaderBans.map((b: { civID: string }) => b.civID)).toEqual([civ(7)]);
    expect(byOwner.body.notices).toBeUndefined();

    const first = await prefsOf(group._id, cast.member);
    expect(first.status).toBe(200);
    expect(first.body.leaderBans).toEqual([{ civID: civ(7), nation: leader(7).nation, leader: leader(7).leader }]);
    expect(first.body.notices).toEqual([BANS_DROPPED_NOTICE([shown(3), shown(9)], 1)]);
    expect(first.body.notices[0]).toBe(
      `The group lowered its leader ban limit to 1, so your latest bans were removed: ${shown(3)}, ${shown(9)}.`,
    );
    expect((await prefsOf(group._id, cast.member)).body.notices).toEqual([]);
    expect(await noticeRows(group._id)).toEqual([]);

    // Members who lost nothing are told nothing.
    expect((await prefsOf(group._id, cast.admin)).body.notices).toEqual([]);
    expect((await prefsOf(group._id, cast.owner)).body.notices).toEqual([]);
    const all = await call(t.app, `/api/civilization/getAllCivPreferences?groupID=${group._id}`, { as: cast.member });
    expect(all.body.every((p: { notices?: string[] }) => p.notices === undefined)).toBe(true);
  });

  it('one dropped ban reads in the singular; each lowering leaves its own notice', async () => {
    const group = await groupWithBans();
    await setLimit(group._id, 2);
    await setLimit(group._id, 1);
    expect(await bansOf(group._id, cast.member)).toEqual([civ(7)]);
    expect((await prefsOf(group._id, cast.member)).body.notices).toEqual([
      BANS_DROPPED_NOTICE([shown(9)], 2),
      BANS_DROPPED_NOTICE([shown(3)], 1),
    ]);
    expect(BANS_DROPPED_NOTICE([shown(9)], 2)).toContain('your latest ban was removed');
  });

  it('a member who unbanned and banned again keeps the bans in the order they were made', async () => {
    const group = await groupWithBans();
    await call(t.app, `/api/civilization/postCivLeaderBanPreference?groupID=${group._id}`, {
      method: 'POST',
      as: cast.member,
      payload: { leader: civ(7), operation: 'remove' },
    });
    await ban(cast.member, group._id, civ(7));
    await setLimit(group._id, 2);
    expect(await bansOf(group._id, cast.member)).toEqual([civ(3), civ(9)]);
    expect((await prefsOf(group._id, cast.member)).body.notices).toEqual([BANS_DROPPED_NOTICE([shown(7)], 2)]);
  });

  it("raising the limit, or saving it unchanged, changes nobody's bans and tells nobody anything", async () => {
    const group = await groupWithBans();
    for (const max of [3, 5]) {
      expect((await setLimit(group._id, max)).status).toBe(200);
      expect(await bansOf(group._id, cast.member)).toEqual([civ(7), civ(3), civ(9)]);
      expect(await bansOf(group._id, cast.admin)).toEqual([civ(20)]);
      expect(await noticeRows(group._id)).toEqual([]);
    }
    // Other saves of the dialog leave the bans alone too.
    await updateGroup(cast.owner, group._id, { timeZone: 'Europe/Paris' });
    expect(await bansOf(group._id, cast.member)).toEqual([civ(7), civ(3), civ(9)]);
    expect((await prefsOf(group._id, cast.member)).body.notices).toEqual([]);
  });

  it('a refused save drops nothing: not by a Member, not with an invalid entry', async () => {
    const group = await groupWithBans();
    expect((await setLimit(group._id, 1, cast.member)).status).toBe(403);
    const invalid = await updateGroup(cast.owner, group._id, {
      settings: { maxNumberOfLeaderBans: 1, gameModes: [{ title: 'Chess Mode', isEnabled: false, lockedValue: 'On' }] },
    });
    expect(invalid.status).toBe(400);
    expect(await bansOf(group._id, cast.member)).toEqual([civ(7), civ(3), civ(9)]);
    expect(await noticeRows(group._id)).toEqual([]);
  });

  it('only the group whose limit was lowered loses bans, and only its Preferences tell', async () => {
    const group = await groupWithBans();
    const other = await createGroup(t.app, cast.admin, { groupName: 'Other group' });
    await join(t.app, other, cast.member);
    for (const i of [1, 2, 4]) await ban(cast.member, other._id, civ(i));
    await setLimit(group._id, 1);
    expect(await bansOf(other._id, cast.member)).toEqual([civ(1), civ(2), civ(4)]);
    expect((await prefsOf(other._id, cast.member)).body.notices).toEqual([]);
    expect((await prefsOf(group._id, cast.member)).body.notices).toHaveLength(1);
  });

  it('bans made while the limit is lowered never end past it', async () => {
    const group = await groupWithBans();
    await setLimit(group._id, 5);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => ban(cast.owner, group._id, civ(30 + i))),
      setLimit(group._id, 2),
    ]);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect((await bansOf(group._id, cast.owner)).length).toBeLessThanOrEqual(2);
    expect(await bansOf(group._id, cast.member)).toEqual([civ(7), civ(3)]);
  });

  it('runs the same number of queries however many members lose bans', async () => {
    const count = async (extraMembers: number) => {
      const owner = await createUser(t.app);
      const group = await createGroup(t.app, owner);
      await setLimit(group._id, 4, owner);
      const players = [owner, ...(await Promise.all(Array.from({ length: extraMembers }, () => createUser(t.app))))];
      for (const player of players) {
        if (player !== owner) await join(t.app, group, player);
        for (const i of [0, 1, 2, 3]) expect((await ban(player, group._id, civ(i + players.indexOf(player)))).status).toBe(200);
      }
      queries.length = 0;
      counting = true;
      expect((await setLimit(group._id, 1, owner)).status).toBe(200);
      counting = false;
      expect((await noticeRows(group._id)).length).toBe(players.length);
      return queries.length;
    };
    expect(await count(1)).toBe(await count(9));
  });
});

describe('allowDuplicateCivs', () => {
  it('is off for a new group and for a group stored before it existed', async () => {
    const group = await createGroup(t.app, cast.owner);
    expect(group.settings.allowDuplicateCivs).toBe(false);
    const stored = await t.database.db.selectFrom('groups').select('settings').where('id', '=', group._id).executeTakeFirstOrThrow();
    const { allowDuplicateCivs: _dropped, ...older } = JSON.parse(stored.settings) as Record<string, unknown>;
    await t.database.db
      .updateTable('groups')
      .set({ settings: JSON.stringify(older) })
      .where('id', '=', group._id)
      .execute();
    const full = await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.owner });
    expect(full.body.settings.allowDuplicateCivs).toBe(false);
  });

  it('Administrators turn it on and off; it is stored and read back with the group', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const on = await updateGroup(cast.admin, group._id, { settings: { allowDuplicateCivs: true } });
    expect(on.status).toBe(200);
    expect(on.body.settings.allowDuplicateCivs).toBe(true);
    // Saving something else keeps it.
    const other = await updateGroup(cast.owner, group._id, { settings: { maxNumberOfLeaderBans: 4 } });
    expect(other.body.settings).toMatchObject({ allowDuplicateCivs: true, maxNumberOfLeaderBans: 4 });
    const read = await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.member });
    expect(read.body.settings.allowDuplicateCivs).toBe(true);
    const stored = await t.database.db.selectFrom('groups').select('settings').where('id', '=', group._id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.settings).allowDuplicateCivs).toBe(true);

    const off = await updateGroup(cast.owner, group._id, { settings: { allowDuplicateCivs: false } });
    expect(off.body.settings.allowDuplicateCivs).toBe(false);
    expect((await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.owner })).body.settings.allowDuplicateCivs).toBe(
      false,
    );
  });

  it('a Member cannot set it (403) and a value that is not true or false is refused (400); neither changes the group', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await t.database.db.selectFrom('groups').select('settings').where('id', '=', group._id).executeTakeFirstOrThrow();
    const byMember = await updateGroup(cast.member, group._id, { settings: { allowDuplicateCivs: true } });
    expect(byMember.status).toBe(403);
    const byOutsider = await updateGroup(cast.outsider, group._id, { settings: { allowDuplicateCivs: true } });
    // A private group does not show itself to outsiders.
    expect(byOutsider.status).toBe(404);
    const bad = await updateGroup(cast.owner, group._id, { settings: { allowDuplicateCivs: 'yes' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.settings).toMatch(/allowDuplicateCivs must be true or false/);
    const after = await t.database.db.selectFrom('groups').select('settings').where('id', '=', group._id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });
});

describe('lowering the limit from the group settings call', () => {
  it('postGroupSettings drops the latest bans beyond the new limit and tells the member, like updateGroup', async () => {
    const group = await groupWithBans();
    const lowered = await call(t.app, `/api/groups/postGroupSettings?groupID=${group._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: { settings: { maxNumberOfLeaderBans: 1 } },
    });
    expect(lowered.status).toBe(200);
    expect(await bansOf(group._id, cast.member)).toEqual([civ(7)]);
    expect((await prefsOf(group._id, cast.member)).body.notices).toEqual([BANS_DROPPED_NOTICE([shown(3), shown(9)], 1)]);
  });
});
