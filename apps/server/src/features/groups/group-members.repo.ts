import type { Role } from '@smm/shared/constants';
import { precompiled } from '../../db/precompiled';
import { rowCache } from '../../db/row-cache';
import type { Db } from '../../db/schema';
import type { GroupMembersTable, GroupsTable } from './groups.tables';

export type GroupMemberRow = GroupMembersTable;
export type GroupMemberWithNameRow = GroupMemberRow & { username: string };

const withUsername = (db: Db) =>
  db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .selectAll('group_members')
    .select('users.username');

// Read by every group page: compiled once.
const groupMembers = precompiled(1, (db, groupId) =>
  withUsername(db).where('group_members.group_id', '=', groupId).orderBy('group_members.joined_at').orderBy('group_members.user_id'),
);

/** The members of a group in the order they joined. */
export const listByGroup = (db: Db, groupId: string): Promise<GroupMemberWithNameRow[]> => groupMembers.all(db, groupId);

// The caller's membership, read by nearly every group request: compiled once.
const membership = precompiled(2, (db, groupId, userId) =>
  withUsername(db).where('group_members.group_id', '=', groupId).where('group_members.user_id', '=', userId),
);
export const find = (db: Db, groupId: string, userId: string): Promise<GroupMemberWithNameRow | undefined> =>
  membership.first(db, groupId, userId);

/** A group's row with one user's membership in it, when there is one (the columns prefixed `m_`). */
type GroupWithMembershipRow = GroupsTable & {
  m_user_id: string | null;
  m_role: string | null;
  m_is_active: number | null;
  m_team: number | null;
  m_receive_event_notifications: number | null;
  m_joined_at: number | null;
  m_username: string | null;
};

// What nearly every group request reads first, the group and the caller's place in it: one statement,
// compiled once, and kept between requests on SQLite until one of its tables is written to.
const groupWithMembership = precompiled(2, (db, groupId, userId) =>
  db
    .selectFrom('groups')
    .leftJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'groups.id').on('m.user_id', '=', userId))
    .leftJoin('users', 'users.id', 'm.user_id')
    .selectAll('groups')
    .select(MEMBERSHIP_COLUMNS)
    .where('groups.id', '=', groupId),
);

const cachedGroupWithMembership = rowCache<GroupWithMembershipRow>({
  tables: ['groups', 'group_members', 'users'],
  ttlMs: 60_000,
  max: 10_000,
});

/** The group (undefined when there is none) and the user's membership in it (undefined when they are not a member). */
export async function findGroupWithMembership(
  db: Db,
  groupId: string,
  userId: string,
): Promise<{ group: GroupsTable; membership: GroupMemberWithNameRow | undefined } | undefined> {
  const row = await cachedGroupWithMembership.read(
    db,
    `${groupId} ${userId}`,
    async () => (await groupWithMembership.first(db, groupId, userId)) as GroupWithMembershipRow | undefined,
  );
  return row && splitMembership(row, row.id);
}

/** The membership columns a query selected with the prefix `m_` (null when there is no membership). */
export type MembershipColumns = Omit<GroupWithMembershipRow, keyof GroupsTable>;

/** The membership columns selected beside the group's, for the statements that read both at once. */
export const MEMBERSHIP_COLUMNS = [
  'm.user_id as m_user_id',
  'm.role as m_role',
  'm.is_active as m_is_active',
  'm.team as m_team',
  'm.receive_event_notifications as m_receive_event_notifications',
  'm.joined_at as m_joined_at',
  'users.username as m_username',
] as const;

/** Splits a row of other columns and the `m_` membership columns (of the group `groupId`) into the two. */
export function splitMembership<Rest extends object>(
  row: MembershipColumns & Rest,
  groupId: string,
): { group: Omit<Rest, keyof MembershipColumns>; membership: GroupMemberWithNameRow | undefined } {
  const { m_user_id, m_role, m_is_active, m_team, m_receive_event_notifications, m_joined_at, m_username, ...group } = row;
  const membership =
    m_user_id === null || m_username === null
      ? undefined
      : {
          group_id: groupId,
          user_id: m_user_id,
          role: m_role ?? 'Member',
          is_active: m_is_active ?? 1,
          team: m_team,
          receive_event_notifications: m_receive_event_notifications ?? 0,
          joined_at: m_joined_at ?? 0,
          username: m_username,
        };
  return { group, membership };
}

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

// A member's own switches, changed far more often than anything else about a membership: compiled once.
const setActive = precompiled(3, (db, groupId, userId, value) =>
  db
    .updateTable('group_members')
    .set({ is_active: value as unknown as number })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId),
);
const setEventNotifications = precompiled(3, (db, groupId, userId, value) =>
  db
    .updateTable('group_members')
    .set({ receive_event_notifications: value as unknown as number })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId),
);

/** Marks a member active or inactive; false when they are not a member. */
export const updateActive = async (db: Db, groupId: string, userId: string, active: boolean): Promise<boolean> =>
  (await setActive.changed(db, groupId, userId, active ? 1 : 0)) === 1;

/** Turns a member's event notifications on or off; false when they are not a member. */
export const updateEventNotifications = async (db: Db, groupId: string, userId: string, on: boolean): Promise<boolean> =>
  (await setEventNotifications.changed(db, groupId, userId, on ? 1 : 0)) === 1;
