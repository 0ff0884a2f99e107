import { PostgresAdapter } from 'kysely';
import type { Db } from '../../db/schema';
import type { EventAttendeesTable, EventsTable } from './events.tables';
import { lockedRow } from '../../db/row-locks';
import { precompiled } from '../../db/precompiled';

export type EventRow = EventsTable;
export type AttendeeRow = { event_id: string; user_id: string; username: string; email: string; joined_at: number; late: number };
/** An event with the group it belongs to, for calendars and mails. */
export type EventWithGroupRow = EventRow & { group_name: string; link_url: string };

export const findById = (db: Db, id: string): Promise<EventRow | undefined> =>
  db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Reads the event and holds it until the transaction ends (lockedRow): attends, edits and the
 * delete of one event then run one after another on both engines.
 */
export const lockById = (db: Db, id: string): Promise<EventRow | undefined> =>
  lockedRow(db, db.selectFrom('events').selectAll().where('id', '=', id)).executeTakeFirst();

export const listByGroup = (db: Db, groupId: string): Promise<EventRow[]> => groupEvents.all(db, groupId);
// Read by every fresh event list: compiled once.
const groupEvents = precompiled(1, (db, groupId) =>
  db.selectFrom('events').selectAll().where('group_id', '=', groupId).orderBy('start_at').orderBy('end_at').orderBy('id'),
);

/**
 * Who attends the events, oldest sign-up first. Only people who are still members of the event's
 * group count: someone who left or was kicked neither shows nor takes a seat.
 */
export async function listAttendees(db: Db, eventIds: readonly string[]): Promise<AttendeeRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_attendees')
    .innerJoin('events', 'events.id', 'event_attendees.event_id')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'events.group_id').onRef('group_members.user_id', '=', 'event_attendees.user_id'),
    )
    .innerJoin('users', 'users.id', 'event_attendees.user_id')
    .select([
      'event_attendees.event_id',
      'event_attendees.user_id',
      'event_attendees.joined_at',
      'event_attendees.late',
      'users.username',
      'users.email',
    ])
    .where('event_attendees.event_id', 'in', eventIds)
    .orderBy('event_attendees.joined_at')
    .orderBy('event_attendees.user_id')
    .execute() as Promise<AttendeeRow[]>;
}

/** Of the given events, the ids of those whose creator is no longer a member of the event's group. */
export async function listWithDepartedCreator(db: Db, eventIds: readonly string[]): Promise<string[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .leftJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'events.group_id').onRef('group_members.user_id', '=', 'events.user_id'),
    )
    .select('events.id')
    .where('events.id', 'in', eventIds)
    .where('group_members.user_id', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

export async function insert(db: Db, row: EventRow): Promise<void> {
  await db.insertInto('events').values(row).execute();
}

/** Inserts the occurrences of a weekly series (at most 52) in one statement. */
export async function insertMany(db: Db, rows: readonly EventRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('events').values(rows).execute();
}

/**
 * Locks the occurrences of a series that start after `since` (and `alsoId`, the one being changed),
 * earliest first, with one no-op write like lockById.
 */
export const lockSeries = (db: Db, seriesId: string, since: number, alsoId: string): Promise<EventRow[]> =>
  db
    .updateTable('events')
    .set((eb) => ({ max_number_of_members: eb.ref('max_number_of_members') }))
    .where('series_id', '=', seriesId)
    .where((w) => w.or([w('start_at', '>', since), w('id', '=', alsoId)]))
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.start_at - b.start_at || a.id.localeCompare(b.id)));

/** Signs several users up at once (waitlist promotions); existing sign-ups are left as they are. */
export async function insertAttendees(db: Db, rows: readonly EventAttendeesTable[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('event_attendees')
    .values(rows)
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .execute();
}

/** The events with their group, for mails about several events at once. */
export async function listWithGroup(db: Db, ids: readonly string[]): Promise<EventWithGroupRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('events')
    .innerJoin('groups', 'groups.id', 'events.group_id')
    .selectAll('events')
    .select(['groups.group_name', 'groups.link_url'])
    .where('events.id', 'in', ids)
    .execute();
}

/** The group's events the user holds a seat on that have not started, locked (they are leaving). */
export const lockAttendedUpcoming = (db: Db, groupId: string, userId: string, now: number): Promise<EventRow[]> =>
  db
    .updateTable('events')
    .set((eb) => ({ max_number_of_members: eb.ref('max_number_of_members') }))
    .where('group_id', '=', groupId)
    .where('start_at', '>', now)
    .where('id', 'in', db.selectFrom('event_attendees').select('event_id').where('user_id', '=', userId))
    .returningAll()
    .execute();

export async function update(
  db: Db,
  id: string,
  changes: Partial<
    Pick<EventRow, 'event_name' | 'start_at' | 'end_at' | 'max_number_of_members' | 'description' | 'signup_cutoff_minutes' | 'updated_at'>
  >,
): Promise<void> {
  await db.updateTable('events').set(changes).where('id', '=', id).execute();
}

export async function deleteById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('events').where('id', '=', id).execute();
}

/**
 * Signs a user up unless already signed up; the (event, user) unique constraint settles races. In
 * a transaction on PostgreSQL it leaves with the transaction's next statement.
 */
export async function insertAttendee(db: Db, row: EventAttendeesTable): Promise<void> {
  await seatTaken.sentWithNext(db, row.event_id, row.user_id, row.joined_at, row.late ?? 0);
}

// The sign-up toggle's statements, compiled once: they run with every Attend and Unattend.
const seatTaken = precompiled(4, (db, eventId, userId, joinedAt, late) =>
  db
    .insertInto('event_attendees')
    .values({ event_id: eventId, user_id: userId, joined_at: joinedAt as unknown as number, late: late as unknown as number })
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing()),
);
const seat = precompiled(2, (db, eventId, userId) =>
  db.deleteFrom('event_attendees').where('event_id', '=', eventId).where('user_id', '=', userId),
);

/** Says whether a seat holder comes late (1) or on time (0). */
export async function setLate(db: Db, eventId: string, userId: string, late: number): Promise<void> {
  await db.updateTable('event_attendees').set({ late }).where('event_id', '=', eventId).where('user_id', '=', userId).execute();
}

/**
 * Gives up the member's seat and drops their reminder for it not yet sent (a withdrawal). On
 * PostgreSQL the two deletes are one statement, as each statement is a round trip there, and in a
 * transaction it leaves with the transaction's next statement; SQLite runs them in turn.
 */
export async function deleteSeatWithReminder(db: Db, eventId: string, userId: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await seatWithReminder.sentWithNext(db, eventId, userId);
    return;
  }
  await seat.changed(db, eventId, userId);
  await unsentReminder.changed(db, eventId, userId);
}
const unsentReminder = precompiled(2, (db, eventId, userId) =>
  db
    .deleteFrom('event_mail_outbox')
    .where('event_id', '=', eventId)
    .where('kind', '=', 'reminder')
    .where('sent_at', 'is', null)
    .where('user_id', '=', userId),
);
// PostgreSQL only: a delete in a `with` runs to completion whatever the outer statement reads of it.
const seatWithReminder = precompiled(2, (db, eventId, userId) =>
  db
    .with('seat', (w) => w.deleteFrom('event_attendees').where('event_id', '=', eventId).where('user_id', '=', userId).returning('user_id'))
    .deleteFrom('event_mail_outbox')
    .where('event_id', '=', eventId)
    .where('kind', '=', 'reminder')
    .where('sent_at', 'is', null)
    .where('user_id', '=', userId),
);

/** The events of every group the user belongs to that end after `since`, earliest first. */
export const listForMember = (db: Db, userId: string, since: number, limit: number): Promise<EventWithGroupRow[]> =>
  db
    .selectFrom('events')
    .innerJoin('groups', 'groups.id', 'events.group_id')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'events.group_id').on('group_members.user_id', '=', userId),
    )
    .selectAll('events')
    .select(['groups.group_name', 'groups.link_url'])
    .where('events.end_at', '>', since)
    .orderBy('events.start_at')
    .orderBy('events.id')
    .limit(limit)
    .execute();

export const findWithGroup = (db: Db, id: string): Promise<EventWithGroupRow | undefined> =>
  db
    .selectFrom('events')
    .innerJoin('groups', 'groups.id', 'events.group_id')
    .selectAll('events')
    .select(['groups.group_name', 'groups.link_url'])
    .where('events.id', '=', id)
    .executeTakeFirst();

/**
 * Takes a member who leaves (or is kicked) off every event of the group that has not ended, so no
 * hidden sign-up comes back if they rejoin; a seat on an ended event is a record and stays.
 */
export async function deleteAttendeeFromGroupEvents(db: Db, groupId: string, userId: string, now: number): Promise<void> {
  await db
    .deleteFrom('event_attendees')
    .where('user_id', '=', userId)
    .where('event_id', 'in', db.selectFrom('events').select('id').where('group_id', '=', groupId).where('end_at', '>', now))
    .execute();
}
