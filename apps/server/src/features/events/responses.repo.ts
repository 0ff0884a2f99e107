import type { Db } from '../../db/schema';
import type { EventResponsesTable } from './events.tables';

/** An answer that takes no seat, with the name members see. */
export type ResponseRow = Pick<EventResponsesTable, 'event_id' | 'user_id' | 'response' | 'responded_at'> & { username: string };

/**
 * Who answered Maybe, Can sub or Not coming, first answered first. Only people who are still members
 * of the event's group count, as with the seats and the waitlist.
 */
export async function listResponses(db: Db, eventIds: readonly string[]): Promise<ResponseRow[]> {
  if (eventIds.length === 0) return [];
  return db
    .selectFrom('event_responses')
    .innerJoin('events', 'events.id', 'event_responses.event_id')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'events.group_id').onRef('group_members.user_id', '=', 'event_responses.user_id'),
    )
    .innerJoin('users', 'users.id', 'event_responses.user_id')
    .select([
      'event_responses.event_id',
      'event_responses.user_id',
      'event_responses.response',
      'event_responses.responded_at',
      'users.username',
    ])
    .where('event_responses.event_id', 'in', eventIds)
    .orderBy('event_responses.responded_at')
    .orderBy('event_responses.user_id')
    .execute() as Promise<ResponseRow[]>;
}

/** Sets the member's seatless answer, replacing the one they gave before. */
export async function upsertResponse(db: Db, row: EventResponsesTable): Promise<void> {
  await db
    .insertInto('event_responses')
    .values(row)
    .onConflict((oc) => oc.columns(['event_id', 'user_id']).doUpdateSet({ response: row.response, responded_at: row.responded_at }))
    .execute();
}

/** Drops the member's seatless answer (they now hold a seat, wait for one, or cleared their answer). */
export async function deleteResponse(db: Db, eventId: string, userId: string): Promise<void> {
  await db.deleteFrom('event_responses').where('event_id', '=', eventId).where('user_id', '=', userId).execute();
}

/**
 * A member who leaves the group gives up their answers to its events that have not started, as
 * with their seats; answers to past events stay on record.
 */
export async function deleteUpcomingFromGroupEvents(db: Db, groupId: string, userId: string, now: number): Promise<void> {
  await db
    .deleteFrom('event_responses')
    .where('user_id', '=', userId)
    .where('event_id', 'in', db.selectFrom('events').select('id').where('group_id', '=', groupId).where('start_at', '>', now))
    .execute();
}
