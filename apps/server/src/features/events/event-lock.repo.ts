import { PostgresAdapter } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import type { GroupMemberWithNameRow, MembershipColumns } from '../groups/group-members.repo';
import type { GroupsTable } from '../groups/groups.tables';
import { GROUP_COLUMNS, MEMBERSHIP_COLUMNS, splitLockedRow, type GroupColumns } from '../groups/locked-with-group';
import type { EventRow } from './events.repo';

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
  const { own: event, group, membership } = splitLockedRow<EventRow>(row, row.group_id);
  return { event, group, membership };
}
