import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import type { EventResponsesTable } from './events.tables';

/** An answer that takes no seat, with the name members see. */
export type ResponseRow = Pick<EventResponsesTable, 'event_id' | 'user_id' | 'response' | 'responded_at'> & { username: string };

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
  await answer.changed(db, eventId, userId);
}
const answer = precompiled(2, (db, eventId, userId) =>
  db.deleteFrom('event_responses').where('event_id', '=', eventId).where('user_id', '=', userId),
);

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
