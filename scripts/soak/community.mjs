// The simulated community: 50 members registered and signed in, 10 groups (8 playing Civilization VI,
// with leader-ban limits of 1 to 5), each with an owner and an Administrator and about 15 members who
// joined by invite link. The scenario's actions take the community and the acting member.
import fs from 'node:fs';
import path from 'node:path';
import { q } from './client.mjs';

export const MEMBERS = 50;
export const GROUPS = 10;
const CIV_GROUPS = 8;

export const random = (n) => Math.floor(Math.random() * n);
export const pick = (items) => items[random(items.length)];
export const auth = (m) => ({ token: m.token });

/** The Civilization VI leaders' civIDs, the ones members ban. */
export function readCivIDs(root) {
  const civIDs = [
    ...fs.readFileSync(path.join(root, 'packages/shared/src/civilization/leaders-civ6.ts'), 'utf8').matchAll(/civID: '([A-Z0-9_]+)'/g),
  ].map((m) => m[1]);
  if (civIDs.length < 20) throw new Error('could not read the Civilization VI civIDs from leaders-civ6.ts');
  return civIDs;
}

export async function inBatches(items, size, fn) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** One of the member's groups (of the Civilization VI ones with `civOnly`), or undefined. */
export const myGroup = ({ groupById }, m, civOnly = false) => {
  const ids = [...m.groups].filter((id) => !civOnly || groupById.get(id).isCiv);
  return ids.length ? groupById.get(pick(ids)) : undefined;
};

export async function login({ call }, member) {
  const res = await call('POST /api/users/login', 'POST', '/api/users/login', { body: { email: member.email, password: member.password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  member.token = res.body.token;
}

/**
 * Opens the invite page of the group, then joins with its code; `race` sends two joins at once, of which exactly one may succeed.
 * An Administrator may replace the code while the join is on its way: a public group then answers 403, a private one 404
 * (it does not tell a non-member with a wrong code that it exists).
 */
export async function joinByInvite({ call, violation }, member, group, race = false) {
  const inviteLink = group.inviteLink;
  await call('GET /api/groups/getGroup', 'GET', `/api/groups/getGroup${q({ groupID: group.id, inviteLink })}`, {
    token: member.token,
    ok: [200, 403, 404],
  });
  const body = { groupID: group.id, userID: member.id, inviteLink };
  const attempts = await Promise.all(
    Array.from({ length: race ? 2 : 1 }, () =>
      call('POST /api/groups/joinGroup', 'POST', '/api/groups/joinGroup', { token: member.token, body, ok: group.isPrivate ? [200, 403, 404, 409] : [200, 403, 409] }),
    ),
  );
  const joined = attempts.filter((a) => a.status === 200).length;
  if (joined > 1) violation('no duplicate memberships', `two concurrent joins of ${member.id} to ${group.id} both succeeded`);
  if (joined > 0) {
    group.members.add(member.id);
    member.groups.add(group.id);
  }
  return joined > 0;
}

/**
 * Registers the members and creates the groups through the client's `call`; throws when a step fails.
 * The community: { call, violation, civIDs, members, groups, groupById, memberById }, where
 * members[i] is { id, token, email, password, groups: Set<groupID>, bans: Map<groupID, civID[]> } and
 * groups[i] is { id, isCiv, isPrivate, maxBans, inviteLink, owner, admin, members: Set<userID>, events: Map<eventID, event> }.
 */
export async function setUpCommunity({ call, violation }, civIDs) {
  const run = Date.now().toString(36);
  const community = { call, violation, civIDs, members: [], groups: [], groupById: new Map(), memberById: new Map() };
  const { members, groups, groupById, memberById } = community;
  for (let i = 0; i < MEMBERS; i += 1) {
    const username = `soak${run}m${i}`;
    members.push({ i, username, email: `${username}@soak.test`, password: `soak password ${i}`, groups: new Set(), bans: new Map() });
  }
  await inBatches(members, 5, async (m) => {
    const res = await call('POST /api/users/register', 'POST', '/api/users/register', {
      body: { username: m.username, email: m.email, password: m.password, password2: m.password },
    });
    if (res.status !== 200) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    m.id = res.body.id;
    memberById.set(m.id, m);
    await login(community, m);
  });

  const perGroup = MEMBERS / GROUPS;
  for (let g = 0; g < GROUPS; g += 1) {
    const owner = members[g * perGroup];
    const isCiv = g < CIV_GROUPS;
    const isPrivate = g % 4 !== 3;
    const res = await call('POST /api/groups/createGroup', 'POST', '/api/groups/createGroup', {
      token: owner.token,
      body: { groupName: `Soak ${run} ${g}`, gameName: isCiv ? 'Civilization 6' : 'Old School RuneScape', isPrivate },
    });
    if (res.status !== 200) throw new Error(`createGroup failed: ${res.status} ${JSON.stringify(res.body)}`);
    // Limits of 1 to 5 bans, set once: lowering a limit keeps existing bans by design, so it never changes during the run.
    const maxBans = 1 + (g % 5);
    if (isCiv) {
      const set = await call('POST /api/groups/postGroupSettings', 'POST', `/api/groups/postGroupSettings${q({ groupID: res.body._id })}`, {
        token: owner.token,
        body: { settings: { maxNumberOfLeaderBans: maxBans } },
      });
      if (set.status !== 200) throw new Error(`postGroupSettings failed: ${set.status}`);
    }
    const group = {
      i: g,
      id: res.body._id,
      isCiv,
      isPrivate,
      maxBans,
      inviteLink: res.body.inviteLink,
      owner,
      admin: members[g * perGroup + 1],
      members: new Set([owner.id]),
      events: new Map(),
    };
    owner.groups.add(group.id);
    groups.push(group);
    groupById.set(group.id, group);
  }
  // Each member joins its home group and two others by invite link: about 15 members a group.
  await inBatches(members, 10, async (m) => {
    const home = Math.floor(m.i / perGroup);
    for (const g of [home, (home + 3) % GROUPS, (home + 7) % GROUPS]) {
      if (!groups[g].members.has(m.id) && !(await joinByInvite(community, m, groups[g])))
        throw new Error(`member ${m.i} could not join group ${g}`);
    }
  });
  for (const group of groups) {
    const res = await call('POST /api/groups/updateMemberRole', 'POST', `/api/groups/updateMemberRole${q({ groupID: group.id })}`, {
      token: group.owner.token,
      body: { userID: group.admin.id, role: 'Administrator' },
    });
    if (res.status !== 200) throw new Error(`updateMemberRole failed: ${res.status}`);
  }
  return community;
}
