import { PostgresAdapter } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import { MEMBERSHIP_COLUMNS, splitMembership, type GroupMemberWithNameRow, type MembershipColumns } from '../groups/group-members.repo';
import type { GroupsTable } from '../groups/groups.tables';
import type { EventRow } from './events.repo';

/** Every column of the group, selected beside the event's with the prefix `g_`. */
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

type LockedEventRow = EventRow & GroupColumns & MembershipColumns;

// Every write to an event reads it under its row lock, with its group and the caller's membership
// for the rules: one statement, compiled once. On PostgreSQL the lock is the event row's alone
// (FOR NO KEY UPDATE OF events, the lock an update of the row would take); SQLite runs one
// transaction at a time on the server's connection, so the read is settled there as it is.
const lockedEvent = precompiled(2, (db, eventId, userId) => {
  const query = db
    .selectFrom('events')
    .innerJoin('groups', 'groups.id', 'events.group_id')
    .leftJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'events.group_id').on('m.user_id', '=', userId))
    .leftJoin('users', 'users.id', 'm.user_id')
    .selectAll('events')
    .select(GROUP_COLUMNS)
    .select(MEMBERSHIP_COLUMNS)
    .where('events.id', '=', eventId);
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forNoKeyUpdate('events') : query;
});

/**
 * The event, held until the transaction ends, with its group and the user's membership in it
 * (undefined when they are not a member); undefined when there is no such event.
 */
export async function lockEventWithMembership(
  db: Db,
  eventId: string,
  userId: string,
): Promise<{ event: EventRow; group: GroupsTable; membership: GroupMemberWithNameRow | undefined } | undefined> {
  const row = (await lockedEvent.first(db, eventId, userId)) as LockedEventRow | undefined;
  if (!row) return undefined;
  // One pass over the columns (a rest spread over thirty of them was a twentieth of a sign-up's CPU).
  const event: Record<string, unknown> = {};
  const group: Record<string, unknown> = {};
  const member: Record<string, unknown> = {};
  for (const column in row) {
    const value = row[column as keyof LockedEventRow];
    const [target, name] = placeOf(column);
    (target === 'g' ? group : target === 'm' ? member : event)[name] = value;
  }
  const { membership } = splitMembership(member as MembershipColumns, row.group_id);
  return { event: event as unknown as EventRow, group: group as unknown as GroupsTable, membership };
}

const places = new Map<string, readonly ['g' | 'm' | 'e', string]>();
/** Where a selected column goes: the group's (`g_`), the membership's (`m_`, kept whole), or the event's. */
function placeOf(column: string): readonly ['g' | 'm' | 'e', string] {
  let place = places.get(column);
  if (!place) {
    place = column.startsWith('g_') ? ['g', column.slice(2)] : column.startsWith('m_') ? ['m', column] : ['e', column];
    places.set(column, place);
  }
  return place;
}
