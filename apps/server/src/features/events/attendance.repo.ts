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

/** Per member of the group, how many of their marks say they came, of how many marks. */
export async function countByMember(db: Db, groupId: string): Promise<AttendanceCountRow[]> {
  const rows = await db
    .selectFrom('event_attendance')
    .select((eb) => ['event_attendance.user_id', eb.fn.sum<number>('attended').as('attended'), eb.fn.countAll<number>().as('marked')])
    .where('group_id', '=', groupId)
    .groupBy('event_attendance.user_id')
    .execute();
  return rows.map((row) => ({ user_id: row.user_id, attended: Number(row.attended), marked: Number(row.marked) }));
}
