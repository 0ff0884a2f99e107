import type { Db } from '../../db/schema';
import type { GroupChange } from '../live/group-changes';
import * as outbox from '../reminders/event-mail-outbox.repo';
import { eventMailRow } from '../reminders/event-notifications';
import type { EventPeople } from './event-people.repo';
import * as events from './events.repo';
import * as waitlist from './waitlist.repo';

/**
 * Gives the free seats of the events to the first members on their waitlists, each with a mail.
 * The caller holds the events' row locks (the same lock attend takes), so a promotion and a
 * concurrent attend never both take the last seat. Seats are handed out until the event starts.
 * Returns the promotions, to be published once the transaction has committed. A fixed number of
 * queries for any number of events: attendees, waitlists, then one write per kind per event.
 */
export async function fillSeats(
  tx: Db,
  rows: readonly events.EventRow[],
  { now, publicUrl }: { now: number; publicUrl: string },
  /** The events' seats and waitlists as the caller read them in this transaction, to spare reading them again. */
  people?: Pick<EventPeople, 'attendees' | 'waiting'>,
): Promise<GroupChange[]> {
  // A cancelled event keeps its sign-ups as they were: nobody is promoted onto it.
  const open = rows.filter((row) => row.start_at > now && row.cancelled_at == null);
  if (open.length === 0) return [];
  const ids = open.map((row) => row.id);
  const waiting = people ? people.waiting.filter((w) => ids.includes(w.event_id)) : await waitlist.listWaitlist(tx, ids);
  if (waiting.length === 0) return [];
  const attendees = people ? people.attendees.filter((a) => ids.includes(a.event_id)) : await events.listAttendees(tx, ids);

  const promoted: waitlist.WaitlistRow[] = [];
  for (const row of open) {
    const seated = new Set(attendees.filter((a) => a.event_id === row.id).map((a) => a.user_id));
    const line = waiting.filter((w) => w.event_id === row.id);
    // Someone both seated and waiting (a seat taken through another path) just leaves the line.
    await waitlist.deleteEntries(
      tx,
      row.id,
      line.filter((w) => seated.has(w.user_id)).map((w) => w.user_id),
    );
    const free = row.max_number_of_members - seated.size;
    if (free > 0) promoted.push(...line.filter((w) => !seated.has(w.user_id)).slice(0, free));
  }
  if (promoted.length === 0) return [];

  // Each promotion signs up after everyone already seated, in waitlist order, so the list of attendees keeps that order.
  const lastJoined = Math.max(now - 1, ...attendees.map((a) => Number(a.joined_at)));
  await events.insertAttendees(
    tx,
    promoted.map((w, i) => ({ event_id: w.event_id, user_id: w.user_id, joined_at: lastJoined + 1 + i, late: Number(w.late ?? 0) })),
  );
  for (const row of open) {
    await waitlist.deleteEntries(
      tx,
      row.id,
      promoted.filter((w) => w.event_id === row.id).map((w) => w.user_id),
    );
  }
  const withGroup = new Map((await events.listWithGroup(tx, [...new Set(promoted.map((w) => w.event_id))])).map((e) => [e.id, e]));
  await outbox.insertMany(
    tx,
    promoted.map((w) => eventMailRow('waitlistPromoted', withGroup.get(w.event_id)!, w, { actorName: w.username, publicUrl, now })),
  );
  return promoted.map((w) => ({
    groupId: withGroup.get(w.event_id)!.group_id,
    topic: 'attendance',
    action: 'waitlistPromoted',
    eventId: w.event_id,
    userId: w.user_id,
  }));
}
