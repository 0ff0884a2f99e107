import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createCast, groupWithCast, snapshot, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Parallel requests through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
let cast: Cast;
let crowd: TestUser[];
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  crowd = await Promise.all(Array.from({ length: 20 }, () => createUser(t.app)));
});
afterAll(() => t.close());

/** The invariants: one row per member, the owner a member and an Administrator, admins[] = Administrator rows. */
async function expectSound(groupID: string) {
  const { group, members } = await snapshot(t.database.db, groupID);
  const ids = members.map((m) => m.user_id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(group?.group_owner).toBe(cast.owner.user.id);
  expect(members.find((m) => m.user_id === cast.owner.user.id)?.role).toBe('Administrator');
  const full = await call(t.app, `/api/groups/getFullGroup?groupID=${groupID}`, { as: cast.owner });
  expect(full.body.groupOwner).toBe(cast.owner.user.id);
  expect([...full.body.admins].sort()).toEqual(
    members
      .filter((m) => m.role === 'Administrator')
      .map((m) => m.user_id)
      .sort(),
  );
  return members;
}

describe('concurrency', () => {
  it('20 parallel joins by the same user make one membership; the rest get 409', async () => {
    const group = await groupWithCast(t.app, cast, false);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, '/api/groups/joinGroup', {
          method: 'POST',
          as: cast.outsider,
          payload: { groupID: group._id, userID: cast.outsider.user.id },
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const conflicts = results.filter((r) => r.status === 409);
    expect(conflicts).toHaveLength(19);
    for (const r of conflicts) expect(r.body.message).toBe('You are already a member of this group!');
    const members = await expectSound(group._id);
    expect(members.filter((m) => m.user_id === cast.outsider.user.id)).toHaveLength(1);
  });

  it('20 different users joining at once all get in, once each', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const results = await Promise.all(
      crowd.flatMap((user) =>
        [0, 1].map(() =>
          call(t.app, '/api/groups/joinGroup', {
            method: 'POST',
            as: user,
            payload: { groupID: group._id, userID: user.user.id, inviteLink: group.inviteLink },
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(20);
    expect(results.filter((r) => r.status === 409)).toHaveLength(20);
    const members = await expectSound(group._id);
    expect(members).toHaveLength(3 + 20);
  });

  it('parallel role changes, kicks and leaves never remove the owner or duplicate a member', async () => {
    const group = await groupWithCast(t.app, cast, false);
    await Promise.all(
      crowd
        .slice(0, 10)
        .map((user) =>
          call(t.app, '/api/groups/joinGroup', { method: 'POST', as: user, payload: { groupID: group._id, userID: user.user.id } }),
        ),
    );
    const roleUrl = `/api/groups/updateMemberRole?groupID=${group._id}`;
    const requests = [
      // Everyone with any right tries to demote the owner or kick them.
      ...[cast.owner, cast.admin].flatMap((by) => [
        call(t.app, roleUrl, { method: 'POST', as: by, payload: { userID: cast.owner.user.id, role: 'Member' } }),
        call(t.app, '/api/groups/kickMember', { method: 'POST', as: by, payload: { groupID: group._id, userID: cast.owner.user.id } }),
      ]),
      call(t.app, '/api/groups/leaveGroup', {
        method: 'POST',
        as: cast.owner,
        payload: { groupID: group._id, userID: cast.owner.user.id },
      }),
      // Promotions and demotions racing each other.
      ...crowd.slice(0, 10).flatMap((user, i) => [
        call(t.app, roleUrl, {
          method: 'POST',
          as: i % 2 ? cast.admin : cast.owner,
          payload: { userID: user.user.id, role: 'Administrator' },
        }),
        call(t.app, roleUrl, {
          method: 'POST',
          as: cast.owner,
          payload: { userID: user.user.id, role: i % 3 ? 'Member' : 'Administrator' },
        }),
      ]),
      call(t.app, roleUrl, { method: 'POST', as: cast.admin, payload: { userID: cast.member.user.id, role: 'Administrator' } }),
      call(t.app, roleUrl, { method: 'POST', as: cast.owner, payload: { userID: cast.admin.user.id, role: 'Member' } }),
      // Kicks and leaves of ordinary members at the same time.
      call(t.app, '/api/groups/kickMember', { method: 'POST', as: cast.owner, payload: { groupID: group._id, userID: crowd[0]!.user.id } }),
      call(t.app, '/api/groups/leaveGroup', { method: 'POST', as: crowd[1]!, payload: { groupID: group._id, userID: crowd[1]!.user.id } }),
    ];
    const results = await Promise.all(requests);
    expect(results.slice(0, 5).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect(results.every((r) => [200, 403, 404].includes(r.status))).toBe(true);
    await expectSound(group._id);
  });

  it('20 parallel role flips of one member end in a valid single row', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const roleUrl = `/api/groups/updateMemberRole?groupID=${group._id}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, roleUrl, {
          method: 'POST',
          as: i % 2 ? cast.owner : cast.admin,
          payload: { userID: cast.member.user.id, role: i % 2 ? 'Member' : 'Administrator' },
        }),
      ),
    );
    // The owner's requests always pass; an Administrator's pass only while the member is still a Member.
    expect(results.filter((r, i) => i % 2 === 1).every((r) => r.status === 200)).toBe(true);
    expect(results.every((r) => r.status === 200 || r.status === 403)).toBe(true);
    const members = await expectSound(group._id);
    expect(members.filter((m) => m.user_id === cast.member.user.id)).toHaveLength(1);
  });

  it('parallel card additions get distinct orders 0..n-1', async () => {
    const group = await groupWithCast(t.app, cast, false);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(t.app, '/api/components/postGroupCard', {
          method: 'POST',
          as: cast.admin,
          payload: { groupID: group._id, title: `Card ${i}`, body: '' },
        }),
      ),
    );
    const { cards } = await snapshot(t.database.db, group._id);
    expect(cards.map((c) => c.card_order).sort((a, b) => a - b)).toEqual(Array.from({ length: 22 }, (_, i) => i));
  });
});
