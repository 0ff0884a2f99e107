import { PostgresAdapter } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import { MEMBERSHIP_COLUMNS, splitMembership, type GroupMemberWithNameRow, type MembershipColumns } from './group-members.repo';
import type { GroupsTable } from './groups.tables';

// A write that locks one row of a group's (an event, a game) reads it with its group and the
// caller's membership in the same statement: the row's own columns, the group's with the prefix
// `g_`, the membership's with `m_` (lockWithGroup, at the end).

/** Every column of the group, selected beside the locked row's with the prefix `g_`. */
const GROUP_COLUMNS = [
  'groups.id as g_id',
  'groups.group_name as g_group_name',
  'groups.game_name as g_game_name',
  'groups.link_url as g_link_url',
  'groups.is_private as g_is_private',
  'groups.group_owner as g_group_owner',
  'groups.invite_link as g_invite_link',
  'groups.settings as g_settings',
  'groups.created_at as g_created_at',
  'groups.time_zone as g_time_zone',
  'groups.settings_updated_at as g_settings_updated_at',
] as const;

type Prefixed<T, P extends string> = { [K in keyof T as `${P}${K & string}`]: T[K] };
type GroupColumns = Prefixed<GroupsTable, 'g_'>;
// A column added to groups and not to the list above fails to compile here.
type Unlisted = Exclude<keyof GroupColumns, (typeof GROUP_COLUMNS)[number] extends `${string} as ${infer A}` ? A : never>;
const everyGroupColumn: [Unlisted] extends [never] ? true : Unlisted = true;
void everyGroupColumn;

const places = new Map<string, readonly ['g' | 'm' | 'own', string]>();
/** Where a selected column goes: the group's (`g_`), the membership's (`m_`, kept whole), or the row's own. */
function placeOf(column: string): readonly ['g' | 'm' | 'own', string] {
  let place = places.get(column);
  if (!place) {
    place = column.startsWith('g_') ? ['g', column.slice(2)] : column.startsWith('m_') ? ['m', column] : ['own', column];
    places.set(column, place);
  }
  return place;
}

/**
 * Splits a row read with its group's and the caller's membership columns into the three (the
 * membership undefined when the caller is not a member).
 */
function splitLockedRow<Own>(
  row: Own & GroupColumns & MembershipColumns,
  groupId: string,
): { row: Own; group: GroupsTable; membership: GroupMemberWithNameRow | undefined } {
  // One pass over the columns (a rest spread over thirty of them was a twentieth of a sign-up's CPU).
  const own: Record<string, unknown> = {};
  const group: Record<string, unknown> = {};
  const member: Record<string, unknown> = {};
  for (const column in row) {
    const value = row[column as keyof typeof row];
    const [target, name] = placeOf(column);
    (target === 'g' ? group : target === 'm' ? member : own)[name] = value;
  }
  const { membership } = splitMembership(member as MembershipColumns, groupId);
  return { row: own as Own, group: group as unknown as GroupsTable, membership };
}

/** The tables whose rows a write reads under their lock with the group and the caller's membership. */
type GroupRowTable = 'events' | 'civ_games';

/**
 * The read of one row of `table` under its row lock, with its group and the caller's membership
 * for the rules: one statement, compiled once. On PostgreSQL the lock is the row's alone (FOR NO
 * KEY UPDATE OF the table, the lock an update of the row would take); SQLite runs one transaction
 * at a time on the server's connection, so the read is settled there as it is. The read answers
 * undefined when there is no such row, and the membership is undefined when the user is not a member.
 */
export function lockWithGroup<Own extends { group_id: string }>(table: GroupRowTable) {
  // Built as for events (the columns named are the same in both tables); the statement names `table`.
  const from = table as 'events';
  const statement = precompiled(2, (db, id, userId) => {
    const query = db
      .selectFrom(from)
      .innerJoin('groups', 'groups.id', `${from}.group_id`)
      .leftJoin('group_members as m', (join) => join.onRef('m.group_id', '=', `${from}.group_id`).on('m.user_id', '=', userId))
      .leftJoin('users', 'users.id', 'm.user_id')
      .selectAll(from)
      .select(GROUP_COLUMNS)
      .select(MEMBERSHIP_COLUMNS)
      .where(`${from}.id`, '=', id);
    return db.getExecutor().adapter instanceof PostgresAdapter ? query.forNoKeyUpdate(from) : query;
  });
  return async (
    db: Db,
    id: string,
    userId: string,
  ): Promise<{ row: Own; group: GroupsTable; membership: GroupMemberWithNameRow | undefined } | undefined> => {
    const row = (await statement.first(db, id, userId)) as (Own & GroupColumns & MembershipColumns) | undefined;
    return row && splitLockedRow<Own>(row, row.group_id);
  };
}
