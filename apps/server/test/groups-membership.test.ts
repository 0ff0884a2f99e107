import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCast, groupWithCast, snapshot, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const post = (url: string, as: Cast[keyof Cast], payload?: unknown) => call(t.app, url, { method: 'POST', as, payload });

describe('POST /api/groups/joinGroup', () => {
  it('joins a public group without a code as a Member', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const res = await post('/api/groups/joinGroup', cast.outsider, { groupID: group._id, userID: cast.outsider.user.id });
    expect(res.status).toBe(200);
    expect(res.body.members).toContainEqual({
      userID: cast.outsider.user.id,
      username: cast.outsider.user.username,
      role: 'Member',
      isActive: true,
      team: null,
      notifications: { receiveEventNotifications: true },
    });
    expect(res.body.admins).not.toContain(cast.outsider.user.id);
  });

  it("answers 409 'You are already a member of this group!' to members", async () => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await snapshot(t.database.db, group._id);
    for (const user of [cast.member, cast.admin, cast.owner]) {
      const res = await post('/api/groups/joinGroup', user, { groupID: group._id, userID: user.user.id, inviteLink: group.inviteLink });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You are already a member of this group!');
    }
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });

  it('joins a private group only with its current code; otherwise the group looks absent', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const before = await snapshot(t.database.db, group._id);
    for (const inviteLink of [undefined, '', 'f'.repeat(32), group.inviteLink.toUpperCase()]) {
      const res = await post('/api/groups/joinGroup', cast.outsider, { groupID: group._id, userID: cast.outsider.user.id, inviteLink });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Group not found' });
    }
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
    const ok = await post('/api/groups/joinGroup', cast.outsider, {
      groupID: group._id,
      userID: cast.outsider.user.id,
      inviteLink: group.inviteLink,
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a public group with a wrong code (403)', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await snapshot(t.database.db, group._id);
    const res = await post('/api/groups/joinGroup', cast.outsider, {
      groupID: group._id,
      userID: cast.outsider.user.id,
      inviteLink: 'nope',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/invite link is not valid/);
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });

  it('refuses to join someone else in', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await snapshot(t.database.db, group._id);
    const res = await post('/api/groups/joinGroup', cast.member, {
      groupID: group._id,
      userID: cast.outsider.user.id,
      inviteLink: group.inviteLink,
    });
    expect(res.status).toBe(403);
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });
});

describe('POST /api/groups/leaveGroup', () => {
  it('lets members and Administrators leave', async () => {
    const group = await groupWithCast(t.app, cast, true);
    for (const user of [cast.member, cast.admin]) {
      const res = await post('/api/groups/leaveGroup', user, { groupID: group._id, userID: user.user.id });
      expect(res.status).toBe(200);
    }
    const after = await snapshot(t.database.db, group._id);
    expect(after.members.map((m) => m.user_id)).toEqual([cast.owner.user.id]);
  });

  it("refuses the owner with 'Group creators/owners cannot leave, they may only delete'", async () => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await snapshot(t.database.db, group._id);
    const res = await post('/api/groups/leaveGroup', cast.owner, { groupID: group._id, userID: cast.owner.user.id });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Group creators/owners cannot leave, they may only delete' });
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });

  it('refuses to make someone else leave', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await snapshot(t.database.db, group._id);
    const res = await post('/api/groups/leaveGroup', cast.owner, { groupID: group._id, userID: cast.member.user.id });
    expect(res.status).toBe(403);
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });
});

describe('POST /api/groups/kickMember', () => {
  it('lets the owner kick members and Administrators, and returns the updated group', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const res = await post('/api/groups/kickMember', cast.owner, { groupID: group._id, userID: cast.admin.user.id });
    expect(res.status).toBe(200);
    expect(res.body.members.map((m: { userID: string }) => m.userID)).toEqual([cast.owner.user.id, cast.member.user.id]);
    expect(res.body.admins).toEqual([cast.owner.user.id]);
  });

  it.each([
    ['the owner kicking themself', 'owner', 'owner', 403],
    ['an Administrator kicking a member', 'admin', 'member', 403],
    ['an Administrator kicking the owner', 'admin', 'owner', 403],
    ['a member kicking a member', 'member', 'admin', 403],
    ['the owner kicking a non-member', 'owner', 'outsider', 404],
  ] as const)('refuses %s', async (_, by, target, status) => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await snapshot(t.database.db, group._id);
    const res = await post('/api/groups/kickMember', cast[by], { groupID: group._id, userID: cast[target].user.id });
    expect(res.status).toBe(status);
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });
});

describe('POST /api/groups/updateMemberRole', () => {
  it('lets an Administrator promote a member, and keeps admins[] in step', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const res = await post(`/api/groups/updateMemberRole?groupID=${group._id}`, cast.admin, {
      userID: cast.member.user.id,
      role: 'Administrator',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userID: cast.member.user.id, role: 'Administrator' });
    const full = await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.member });
    expect(full.body.admins).toEqual([cast.owner.user.id, cast.admin.user.id, cast.member.user.id]);
  });

  it('lets the owner demote an Administrator', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const res = await post(`/api/groups/updateMemberRole?groupID=${group._id}`, cast.owner, { userID: cast.admin.user.id, role: 'Member' });
    expect(res.status).toBe(200);
    const full = await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.owner });
    expect(full.body.admins).toEqual([cast.owner.user.id]);
    expect(full.body.members.find((m: { userID: string }) => m.userID === cast.admin.user.id).role).toBe('Member');
  });

  it.each([
    ["the owner changing the owner's role", 'owner', 'owner', 'Member', 403, "The group owner's role cannot be changed"],
    ["an Administrator changing the owner's role", 'admin', 'owner', 'Member', 403, "The group owner's role cannot be changed"],
    [
      'an Administrator demoting an Administrator (themself)',
      'admin',
      'admin',
      'Member',
      403,
      "Only the group owner can change an Administrator's role",
    ],
    ['a member promoting themself', 'member', 'member', 'Administrator', 403, 'Only Administrators of this group can do that'],
    ['the owner changing a non-member', 'owner', 'outsider', 'Administrator', 404, 'Member not found'],
  ] as const)('refuses %s', async (_, by, target, role, status, message) => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await snapshot(t.database.db, group._id);
    const res = await post(`/api/groups/updateMemberRole?groupID=${group._id}`, cast[by], { userID: cast[target].user.id, role });
    expect(res.status).toBe(status);
    expect(res.body.message).toBe(message);
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });

  it('refuses roles other than Administrator and Member with a field error', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const before = await snapshot(t.database.db, group._id);
    const res = await post(`/api/groups/updateMemberRole?groupID=${group._id}`, cast.owner, { userID: cast.member.user.id, role: 'Owner' });
    expect(res.status).toBe(400);
    expect(res.body.fields.role).toBe('Role must be one of Administrator, Member');
    expect(await snapshot(t.database.db, group._id)).toEqual(before);
  });
});

describe("a member's own settings", () => {
  it("POST postPlayerMembership/{id} sets the caller's own isActive", async () => {
    const group = await groupWithCast(t.app, cast, true);
    const res = await post(`/api/groups/postPlayerMembership/${group._id}`, cast.member, { isActive: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ userID: cast.member.user.id, isActive: false });
    const members = (await call(t.app, `/api/groups/getMembers?groupID=${group._id}`, { as: cast.member })).body;
    expect(members.map((m: { isActive: boolean }) => m.isActive)).toEqual([true, true, false]);
    const back = await post(`/api/groups/postPlayerMembership/${group._id}`, cast.member, { isActive: true });
    expect(back.body).toMatchObject({ userID: cast.member.user.id, isActive: true });
    const again = (await call(t.app, `/api/groups/getMembers?groupID=${group._id}`, { as: cast.member })).body;
    expect(again.map((m: { isActive: boolean }) => m.isActive)).toEqual([true, true, true]);
    const bad = await post(`/api/groups/postPlayerMembership/${group._id}`, cast.member, { isActive: 'no' });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.isActive).toBeDefined();
  });

  it('POST postMemberNotifications saves Event Notifications for the caller only', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const off = await post(`/api/members/postMemberNotifications/${group._id}/${cast.member.user.id}`, cast.member, {
      receiveEventNotifications: false,
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ userID: cast.member.user.id, notifications: { receiveEventNotifications: false } });

    const before = await snapshot(t.database.db, group._id);
    const other = await post(`/api/members/postMemberNotifications/${group._id}/${cast.admin.user.id}`, cast.owner, {
      receiveEventNotifications: false,
    });
    expect(other.status).toBe(403);
    expect(await snapshot(t.database.db, group._id)).toEqual(before);

    const on = await post(`/api/members/postMemberNotifications/${group._id}/${cast.member.user.id}`, cast.member, {
      receiveEventNotifications: true,
    });
    expect(on.body.notifications).toEqual({ receiveEventNotifications: true });
  });
});
