import type { Role } from '@smm/shared/constants';
import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import type { GroupMembersTable } from './groups.tables';

export type GroupMemberRow = GroupMembersTable;
export type GroupMemberWithNameRow = GroupMemberRow & { username: string };

const withUsername = (db: Db) =>
  db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .selectAll('group_members')
    .select('users.username');

/** The members of a group in the order they joined. */
export const listByGroup = (db: Db, groupId: string): Promise<GroupMemberWithNameRow[]> =>
  withUsername(db)
    .where('group_members.group_id', '=', groupId)
    .orderBy('group_members.joined_at')
    .orderBy('group_members.user_id')
    .execute();

// The caller's membership, read by nearly every group request: compiled once.
const membership = precompiled(2, (db, groupId, userId) =>
  withUsername(db).where('group_members.group_id', '=', groupId).where('group_members.user_id', '=', userId),
);
export const find = (db: Db, groupId: string, userId: string): Promise<GroupMemberWithNameRow | undefined> =>
  membership.first(db, groupId, userId);

/** Adds a member unless the (group, user) pair exists; the unique constraint decides under concurrency. */
export async function insertIfAbsent(db: Db, row: GroupMemberRow): Promise<boolean> {
  const inserted = await db
    .insertInto('group_members')
    .values(row)
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

// Every write below leaves the owner's row alone, whatever the caller checked before.
const notOwner = (db: Db, groupId: string) => db.selectFrom('groups').select('groups.group_owner').where('groups.id', '=', groupId);

/** Removes a member who is not the group's owner; returns whether a row went. */
export async function removeNonOwner(db: Db, groupId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('user_id', 'not in', notOwner(db, groupId))
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Sets the role of a member who is not the group's owner; returns whether a row changed. */
export async function setRoleOfNonOwner(db: Db, groupId: string, userId: string, role: Role): Promise<boolean> {
  const result = await db
    .updateTable('group_members')
    .set({ role })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('user_id', 'not in', notOwner(db, groupId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function update(
  db: Db,
  groupId: string,
  userId: string,
  changes: Partial<Pick<GroupMemberRow, 'is_active' | 'receive_event_notifications'>>,
): Promise<boolean> {
  const result = await db
    .updateTable('group_members')
    .set(changes)
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
