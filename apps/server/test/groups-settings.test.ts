import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCast, groupWithCast, join, snapshot, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

describe('POST /api/groups/postGroupSettings', () => {
  it('changes only isPrivate and maxNumberOfLeaderBans, even when sent the whole group', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await snapshot(t.database.db, group._id);
    const res = await call(t.app, `/api/groups/postGroupSettings?groupID=${group._id}`, {
      method: 'POST',
      as: cast.admin,
      payload: {
        ...group,
        groupName: 'Renamed',
        groupOwner: cast.admin.user.id,
        inviteLink: 'chosen',
        isPrivate: false,
        members: [],
        settings: {
          ...group.settings,
          maxNumberOfLeaderBans: 3,
          gameSettings: [{ title: 'x', isEnabled: true, value: 1, lockedValue: 1 }],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      groupName: 'Private Group',
      groupOwner: cast.owner.user.id,
      inviteLink: group.inviteLink,
      isPrivate: false,
    });
    expect(res.body.settings).toEqual({ ...group.settings, maxNumberOfLeaderBans: 3 });
    expect(res.body.members).toHaveLength(3);
    const after = await snapshot(t.database.db, group._id);
    expect(after.members).toEqual(before.members);
    expect(after.cards).toEqual(before.cards);
    expect({ ...after.group, settings: JSON.parse(after.group!.settings) }).toEqual({
      ...before.group,
      is_private: 0,
      settings: { ...group.settings, maxNumberOfLeaderBans: 3 },
      // The ban limit is a game setting: their version moves on.
      settings_updated_at: before.group!.settings_updated_at + 1,
    });

    const toggled = await call(t.app, `/api/groups/postGroupSettings?groupID=${group._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: { isPrivate: true },
    });
    expect(toggled.body).toMatchObject({ isPrivate: true, settings: { maxNumberOfLeaderBans: 3 } });
  });

  it.each([0, 6, 2.5, '3'])('refuses maxNumberOfLeaderBans %j', async (value) => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await snapshot(t.database.db, group._id);
    const res = await call(t.app, `/api/groups/postGroupSettings?groupID=${group._id}`, {
      method: 'POST',
      as: cast.owner,
      payload: { isPrivate: false, settings: { maxNumberOfLeaderBans: value } },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.settings).toMatch(/Max leader bans/);
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });
});

describe('POST /api/groups/regenerateInviteLink', () => {
  it('replaces the code: the old link stops working, the new one works', async () => {
    for (const isPrivate of [true, false]) {
      const group = await groupWithCast(t.app, cast, isPrivate);
      const res = await call(t.app, `/api/groups/regenerateInviteLink?groupID=${group._id}`, { method: 'POST', as: cast.admin });
      expect(res.status).toBe(200);
      expect(res.body.inviteLink).toMatch(/^[0-9a-f]{32}$/);
      expect(res.body.inviteLink).not.toBe(group.inviteLink);
      expect(res.body.inviteURL).toContain(`inviteLink=${res.body.inviteLink}`);

      const stale = await call(t.app, '/api/groups/joinGroup', {
        method: 'POST',
        as: cast.outsider,
        payload: { groupID: group._id, userID: cast.outsider.user.id, inviteLink: group.inviteLink },
      });
      expect(stale.status).toBe(isPrivate ? 404 : 403);
      const staleRead = await call(t.app, `/api/groups/getGroup?groupID=${group._id}&inviteLink=${group.inviteLink}`);
      expect(staleRead.status).toBe(isPrivate ? 404 : 200);

      await join(t.app, res.body, cast.outsider);
      await call(t.app, '/api/groups/leaveGroup', {
        method: 'POST',
        as: cast.outsider,
        payload: { groupID: group._id, userID: cast.outsider.user.id },
      });
    }
  });
});

describe('POST /api/groups/deleteGroup/{id}', () => {
  it('deletes the group with its members and cards', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const res = await call(t.app, `/api/groups/deleteGroup/${group._id}`, { method: 'POST', as: cast.owner });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Group deleted' });
    expect(await snapshot(t.database.db, group._id)).toEqual({ group: undefined, members: [], cards: [] });
    expect((await call(t.app, `/api/groups/getGroup?groupID=${group._id}`, { as: cast.owner })).status).toBe(404);
    expect((await call(t.app, `/api/groups/deleteGroup/${group._id}`, { method: 'POST', as: cast.owner })).status).toBe(404);
  });
});
