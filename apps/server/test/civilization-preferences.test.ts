import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIV6_LEADERS } from '@smm/shared/civilization/leaders-civ6';
import { call, createCast, createGroup, groupWithCast, join, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const civ = (i: number) => CIV6_LEADERS[i]!.civID;
const postAs = (as: TestUser, path: string, groupID: string, payload: object) =>
  call(t.app, `/api/civilization/${path}?groupID=${groupID}`, { method: 'POST', as, payload });
const ban = (as: TestUser, groupID: string, leader: string, operation = 'add') =>
  postAs(as, 'postCivLeaderBanPreference', groupID, { leader, operation });
const prefsOf = (groupID: string, user: TestUser, as: TestUser = user) =>
  call(t.app, `/api/civilization/getCivPreferences?groupID=${groupID}&userID=${user.user.id}`, { as });

/** Every preference row of a group, to show that a refused request changed nothing. */
async function stored(groupID: string) {
  const db = t.database.db;
  const [agendas, bans, maps, settings, group] = await Promise.all([
    db.selectFrom('civ_leader_agendas').selectAll().where('group_id', '=', groupID).orderBy('user_id').execute(),
    db.selectFrom('civ_leader_bans').selectAll().where('group_id', '=', groupID).orderBy('user_id').orderBy('seq').execute(),
    db.selectFrom('civ_map_choices').selectAll().where('group_id', '=', groupID).orderBy('user_id').orderBy('map_name').execute(),
    db.selectFrom('civ_setting_preferences').selectAll().where('group_id', '=', groupID).orderBy('user_id').orderBy('title').execute(),
    db.selectFrom('groups').select(['settings', 'time_zone']).where('id', '=', groupID).executeTakeFirst(),
  ]);
  return { agendas, bans, maps, settings, group };
}

describe('leader agendas', () => {
  it('a member saves their own; the members table and any member read it', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const saved = await postAs(cast.member, 'postUserLeaderAgenda', group._id, { userLeaderAgenda: '  Wonders first, then science.  ' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ userLeaderAgenda: 'Wonders first, then science.' });
    // groupID may come in the body instead of the query string.
    const viaBody = await call(t.app, '/api/civilization/postUserLeaderAgenda', {
      method: 'POST',
      as: cast.admin,
      payload: { groupID: group._id, userLeaderAgenda: 'Rush.' },
    });
    expect(viaBody.status).toBe(200);
    const one = await call(t.app, `/api/civilization/getUserLeaderAgenda?groupID=${group._id}&userID=${cast.member.user.id}`, {
      as: cast.owner,
    });
    expect(one.body).toEqual({ userLeaderAgenda: 'Wonders first, then science.' });
    const all = await call(t.app, `/api/civilization/getGroupLeaderAgendas/${group._id}`, { as: cast.member });
    expect(all.status).toBe(200);
    expect(all.body).toEqual([
      { userID: cast.owner.user.id, username: cast.owner.user.username, userLeaderAgenda: '' },
      { userID: cast.admin.user.id, username: cast.admin.user.username, userLeaderAgenda: 'Rush.' },
      { userID: cast.member.user.id, username: cast.member.user.username, userLeaderAgenda: 'Wonders first, then science.' },
    ]);
  });

  it('refuses another user, outsiders, a missing group and a too long text', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await stored(group._id);
    expect(
      (await postAs(cast.owner, 'postUserLeaderAgenda', group._id, { userID: cast.member.user.id, userLeaderAgenda: 'x' })).status,
    ).toBe(403);
    expect((await postAs(cast.outsider, 'postUserLeaderAgenda', group._id, { userLeaderAgenda: 'x' })).status).toBe(403);
    expect((await call(t.app, `/api/civilization/getGroupLeaderAgendas/${group._id}`, { as: cast.outsider })).status).toBe(403);
    const long = await postAs(cast.member, 'postUserLeaderAgenda', group._id, { userLeaderAgenda: 'x'.repeat(501) });
    expect(long.status).toBe(400);
    expect(long.body.fields.userLeaderAgenda).toMatch(/500/);
    const noGroup = await call(t.app, '/api/civilization/postUserLeaderAgenda', {
      method: 'POST',
      as: cast.member,
      payload: { userLeaderAgenda: 'x' },
    });
    expect(noGroup.status).toBe(400);
    expect(noGroup.body.fields.groupID).toBeTruthy();
    expect(await stored(group._id)).toEqual(before);
  });
});

describe('leader bans, maps and setting preferences', () => {
  it('a member bans leaders, picks maps and settings; every member reads them', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const first = await ban(cast.member, group._id, civ(5));
    expect(first.status).toBe(200);
    expect(first.body.leaderBans).toEqual([{ civID: civ(5), nation: CIV6_LEADERS[5]!.nation, leader: CIV6_LEADERS[5]!.leader }]);
    await ban(cast.member, group._id, civ(0));
    // Banning twice keeps one ban; a leader object works as well as its civID.
    const again = await postAs(cast.member, 'postCivLeaderBanPreference', group._id, { leader: CIV6_LEADERS[0], operation: 'add' });
    expect(again.body.leaderBans.map((b: { civID: string }) => b.civID)).toEqual([civ(5), civ(0)]);

    const map = await postAs(cast.member, 'postCivMapPreference', group._id, { map: 'Earth', operation: 'add' });
    expect(map.status).toBe(200);
    expect(map.body.maps).toEqual([{ name: 'Earth', minPlayers: 6 }]);
    await postAs(cast.member, 'postCivMapPreference', group._id, { map: 'Pangaea', operation: 'add' });
    await postAs(cast.member, 'postCivMapPreference', group._id, { map: 'Earth', operation: 'remove' });

    const speed = await postAs(cast.member, 'postGameSettingPreference', group._id, {
      title: 'Game Speed',
      value: 'Quick',
      settingType: 'gameSettings',
    });
    expect(speed.status).toBe(200);
    // Numbers may be sent as text; the option is stored as the number it is.
    await postAs(cast.member, 'postGameSettingPreference', group._id, {
      title: 'Disaster Intensity',
      value: '4',
      settingType: 'gameSettings',
    });

    const read = await prefsOf(group._id, cast.member, cast.owner);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      groupID: group._id,
      userID: cast.member.user.id,
      leaderBans: [{ civID: civ(5) }, { civID: civ(0) }],
      maps: [{ name: 'Pangaea', minPlayers: 1 }],
    });
    expect(read.body.gameSettings).toEqual(
      expect.arrayContaining([
        { title: 'Game Speed', value: 'Quick' },
        { title: 'Disaster Intensity', value: 4 },
      ]),
    );
    const unban = await ban(cast.member, group._id, civ(5), 'remove');
    expect(unban.body.leaderBans.map((b: { civID: string }) => b.civID)).toEqual([civ(0)]);

    const all = await call(t.app, `/api/civilization/getAllCivPreferences?groupID=${group._id}`, { as: cast.admin });
    expect(all.status).toBe(200);
    expect(all.body.map((p: { userID: string }) => p.userID)).toEqual([cast.owner.user.id, cast.admin.user.id, cast.member.user.id]);
  });

  it.each([
    ['postCivLeaderBanPreference', { leader: 'LEADER_NOBODY', operation: 'add' }, 'leader'],
    ['postCivLeaderBanPreference', { leader: 'LEADER_GANDHI', operation: 'ban' }, 'operation'],
    ['postCivLeaderBanPreference', { operation: 'add' }, 'leader'],
    ['postCivMapPreference', { map: 'Atlantis', operation: 'add' }, 'map'],
    ['postGameSettingPreference', { title: 'Gravity', value: 'Low', settingType: 'gameSettings' }, 'title'],
    ['postGameSettingPreference', { title: 'Game Speed', value: 'Ludicrous', settingType: 'gameSettings' }, 'value'],
    ['postGameSettingPreference', { title: 'Game Speed', value: 'Quick', settingType: 'lobbySettings' }, 'settingType'],
    ['postGameSettingPreference', { title: 'Disaster Intensity', value: 7, settingType: 'gameSettings' }, 'value'],
  ])('%s refuses %j with a 400 naming %s and changes nothing', async (path, payload, field) => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await stored(group._id);
    const res = await postAs(cast.member, path, group._id, payload);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBeTruthy();
    expect(await stored(group._id)).toEqual(before);
  });

  it('a user changes only their own preferences; outsiders and anonymous callers are refused', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await stored(group._id);
    expect(
      (await postAs(cast.owner, 'postCivLeaderBanPreference', group._id, { userID: cast.member.user.id, leader: civ(1), operation: 'add' }))
        .status,
    ).toBe(403);
    expect(
      (await postAs(cast.owner, 'postCivMapPreference', group._id, { userID: cast.member.user.id, map: 'Earth', operation: 'add' })).status,
    ).toBe(403);
    expect(
      (
        await postAs(cast.owner, 'postGameSettingPreference', group._id, {
          userID: cast.member.user.id,
          title: 'Game Speed',
          value: 'Quick',
          settingType: 'gameSettings',
        })
      ).status,
    ).toBe(403);
    expect((await ban(cast.outsider, group._id, civ(1))).status).toBe(403);
    expect((await prefsOf(group._id, cast.member, cast.outsider)).status).toBe(403);
    expect((await call(t.app, `/api/civilization/getAllCivPreferences?groupID=${group._id}`, { as: cast.outsider })).status).toBe(403);
    expect((await call(t.app, `/api/civilization/getAllCivPreferences?groupID=${group._id}`)).status).toBe(401);
    expect(
      (
        await call(t.app, `/api/civilization/getMemberCivPreferences?groupID=${group._id}`, {
          method: 'POST',
          as: cast.outsider,
          payload: [cast.member.user.id],
        })
      ).status,
    ).toBe(403);
    expect(await stored(group._id)).toEqual(before);
  });

  it('a group of a game without a civ list answers the spec message', async () => {
    const group = await createGroup(t.app, cast.owner, { gameName: 'Dota 2' });
    const res = await ban(cast.owner, group._id, civ(1));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Failure to retrieve civilizations');
    const setting = await postAs(cast.owner, 'postGroupGameSetting', group._id, {
      title: 'Game Speed',
      settingType: 'gameSettings',
      property: 'isEnabled',
      isEnabled: false,
    });
    expect(setting.status).toBe(404);
    expect(setting.body.message).toBe('Cannot get default settings.');
  });
});

describe('the leader ban limit', () => {
  it('refuses the n+1th ban with a 409 naming the limit', async () => {
    const group = await groupWithCast(t.app, cast, true);
    await call(t.app, `/api/groups/postGroupSettings?groupID=${group._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: { settings: { maxNumberOfLeaderBans: 2 } },
    });
    expect((await ban(cast.member, group._id, civ(1))).status).toBe(200);
    expect((await ban(cast.member, group._id, civ(2))).status).toBe(200);
    const third = await ban(cast.member, group._id, civ(3));
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(/\b2\b/);
    // Re-banning one already banned is not a new ban.
    expect((await ban(cast.member, group._id, civ(2))).status).toBe(200);
  });

  it('20 parallel bans by one member at a limit of n leave exactly n', async () => {
    const group = await groupWithCast(t.app, cast, true);
    await call(t.app, `/api/civilization/updateGroup?groupID=${group._id}`, {
      method: 'POST',
      as: cast.admin,
      payload: { settings: { maxNumberOfLeaderBans: 3 } },
    });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => ban(cast.member, group._id, civ(i))));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 409)).toHaveLength(17);
    const rows = await t.database.db.selectFrom('civ_leader_bans').selectAll().where('group_id', '=', group._id).execute();
    expect(rows).toHaveLength(3);
  });

  it("lowering the limit drops each member's latest bans; the draft reads the first n of each member", async () => {
    const group = await groupWithCast(t.app, cast, true);
    for (const i of [7, 3, 9, 1]) await ban(cast.member, group._id, civ(i));
    await ban(cast.admin, group._id, civ(20));
    const lowered = await call(t.app, `/api/civilization/updateGroup?groupID=${group._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: { settings: { maxNumberOfLeaderBans: 2 } },
    });
    expect(lowered.status).toBe(200);
    expect(lowered.body.settings.maxNumberOfLeaderBans).toBe(2);
    const all = await prefsOf(group._id, cast.member);
    expect(all.body.leaderBans.map((b: { civID: string }) => b.civID)).toEqual([civ(7), civ(3)]);

    const draft = await call(t.app, `/api/civilization/getMemberCivPreferences?groupID=${group._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: { userIDs: [cast.member.user.id, cast.admin.user.id] },
    });
    expect(draft.status).toBe(200);
    expect(
      draft.body.map((p: { userID: string; leaderBans: { civID: string }[] }) => [p.userID, p.leaderBans.map((b) => b.civID)]),
    ).toEqual([
      [cast.admin.user.id, [civ(20)]],
      [cast.member.user.id, [civ(7), civ(3)]],
    ]);
    // A bare list works too; someone outside the group is named in a 400.
    const bare = await call(t.app, `/api/civilization/getMemberCivPreferences?groupID=${group._id}`, {
      method: 'POST',
      as: cast.member,
      payload: [cast.member.user.id],
    });
    expect(bare.body).toHaveLength(1);
    const stranger = await call(t.app, `/api/civilization/getMemberCivPreferences?groupID=${group._id}`, {
      method: 'POST',
      as: cast.member,
      payload: [cast.outsider.user.id],
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.fields.userIDs).toContain(cast.outsider.user.id);
  });
});

describe('group game settings', () => {
  it('a new Civilization 6 group starts with the spec defaults, every entry enabled', async () => {
    const group = await createGroup(t.app, cast.owner);
    const byTitle = Object.fromEntries(group.settings.gameSettings.map((e) => [e.title, e.lockedValue]));
    expect(byTitle).toMatchObject({
      'Turn Timer': 'Standard Turn Timer',
      'Turn Mode': 'Dynamic Turns',
      'Smart-Timer': 'Moderate',
      'Start Era': 'Ancient Era',
      'Game Speed': 'Online',
      'Disaster Intensity': 2,
      'Map Size': 'Standard',
    });
    expect(group.settings.victoryTypes.every((e) => e.lockedValue === 'Standard' && e.isEnabled)).toBe(true);
    expect([...group.settings.gameModes, ...group.settings.tradingAndDiplomacy].every((e) => e.lockedValue === 'Off')).toBe(true);
    expect(group.settings.maxNumberOfLeaderBans).toBe(5);
    expect(group.timeZone).toBe('UTC');
  });

  it('Administrators lock a setting; members can no longer choose it', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const byMember = await postAs(cast.member, 'postGroupGameSetting', group._id, {
      title: 'Game Speed',
      settingType: 'gameSettings',
      property: 'isEnabled',
      isEnabled: false,
    });
    expect(byMember.status).toBe(403);
    const locked = await postAs(cast.admin, 'postGroupGameSetting', group._id, {
      title: 'Game Speed',
      settingType: 'gameSettings',
      property: 'isEnabled',
      isEnabled: false,
    });
    expect(locked.status).toBe(200);
    const value = await postAs(cast.admin, 'postGroupGameSetting', group._id, {
      title: 'Game Speed',
      settingType: 'gameSettings',
      property: 'lockedValue',
      lockedValue: 'Quick',
    });
    expect(value.status).toBe(200);
    expect(value.body.settings.gameSettings.find((e: { title: string }) => e.title === 'Game Speed')).toEqual({
      title: 'Game Speed',
      isEnabled: false,
      value: 'Quick',
      lockedValue: 'Quick',
    });
    const choose = await postAs(cast.member, 'postGameSettingPreference', group._id, {
      title: 'Game Speed',
      value: 'Epic',
      settingType: 'gameSettings',
    });
    expect(choose.status).toBe(409);
    expect(choose.body.message).toBe('This setting is locked by the group');
  });

  it.each([
    [{ title: 'Gravity', settingType: 'gameSettings', property: 'isEnabled', isEnabled: true }, 'title'],
    [{ title: 'Game Speed', settingType: 'gameSettings', property: 'lockedValue', lockedValue: 'Ludicrous' }, 'lockedValue'],
    [{ title: 'Game Speed', settingType: 'gameSettings', property: 'lockedValue' }, 'lockedValue'],
    [{ title: 'Game Speed', settingType: 'gameSettings', property: 'colour', isEnabled: true }, 'property'],
  ])('postGroupGameSetting refuses %j with a 400 naming %s and changes nothing', async (payload, field) => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await stored(group._id);
    const res = await postAs(cast.owner, 'postGroupGameSetting', group._id, payload);
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toBeTruthy();
    expect(await stored(group._id)).toEqual(before);
  });

  it('updateGroup saves entries, the limit and the zone at once, for Administrators only, and validates every entry', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await stored(group._id);
    const body = {
      timeZone: 'America/New_York',
      settings: {
        maxNumberOfLeaderBans: 4,
        gameModes: [{ title: group.settings.gameModes[0]!.title, isEnabled: false, lockedValue: 'On' }],
      },
    };
    expect((await postAs(cast.member, 'updateGroup', group._id, body)).status).toBe(403);
    for (const bad of [
      { settings: { maxNumberOfLeaderBans: 6 } },
      { settings: { gameModes: [{ title: 'Chess Mode', isEnabled: false, lockedValue: 'On' }] } },
      { settings: { gameModes: [{ title: group.settings.gameModes[0]!.title, isEnabled: false, lockedValue: 'Maybe' }] } },
    ]) {
      const res = await postAs(cast.admin, 'updateGroup', group._id, bad);
      expect(res.status).toBe(400);
      expect(res.body.fields.settings).toBeTruthy();
    }
    expect(await stored(group._id)).toEqual(before);
    const ok = await postAs(cast.admin, 'updateGroup', group._id, body);
    expect(ok.status).toBe(200);
    expect(ok.body.timeZone).toBe('America/New_York');
    expect(ok.body.settings.maxNumberOfLeaderBans).toBe(4);
    expect(ok.body.settings.gameModes[0]).toMatchObject({ isEnabled: false, lockedValue: 'On' });
    expect(ok.body.settings.gameModes[1]).toMatchObject({ isEnabled: true, lockedValue: 'Off' });
    const full = await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.member });
    expect(full.body.settings).toEqual(ok.body.settings);
  });

  it('a group stored before the catalogue gets the defaults filled in when read', async () => {
    const group = await createGroup(t.app, cast.owner);
    await t.database.db
      .updateTable('groups')
      .set({
        settings: JSON.stringify({
          maxNumberOfLeaderBans: 3,
          gameSettings: [{ title: 'Game Speed', isEnabled: false, value: 'Epic', lockedValue: 'Epic' }],
          gameModes: [],
          victoryTypes: [],
          tradingAndDiplomacy: [],
        }),
      })
      .where('id', '=', group._id)
      .execute();
    const full = await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.owner });
    expect(full.body.settings.maxNumberOfLeaderBans).toBe(3);
    expect(full.body.settings.gameSettings.find((e: { title: string }) => e.title === 'Game Speed')).toMatchObject({
      isEnabled: false,
      lockedValue: 'Epic',
    });
    expect(full.body.settings.gameSettings.find((e: { title: string }) => e.title === 'Turn Mode')).toMatchObject({
      isEnabled: true,
      lockedValue: 'Dynamic Turns',
    });
    expect(full.body.settings.victoryTypes.length).toBeGreaterThan(0);
  });
});

// Joined here so the factory's join helper stays in use for a member who joins later.
it('a member who joined later reads and writes preferences like anyone', async () => {
  const group = await createGroup(t.app, cast.owner);
  await join(t.app, group, cast.member);
  expect((await ban(cast.member, group._id, civ(1))).status).toBe(200);
});
