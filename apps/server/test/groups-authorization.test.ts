import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, VIEWERS, type GroupAction, type Viewer } from '@smm/shared/groups/policy';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { call, createCast, groupWithCast, snapshot, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

// Every group endpoint against every viewer and privacy: the server answers 200 exactly where
// the policy (pinned by packages/shared/src/groups/policy.test.ts) allows, refuses everywhere
// else with the right status, and a refused request leaves the stored group as it was.

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
});
afterAll(() => t.close());

const userOf = (viewer: Viewer): TestUser | null =>
  ({ anonymous: null, nonMember: cast.outsider, member: cast.member, administrator: cast.admin, owner: cast.owner })[viewer];

interface Request {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
}

interface Endpoint {
  name: string;
  action: GroupAction;
  login: boolean;
  mutates: boolean;
  request: (group: FullGroupDto, me: TestUser | null) => Request;
}

const myId = (me: TestUser | null) => me?.user.id ?? cast.member.user.id;

const endpoints: Endpoint[] = [
  {
    name: 'GET getGroup',
    action: 'viewGroup',
    login: false,
    mutates: false,
    request: (g) => ({ method: 'GET', url: `/api/groups/getGroup?groupID=${g._id}` }),
  },
  {
    name: 'GET getGroup with the invite code',
    action: 'viewGroupByInvite',
    login: false,
    mutates: false,
    request: (g) => ({ method: 'GET', url: `/api/groups/getGroup?groupID=${g._id}&inviteLink=${g.inviteLink}` }),
  },
  {
    name: 'GET getFullGroup',
    action: 'viewFullGroup',
    login: true,
    mutates: false,
    request: (g) => ({ method: 'GET', url: `/api/groups/getFullGroup?groupID=${g._id}` }),
  },
  {
    name: 'GET getMembers',
    action: 'viewMembers',
    login: true,
    mutates: false,
    request: (g) => ({ method: 'GET', url: `/api/groups/getMembers?groupID=${g._id}` }),
  },
  {
    name: 'GET getGroupCards',
    action: 'viewWelcome',
    login: false,
    mutates: false,
    request: (g) => ({ method: 'GET', url: `/api/components/getGroupCards?groupID=${g._id}` }),
  },
  {
    name: 'POST postGroupSettings',
    action: 'editGroupSettings',
    login: true,
    mutates: true,
    request: (g) => ({
      method: 'POST',
      url: `/api/groups/postGroupSettings?groupID=${g._id}`,
      payload: { isPrivate: !g.isPrivate, settings: { maxNumberOfLeaderBans: 2 } },
    }),
  },
  {
    name: 'POST regenerateInviteLink',
    action: 'regenerateInviteLink',
    login: true,
    mutates: true,
    request: (g) => ({ method: 'POST', url: `/api/groups/regenerateInviteLink?groupID=${g._id}` }),
  },
  {
    name: 'POST deleteGroup/{id}',
    action: 'deleteGroup',
    login: true,
    mutates: true,
    request: (g) => ({ method: 'POST', url: `/api/groups/deleteGroup/${g._id}` }),
  },
  {
    name: 'POST joinGroup',
    action: 'joinGroup',
    login: true,
    mutates: true,
    request: (g, me) => ({ method: 'POST', url: '/api/groups/joinGroup', payload: { groupID: g._id, userID: myId(me) } }),
  },
  {
    name: 'POST joinGroup with the invite code',
    action: 'joinGroupByInvite',
    login: true,
    mutates: true,
    request: (g, me) => ({
      method: 'POST',
      url: '/api/groups/joinGroup',
      payload: { groupID: g._id, userID: myId(me), inviteLink: g.inviteLink },
    }),
  },
  {
    name: 'POST leaveGroup',
    action: 'leaveGroup',
    login: true,
    mutates: true,
    request: (g, me) => ({ method: 'POST', url: '/api/groups/leaveGroup', payload: { groupID: g._id, userID: myId(me) } }),
  },
  {
    name: 'POST kickMember',
    action: 'kickMember',
    login: true,
    mutates: true,
    request: (g) => ({ method: 'POST', url: '/api/groups/kickMember', payload: { groupID: g._id, userID: cast.member.user.id } }),
  },
  {
    name: 'POST updateMemberRole',
    action: 'changeMemberRole',
    login: true,
    mutates: true,
    request: (g) => ({
      method: 'POST',
      url: `/api/groups/updateMemberRole?groupID=${g._id}`,
      payload: { userID: cast.member.user.id, role: 'Administrator' },
    }),
  },
  {
    name: 'POST postPlayerMembership/{id}',
    action: 'editOwnMembership',
    login: true,
    mutates: true,
    request: (g) => ({ method: 'POST', url: `/api/groups/postPlayerMembership/${g._id}`, payload: { isActive: false } }),
  },
  {
    name: 'POST postMemberNotifications/{groupID}/{userID}',
    action: 'editOwnMembership',
    login: true,
    mutates: true,
    request: (g, me) => ({
      method: 'POST',
      url: `/api/members/postMemberNotifications/${g._id}/${myId(me)}`,
      payload: { receiveEventNotifications: false },
    }),
  },
  {
    name: 'POST postGroupCard (add)',
    action: 'editCards',
    login: true,
    mutates: true,
    request: (g) => ({ method: 'POST', url: '/api/components/postGroupCard', payload: { groupID: g._id, title: 'News', body: 'Hello' } }),
  },
  {
    name: 'POST postGroupCard (edit)',
    action: 'editCards',
    login: true,
    mutates: true,
    request: (g) => ({
      method: 'POST',
      url: '/api/components/postGroupCard',
      payload: { groupID: g._id, _id: g.cards[0]?._id, title: 'Edited', body: 'Edited' },
    }),
  },
  {
    name: 'POST postGroupCardOrder',
    action: 'editCards',
    login: true,
    mutates: true,
    request: (g) => ({
      method: 'POST',
      url: `/api/components/postGroupCardOrder?groupID=${g._id}`,
      payload: g.cards.map((card, index) => ({ _id: card._id, cardOrder: g.cards.length - 1 - index })),
    }),
  },
  {
    name: 'POST postRemoveGroupCard',
    action: 'editCards',
    login: true,
    mutates: true,
    request: (g) => ({ method: 'POST', url: '/api/components/postRemoveGroupCard', payload: { groupID: g._id, _id: g.cards[0]?._id } }),
  },
];

/** The status the server must answer, derived from the policy. */
function expectedStatus(endpoint: Endpoint, viewer: Viewer, isPrivate: boolean): number {
  const context = { viewer, isPrivate };
  if (can(endpoint.action, context)) return 200;
  if (viewer === 'anonymous' && endpoint.login) return 401;
  if (!can('viewGroup', context)) return 404;
  const isMember = viewer === 'member' || viewer === 'administrator' || viewer === 'owner';
  if ((endpoint.action === 'joinGroup' || endpoint.action === 'joinGroupByInvite') && isMember) return 409;
  return 403;
}

const privacies = [
  { privacy: 'public', isPrivate: false },
  { privacy: 'private', isPrivate: true },
] as const;

describe.each(endpoints)('$name', (endpoint) => {
  const shared: Partial<Record<'public' | 'private', FullGroupDto>> = {};
  const fixture = async (privacy: 'public' | 'private', isPrivate: boolean) => {
    // Read-only endpoints share one group per privacy; every mutating case gets its own.
    if (endpoint.mutates) return groupWithCast(t.app, cast, isPrivate);
    shared[privacy] ??= await groupWithCast(t.app, cast, isPrivate);
    return shared[privacy];
  };

  const cases = privacies.flatMap(({ privacy, isPrivate }) =>
    VIEWERS.map((viewer) => ({ viewer, privacy, isPrivate, status: expectedStatus(endpoint, viewer, isPrivate) })),
  );

  it.each(cases)('$viewer on a $privacy group -> $status', async ({ viewer, privacy, isPrivate, status }) => {
    const group = await fixture(privacy, isPrivate);
    const me = userOf(viewer);
    const before = await snapshot(t.database.db, group._id);
    const res = await call(t.app, endpoint.request(group, me).url, { ...endpoint.request(group, me), as: me });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const after = await snapshot(t.database.db, group._id);
    if (status !== 200) {
      expect(res.body).toEqual({ message: expect.any(String) });
      expect(after).toEqual(before);
    } else if (endpoint.mutates) {
      expect(after).not.toEqual(before);
    }
  });
});

describe('private groups look absent to outsiders', () => {
  it('answers the same 404 body for a private group and for a group that does not exist', async () => {
    const group = await groupWithCast(t.app, cast, true);
    for (const as of [cast.outsider, null]) {
      const hidden = await call(t.app, `/api/groups/getGroup?groupID=${group._id}`, { as });
      const missing = await call(t.app, '/api/groups/getGroup?groupID=01a20000-0000-7000-8000-000000000000', { as });
      expect(hidden).toEqual(missing);
      expect(hidden.status).toBe(404);
    }
  });

  it('a wrong invite code does not reveal a private group', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const res = await call(t.app, `/api/groups/getGroup?groupID=${group._id}&inviteLink=${'0'.repeat(32)}`);
    expect(res.status).toBe(404);
  });
});

describe('findInSearch', () => {
  const cases = privacies.flatMap(({ privacy, isPrivate }) =>
    VIEWERS.map((viewer) => ({ viewer, privacy, isPrivate, listed: can('findInSearch', { viewer, isPrivate }) })),
  );

  it.each(cases)('$viewer, $privacy group -> listed: $listed', async ({ viewer, isPrivate, listed }) => {
    const group = await groupWithCast(t.app, cast, isPrivate);
    const res = await call(t.app, '/api/groups/searchGroups?gameName=Civilization%206', { as: userOf(viewer) });
    if (viewer === 'anonymous') {
      expect(res.status).toBe(401);
      return;
    }
    expect(res.status).toBe(200);
    expect((res.body as { _id: string }[]).some((found) => found._id === group._id)).toBe(listed);
  });
});
