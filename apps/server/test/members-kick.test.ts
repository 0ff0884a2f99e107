import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { GROUP_NOT_FOUND_MESSAGE, INVALID_INVITE_MESSAGE } from '@smm/shared/groups/messages';
import { call, createCast, createGroup, join, setRole, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const kick = (group: FullGroupDto, by = cast.owner, payload: Record<string, unknown> = {}) =>
  call(t.app, '/api/groups/kickMember', {
    method: 'POST',
    as: by,
    payload: { groupID: group._id, userID: cast.member.user.id, ...payload },
  });

const rejoin = (group: FullGroupDto, inviteLink: string) =>
  call(t.app, '/api/groups/joinGroup', {
    method: 'POST',
    as: cast.member,
    payload: { groupID: group._id, userID: cast.member.user.id, inviteLink },
  });

describe('kickMember with replaceInviteLink', () => {
  it.each([true, false])(
    'kicks and replaces the invite code in one step, so the old link stops working (private: %s)',
    async (isPrivate) => {
      const group = await createGroup(t.app, cast.owner, { isPrivate });
      await join(t.app, group, cast.member);

      const res = await kick(group, cast.owner, { replaceInviteLink: true });
      expect(res.status).toBe(200);
      const updated = res.body as FullGroupDto;
      expect(updated.members.map((m) => m.userID)).not.toContain(cast.member.user.id);
      expect(updated.inviteLink).toEqual(expect.any(String));
      expect(updated.inviteLink).not.toBe(group.inviteLink);

      const stored = await t.database.db.selectFrom('groups').select('invite_link').where('id', '=', group._id).executeTakeFirstOrThrow();
      expect(stored.invite_link).toBe(updated.inviteLink);

      // A private group is not shown to someone without its current code.
      const withOldLink = await rejoin(group, group.inviteLink);
      expect(withOldLink.status).toBe(isPrivate ? 404 : 403);
      expect(withOldLink.body).toEqual({ message: isPrivate ? GROUP_NOT_FOUND_MESSAGE : INVALID_INVITE_MESSAGE });
      expect((await rejoin(group, updated.inviteLink)).status).toBe(200);
    },
  );

  it('a plain kick keeps the invite code', async () => {
    const group = await createGroup(t.app, cast.owner);
    await join(t.app, group, cast.member);
    const res = await kick(group);
    expect(res.status).toBe(200);
    expect((res.body as FullGroupDto).inviteLink).toBe(group.inviteLink);
  });

  it('an Administrator can neither kick nor replace the link that way; nothing changes', async () => {
    const group = await createGroup(t.app, cast.owner);
    await join(t.app, group, cast.member);
    await join(t.app, group, cast.admin);
    await setRole(t.app, group._id, cast.owner, cast.admin, 'Administrator');
    const res = await kick(group, cast.admin, { replaceInviteLink: true });
    expect(res.status).toBe(403);
    const stored = await t.database.db.selectFrom('groups').select('invite_link').where('id', '=', group._id).executeTakeFirstOrThrow();
    expect(stored.invite_link).toBe(group.inviteLink);
  });

  it('refuses a replaceInviteLink that is not true or false with a 400 naming the field', async () => {
    const group = await createGroup(t.app, cast.owner);
    const res = await kick(group, cast.owner, { replaceInviteLink: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty('replaceInviteLink');
  });
});
