import type { Db } from '../../db/schema';
import type { EventWaitlistTable } from './events.tables';

/** Someone on a waitlist, with what the promotion mail needs. */
export type WaitlistRow = {
  event_id: string;
  user_id: string;
  username: string;
  email: string;
  time_zone: string | null;
  joined_at: number;
  /** 1 when they answered Late. */
  late: number;
};

/**
 * Who waits on the events, first in line first. Only people who are still members of the event's
 * group count: someone who left or was kicked neither shows nor gets a seat.
 */
export async function listWaitlist(db: Db, eventIds: readonly string[]): Promise<WaitlistRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_waitlist')
    .innerJoin('events', 'events.id', 'event_waitlist.event_id')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'events.group_id').onRef('group_members.user_id', '=', 'event_waitlist.user_id'),
    )
    .innerJoin('users', 'users.id', 'event_waitlist.user_id')
    .select([
      'event_waitlist.event_id',
      'event_waitlist.user_id',
      'event_waitlist.joined_at',
      'event_waitlist.late',
      'users.username',
      'users.email',
      'users.time_zone',
    ])
    .where('event_waitlist.event_id', 'in', eventIds)
    .orderBy('event_waitlist.joined_at')
    .orderBy('event_waitlist.user_id')
    .execute() as Promise<WaitlistRow[]>;
}

/** Puts a user on the waitlist unless already there; the (event, user) unique constraint settles races. */
export async function insertEntry(db: Db, row: EventWaitlistTable): Promise<boolean> {
  const inserted = await db
    .insertInto('event_waitlist')
    .values(row)
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doNothing())
    .returning('user_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Changes the answer (Attending or Late) of someone already waiting, keeping their place in line. */
export async function setLate(db: Db, eventId: string, userId: string, late: number): Promise<void> {
  await db.updateTable('event_waitlist').set({ late }).where('event_id', '=', eventId).where('user_id', '=', userId).execute();
}

/**
 * The moment a new entry joins the line: now, or just after the last entry when that is later (the
 * same millisecond), so the order of joining is kept even for joins in the same instant. The caller
 * holds the event's lock, so no two joins read the same last entry.
 */
export async function nextJoinedAt(db: Db, eventId: string, now: number): Promise<number> {
  const last = await db
    .selectFrom('event_waitlist')
    .select((eb) => eb.fn.max('joined_at').as('last'))
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return Math.max(now, Number(last?.last ?? 0) + 1);
}

/** Takes users off an event's waitlist (they left it, got a seat, or are attending). */
export async function deleteEntries(db: Db, eventId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.deleteFrom('event_waitlist').where('event_id', '=', eventId).where('user_id', 'in', userIds).execute();
}

/** Takes a member who leaves (or is kicked) off every waitlist of the group's events that have not ended; ended ones stay on record. */
export async function deleteFromGroupEvents(db: Db, groupId: string, userId: string, now: number): Promise<void> {
  await db
    .deleteFrom('event_waitlist')
    .where('user_id', '=', userId)
    .where('event_id', 'in', db.selectFrom('events').select('id').where('group_id', '=', groupId).where('end_at', '>', now))
    .execute();
}
