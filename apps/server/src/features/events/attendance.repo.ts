import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { EventAttendanceTable } from './events.tables';

export type AttendanceMarkRow = EventAttendanceTable & { username: string };
export type AttendanceCountRow = { user_id: string; attended: number; marked: number };

/** The marks of one event, by name. */
export const listMarks = (db: Db, eventId: string): Promise<AttendanceMarkRow[]> =>
  db
    .selectFrom('event_attendance')
    .innerJoin('users', 'users.id', 'event_attendance.user_id')
    .selectAll('event_attendance')
    .select('users.username')
    .where('event_attendance.event_id', '=', eventId)
    .orderBy('users.username')
    .orderBy('event_attendance.user_id')
    .execute();

/**
 * Whether the member signed up for the event (held a seat, waited for one or gave an answer) or
 * was already marked: only they can be marked as came or didn't show. One query, by the tables' (event, user) keys.
 */
export async function isMarkable(db: Db, eventId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('events')
    .select(sql.lit(1).as('one'))
    .where('events.id', '=', eventId)
    .where(({ or, exists, selectFrom }) =>
      or(
        (['event_attendees', 'event_waitlist', 'event_responses', 'event_attendance'] as const).map((table) =>
          exists(
            selectFrom(table).select(sql.lit(1).as('one')).where(`${table}.event_id`, '=', eventId).where(`${table}.user_id`, '=', userId),
          ),
        ),
      ),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the member answered the event with Not coming: they told the group, so they are no no-show. */
export async function saidNotComing(db: Db, eventId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('event_responses')
    .select(sql.lit(1).as('one'))
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('response', '=', 'not_coming')
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks one member as came (1) or didn't show (0); a second mark replaces the first. */
export async function upsertMark(db: Db, row: EventAttendanceTable): Promise<void> {
  await db
    .insertInto('event_attendance')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['event_id', 'user_id']).doUpdateSet({ attended: row.attended, marked_by: row.marked_by, marked_at: row.marked_at }),
    )
    .execute();
}

/**
 * Per member of the group, how many of their marks say they came, of how many marks. A no-show of
 * someone who answered Not coming (marked before that was refused) does not count.
 */
export async function countByMember(db: Db, groupId: string): Promise<AttendanceCountRow[]> {
  const rows = await db
    .selectFrom('event_attendance')
    .select((eb) => ['event_attendance.user_id', eb.fn.sum<number>('attended').as('attended'), eb.fn.countAll<number>().as('marked')])
    .where('group_id', '=', groupId)
    .where(({ or, eb, not, exists, selectFrom }) =>
      or([
        eb('event_attendance.attended', '=', 1),
        not(
          exists(
            selectFrom('event_responses')
              .select(sql.lit(1).as('one'))
              .whereRef('event_responses.event_id', '=', 'event_attendance.event_id')
              .whereRef('event_responses.user_id', '=', 'event_attendance.user_id')
              .where('event_responses.response', '=', 'not_coming'),
          ),
        ),
      ]),
    )
    .groupBy('event_attendance.user_id')
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, attended: Number(row.attended), marked: Number(row.marked) }));
}
