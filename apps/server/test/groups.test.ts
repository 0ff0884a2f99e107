import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCast, createGroup, groupWithCast, join, type Cast } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const countRows = async (table: 'groups' | 'group_members' | 'group_cards') =>
  Number(
    (
      await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('GET /api/games/getGames', () => {
  it('lists the six supported games with their group area and icon, without login', async () => {
    const res = await call(t.app, '/api/games/getGames');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { gameName: 'Civilization 6', linkURL: 'civGroup', icon: '/games/civ6.svg' },
      { gameName: 'Civilization 5', linkURL: 'civGroup', icon: '/games/civ5.svg' },
      { gameName: 'Civilization 4', linkURL: 'civGroup', icon: '/games/civ4.svg' },
      { gameName: 'Dota 2', linkURL: 'dotaGroup', icon: '/games/dota2.svg' },
      { gameName: 'RuneScape', linkURL: 'runeScapeClan', icon: '/games/runescape.svg' },
      { gameName: 'Old School RuneScape', linkURL: 'runeScapeClan', icon: '/games/osrs.svg' },
    ]);
  });
});

describe('POST /api/groups/createGroup', () => {
  it('makes the caller owner and Administrator, derives linkURL, defaults to private and adds a Welcome card', async () => {
    const res = await call(t.app, '/api/groups/createGroup', {
      method: 'POST',
      as: cast.owner,
      payload: {
        userID: cast.owner.user.id,
        groupOwner: cast.owner.user.id,
        groupName: '  Raiders  ',
        gameName: 'Old School RuneScape',
        admins: [cast.admin.user.id],
        members: [{ userID: cast.member.user.id }],
        linkURL: 'civGroup',
      },
    });
    expect(res.status).toBe(200);
    const group = res.body;
    expect(group).toMatchObject({
      groupName: 'Raiders',
      gameName: 'Old School RuneScape',
      linkURL: 'runeScapeClan',
      isPrivate: true,
      groupOwner: cast.owner.user.id,
      admins: [cast.owner.user.id],
      members: [
        {
          userID: cast.owner.user.id,
          username: cast.owner.user.username,
          role: 'Administrator',
          isActive: true,
          team: null,
          notifications: { receiveEventNotifications: true },
        },
      ],
      settings: { maxNumberOfLeaderBans: 5, gameSettings: [], gameModes: [], victoryTypes: [], tradingAndDiplomacy: [] },
      cards: [{ groupID: group._id, title: 'Welcome', footer: '', cardOrder: 0 }],
    });
    expect(group.cards[0].body).toContain('Welcome to Raiders!');
    expect(group.inviteLink).toMatch(/^[0-9a-f]{32}$/);
    expect(group.inviteURL).toBe(`http://smm.test/invite?groupID=${group._id}&inviteLink=${group.inviteLink}`);
  });

  it.each([
    ['Civilization 6', 'civGroup'],
    ['Civilization 5', 'civGroup'],
    ['Civilization 4', 'civGroup'],
    ['Dota 2', 'dotaGroup'],
    ['RuneScape', 'runeScapeClan'],
  ])('%s groups live under /%s', async (gameName, linkURL) => {
    const group = await createGroup(t.app, cast.owner, { gameName, isPrivate: false });
    expect(group.linkURL).toBe(linkURL);
    expect(group.isPrivate).toBe(false);
  });

  it('gives each group its own invite code', async () => {
    const a = await createGroup(t.app, cast.owner);
    const b = await createGroup(t.app, cast.owner);
    expect(a.inviteLink).not.toBe(b.inviteLink);
  });

  it.each([
    [{ gameName: 'Dota 2' }, 'groupName', 'Group name field is required'],
    [{ groupName: '   ', gameName: 'Dota 2' }, 'groupName', 'Group name field is required'],
    [{ groupName: 'x'.repeat(51), gameName: 'Dota 2' }, 'groupName', 'Group name must be at most 50 characters'],
    [{ groupName: 'G' }, 'gameName', 'Game field is required'],
    [{ groupName: 'G', gameName: 'Chess' }, 'gameName', expect.stringContaining('Game must be one of')],
    [{ groupName: 'G', gameName: 'Civilization 1' }, 'gameName', expect.stringContaining('Game must be one of')],
  ])('refuses %j with a field error under %s', async (payload, field, message) => {
    const before = await countRows('groups');
    const res = await call(t.app, '/api/groups/createGroup', { method: 'POST', as: cast.owner, payload });
    expect(res.status).toBe(400);
    expect(res.body.fields[field]).toEqual(message);
    expect(await countRows('groups')).toBe(before);
  });

  it('refuses to create a group for someone else, and without login', async () => {
    const before = [await countRows('groups'), await countRows('group_members'), await countRows('group_cards')];
    for (const field of ['userID', 'groupOwner']) {
      const res = await call(t.app, '/api/groups/createGroup', {
        method: 'POST',
        as: cast.owner,
        payload: { groupName: 'Not mine', gameName: 'Dota 2', [field]: cast.member.user.id },
      });
      expect(res.status).toBe(403);
    }
    const anonymous = await call(t.app, '/api/groups/createGroup', { method: 'POST', payload: { groupName: 'G', gameName: 'Dota 2' } });
    expect(anonymous.status).toBe(401);
    expect([await countRows('groups'), await countRows('group_members'), await countRows('group_cards')]).toEqual(before);
  });
});

describe('GET /api/groups/getUserGroups', () => {
  it("lists the caller's groups with game icon and member count, and only the caller's", async () => {
    const user = await createUser(t.app);
    const mine = await createGroup(t.app, user, { groupName: 'B mine', gameName: 'Dota 2' });
    const joined = await groupWithCast(t.app, cast, false);
    await join(t.app, joined, user);
    await createGroup(t.app, cast.owner, { groupName: 'Not joined' });

    const res = await call(t.app, `/api/groups/getUserGroups?userID=${user.user.id}`, { as: user });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        _id: mine._id,
        groupName: 'B mine',
        gameName: 'Dota 2',
        linkURL: 'dotaGroup',
        icon: '/games/dota2.svg',
        isPrivate: true,
        groupOwner: user.user.id,
        memberCount: 1,
        role: 'Administrator',
        nextEvent: null,
      },
      expect.objectContaining({ _id: joined._id, groupName: 'Public Group', memberCount: 4, icon: '/games/civ6.svg', role: 'Member' }),
    ]);

    const other = await call(t.app, `/api/groups/getUserGroups?userID=${cast.owner.user.id}`, { as: user });
    expect(other.status).toBe(403);
    expect((await call(t.app, `/api/groups/getUserGroups?userID=${user.user.id}`)).status).toBe(401);
  });
});

describe('GET /api/groups/searchGroups', () => {
  it('lists public groups only, filtered by game, with member counts', async () => {
    const pub = await createGroup(t.app, cast.owner, { groupName: 'Searchable clan', gameName: 'RuneScape', isPrivate: false });
    await join(t.app, pub, cast.member);
    const hidden = await createGroup(t.app, cast.owner, { groupName: 'Hidden clan', gameName: 'RuneScape', isPrivate: true });

    const res = await call(t.app, '/api/groups/searchGroups?gameName=RuneScape', { as: cast.outsider });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual(
      expect.objectContaining({
        _id: pub._id,
        groupName: 'Searchable clan',
        gameName: 'RuneScape',
        linkURL: 'runeScapeClan',
        memberCount: 2,
      }),
    );
    expect(res.body.map((g: { _id: string }) => g._id)).not.toContain(hidden._id);
    expect(res.body.every((g: { gameName: string; isPrivate: boolean }) => g.gameName === 'RuneScape' && !g.isPrivate)).toBe(true);

    const all = await call(t.app, '/api/groups/searchGroups', { as: cast.outsider });
    expect(all.body.map((g: { _id: string }) => g._id)).toContain(pub._id);
    expect(new Set(all.body.map((g: { gameName: string }) => g.gameName)).size).toBeGreaterThan(1);
    expect((await call(t.app, '/api/groups/searchGroups?gameName=', { as: cast.outsider })).body).toEqual(all.body);
    expect((await call(t.app, '/api/groups/searchGroups?gameName=Chess', { as: cast.outsider })).body).toEqual([]);
  });
});

describe('GET /api/groups/getGroup', () => {
  it('shows name and members to anyone for a public group; the invite code only to members', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const anonymous = await call(t.app, `/api/groups/getGroup?groupID=${group._id}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ groupName: 'Public Group', admins: [cast.owner.user.id, cast.admin.user.id] });
    expect(anonymous.body.members).toHaveLength(3);
    expect(anonymous.body.members[0]).not.toHaveProperty('notifications');
    expect(anonymous.body).not.toHaveProperty('inviteLink');
    expect((await call(t.app, `/api/groups/getGroup?groupID=${group._id}`, { as: cast.outsider })).body).not.toHaveProperty('inviteLink');
    expect((await call(t.app, `/api/groups/getGroup?groupID=${group._id}`, { as: cast.member })).body.inviteLink).toBe(group.inviteLink);
  });

  it('shows a private group to holders of the current invite code (the invite page), without echoing the code', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const res = await call(t.app, `/api/groups/getGroup?groupID=${group._id}&inviteLink=${group.inviteLink}`);
    expect(res.status).toBe(200);
    expect(res.body.groupName).toBe('Private Group');
    expect(res.body.members.map((m: { username: string }) => m.username)).toEqual(
      [cast.owner, cast.admin, cast.member].map((u) => u.user.username),
    );
    expect(res.body).not.toHaveProperty('inviteLink');
  });

  it('answers 400 with a field error when groupID is missing', async () => {
    const res = await call(t.app, '/api/groups/getGroup');
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('groupID');
  });
});

describe('OpenAPI', () => {
  it('publishes every group, game, member and card endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const expected = {
      '/api/games/getGames': 'get',
      '/api/groups/searchGroups': 'get',
      '/api/groups/getUserGroups': 'get',
      '/api/groups/createGroup': 'post',
      '/api/groups/getGroup': 'get',
      '/api/groups/getFullGroup': 'get',
      '/api/groups/getMembers': 'get',
      '/api/groups/postGroupSettings': 'post',
      '/api/groups/regenerateInviteLink': 'post',
      '/api/groups/deleteGroup/{id}': 'post',
      '/api/groups/joinGroup': 'post',
      '/api/groups/leaveGroup': 'post',
      '/api/groups/kickMember': 'post',
      '/api/groups/updateMemberRole': 'post',
      '/api/groups/postPlayerMembership/{id}': 'post',
      '/api/members/postMemberNotifications/{groupID}/{userID}': 'post',
      '/api/components/getGroupCards': 'get',
      '/api/components/postGroupCard': 'post',
      '/api/components/postGroupCardOrder': 'post',
      '/api/components/postRemoveGroupCard': 'post',
    };
    for (const [path, method] of Object.entries(expected)) {
      const operation = doc.paths[path]?.[method] as { responses: Record<string, unknown> } | undefined;
      expect(operation, path).toBeDefined();
      expect(Object.keys(operation!.responses), path).toContain('200');
    }
  });
});
