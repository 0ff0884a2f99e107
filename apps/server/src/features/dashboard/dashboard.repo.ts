import type { ExpressionBuilder } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Database, Db } from '../../db/schema';
import { SUMMARY_COLUMNS, type GroupSummaryRow } from '../groups/groups.repo';
import type { GroupMembersTable } from '../groups/groups.tables';
import '../events/events.tables';

/** A group of the user's with their role, its member count and its next event (null columns: none). */
export type UserGroupRow = GroupSummaryRow & {
  role: string;
  member_count: number | string | null;
  next_event_id: string | null;
  next_event_name: string | null;
  next_event_start_at: number | null;
  next_event_end_at: number | null;
};

/** An event the user attends or could attend, with its group and seat numbers. */
export interface UpcomingEventRow {
  id: string;
  group_id: string;
  group_name: string;
  link_url: string;
  event_name: string;
  start_at: number;
  end_at: number;
  max_number_of_members: number;
  attending_count: number | string | null;
  is_attending: number | boolean | null;
}

// Read by every dashboard and after every change to a membership: compiled once.
const userGroups = precompiled(2, (db, userId, now) =>
  db
    .selectFrom('groups')
    .innerJoin('group_members as mine', (join) => join.onRef('mine.group_id', '=', 'groups.id').on('mine.user_id', '=', userId))
    .leftJoin('events as next', (join) =>
      join.on((eb) =>
        eb(
          'next.id',
          '=',
          eb
            .selectFrom('events as upcoming')
            .select('upcoming.id')
            .whereRef('upcoming.group_id', '=', 'groups.id')
            .where('upcoming.end_at', '>', now as unknown as number)
            .orderBy('upcoming.start_at')
            .orderBy('upcoming.id')
            .limit(1),
        ),
      ),
    )
    .select(SUMMARY_COLUMNS)
    .select((eb) => [
      'mine.role',
      eb
        .selectFrom('group_members as everyone')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('everyone.group_id', '=', 'groups.id')
        .as('member_count'),
      'next.id as next_event_id',
      'next.event_name as next_event_name',
      'next.start_at as next_event_start_at',
      'next.end_at as next_event_end_at',
    ])
    .orderBy('groups.group_name')
    .orderBy('groups.id'),
);

/**
 * The groups a user belongs to, by name, in one query: the user's role, the member count and the
 * earliest event that has not ended by `now` (through the events (group_id, end_at) index).
 */
export const listUserGroups = (db: Db, userId: string, now: number): Promise<UserGroupRow[]> => userGroups.all(db, userId, now);

type EventsScope = ExpressionBuilder<Database & { mine: GroupMembersTable }, 'events' | 'mine' | 'groups'>;

/** How many current members attend the event (someone who left or was kicked neither shows nor takes a seat). */
const attendingCountOf = (eb: EventsScope) =>
  eb
    .selectFrom('event_attendees as a')
    .innerJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'events.group_id').onRef('m.user_id', '=', 'a.user_id'))
    .select((sub) => sub.fn.countAll<number>().as('n'))
    .whereRef('a.event_id', '=', 'events.id');

const attendedBy = (eb: EventsScope, userId: string) =>
  eb.exists(
    eb
      .selectFrom('event_attendees as own')
      .select('own.user_id')
      .whereRef('own.event_id', '=', 'events.id')
      .where('own.user_id', '=', userId),
  );

/**
 * In one query, the soonest events not ended by `now` in the user's groups that the user attends
 * or could still attend (fewer attending members than seats).
 */
export const listUpcomingForMember = (db: Db, userId: string, now: number, limit: number): Promise<UpcomingEventRow[]> =>
  db
    .selectFrom('events')
    .innerJoin('group_members as mine', (join) => join.onRef('mine.group_id', '=', 'events.group_id').on('mine.user_id', '=', userId))
    .innerJoin('groups', 'groups.id', 'events.group_id')
    .select((eb) => [
      'events.id',
      'events.group_id',
      'groups.group_name',
      'groups.link_url',
      'events.event_name',
      'events.start_at',
      'events.end_at',
      'events.max_number_of_members',
      attendingCountOf(eb).as('attending_count'),
      attendedBy(eb, userId).as('is_attending'),
    ])
    .where('events.end_at', '>', now)
    .where((eb) => eb.or([attendedBy(eb, userId), eb(attendingCountOf(eb), '<', eb.ref('events.max_number_of_members'))]))
    .orderBy('events.start_at')
    .orderBy('events.id')
    .limit(limit)
    .execute();
