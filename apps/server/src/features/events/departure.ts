import type { Db } from '../../db/schema';
import type { GroupChange } from '../live/group-changes';
import * as events from './events.repo';
import * as responses from './responses.repo';
import { fillSeats } from './seats';
import * as waitlist from './waitlist.repo';

/**
 * A member who leaves (or is kicked) gives up their seats and waitlist places in the group's
 * events that have not ended, and their Maybe / Can sub / Not coming answers to those that have not
 * started (sign-ups and answers of past events and attendance marks stay on record, hidden while
 * they are away, so they can still be marked if they come back); each freed seat of an upcoming event goes
 * to the first on its waitlist, under the events' row locks. Returns the seats given up and the
 * promotions, to be published after the commit (open pages and the events' Discord posts follow).
 */
export async function releaseSeatsOf(
  tx: Db,
  groupId: string,
  userId: string,
  options: { now: number; publicUrl: string },
): Promise<GroupChange[]> {
  const held = await events.lockAttendedUpcoming(tx, groupId, userId, options.now);
  await events.deleteAttendeeFromGroupEvents(tx, groupId, userId, options.now);
  await waitlist.deleteFromGroupEvents(tx, groupId, userId, options.now);
  await responses.deleteUpcomingFromGroupEvents(tx, groupId, userId, options.now);
  const givenUp: GroupChange[] = held.map((row) => ({ groupId, topic: 'attendance', action: 'unattended', eventId: row.id, userId }));
  return [...givenUp, ...(await fillSeats(tx, held, options))];
}

/**
 * A member who joins the group afresh holds no seat or place in line from before: any left behind
 * (a departure always takes them, so only rows older than that rule or written outside the app)
 * go as the membership is made, in its transaction. Sign-ups need the membership, so nothing the
 * member does after joining can be caught by this. Sign-ups of events that have ended are records
 * and come back with the member.
 */
export async function clearSeatsOfNewcomer(tx: Db, groupId: string, userId: string, now: number): Promise<void> {
  await events.deleteAttendeeFromGroupEvents(tx, groupId, userId, now);
  await waitlist.deleteFromGroupEvents(tx, groupId, userId, now);
}
