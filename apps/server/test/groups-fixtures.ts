import type { FastifyInstance } from 'fastify';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import type { Db } from '../src/db/schema';
import '../src/features/groups/groups.tables';
import { createUser } from './test-app';

export type TestUser = Awaited<ReturnType<typeof createUser>>;

interface CallOptions {
  method?: 'GET' | 'POST';
  as?: TestUser | null;
  payload?: unknown;
}

// Tests read response bodies field by field, whatever their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

/** One request through the real app; `as` signs it with that user's token. */
export async function call(app: FastifyInstance, url: string, { method = 'GET', as = null, payload }: CallOptions = {}) {
  const response = await app.inject({
    method,
    url,
    headers: as ? { authorization: as.token } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.json() as Body };
}

/** Creates a group through the API and returns it. */
export async function createGroup(
  app: FastifyInstance,
  owner: TestUser,
  fields: Partial<{ groupName: string; gameName: string; isPrivate: boolean }> = {},
): Promise<FullGroupDto> {
  const res = await call(app, '/api/groups/createGroup', {
    method: 'POST',
    as: owner,
    payload: { groupName: 'The Group', gameName: 'Civilization 6', isPrivate: true, ...fields },
  });
  if (res.status !== 200) throw new Error(`createGroup failed: ${JSON.stringify(res.body)}`);
  return res.body as FullGroupDto;
}

/** Joins a user with the group's current invite code. */
export async function join(app: FastifyInstance, group: { _id: string; inviteLink: string }, user: TestUser) {
  const res = await call(app, '/api/groups/joinGroup', {
    method: 'POST',
    as: user,
    payload: { groupID: group._id, userID: user.user.id, inviteLink: group.inviteLink },
  });
  if (res.status !== 200) throw new Error(`join failed: ${JSON.stringify(res.body)}`);
}

export async function setRole(app: FastifyInstance, groupID: string, by: TestUser, user: TestUser, role: 'Administrator' | 'Member') {
  const res = await call(app, `/api/groups/updateMemberRole?groupID=${groupID}`, {
    method: 'POST',
    as: by,
    payload: { userID: user.user.id, role },
  });
  if (res.status !== 200) throw new Error(`updateMemberRole failed: ${JSON.stringify(res.body)}`);
}

export interface Cast {
  owner: TestUser;
  admin: TestUser;
  member: TestUser;
  outsider: TestUser;
}

/** Registers the four users a group test plays with; none of them is in a group yet. */
export async function createCast(app: FastifyInstance): Promise<Cast> {
  return {
    owner: await createUser(app),
    admin: await createUser(app),
    member: await createUser(app),
    outsider: await createUser(app),
  };
}

/** A group with an owner, an Administrator, a Member and two cards ('Welcome' and 'Rules'). */
export async function groupWithCast(app: FastifyInstance, cast: Cast, isPrivate: boolean): Promise<FullGroupDto> {
  const group = await createGroup(app, cast.owner, { isPrivate, groupName: isPrivate ? 'Private Group' : 'Public Group' });
  await join(app, group, cast.admin);
  await join(app, group, cast.member);
  await setRole(app, group._id, cast.owner, cast.admin, 'Administrator');
  const card = await call(app, '/api/components/postGroupCard', {
    method: 'POST',
    as: cast.owner,
    payload: { groupID: group._id, title: 'Rules', body: 'Be nice.' },
  });
  if (card.status !== 200) throw new Error(`postGroupCard failed: ${JSON.stringify(card.body)}`);
  return (await call(app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.owner })).body as FullGroupDto;
}

/** Everything stored about a group, to show that a refused request changed nothing. */
export async function snapshot(db: Db, groupID: string) {
  const [group, members, cards] = await Promise.all([
    db.selectFrom('groups').selectAll().where('id', '=', groupID).executeTakeFirst(),
    db.selectFrom('group_members').selectAll().where('group_id', '=', groupID).orderBy('user_id').execute(),
    db.selectFrom('group_cards').selectAll().where('group_id', '=', groupID).orderBy('id').execute(),
  ]);
  return { group, members, cards };
}
