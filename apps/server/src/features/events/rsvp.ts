import { SIGNUP_CLOSED_MESSAGE } from '@smm/shared/events/messages';
import { EVENT_CANCELLED_MESSAGE } from '@smm/shared/events/quorum';
import { signupsClosed } from '@smm/shared/events/rules';
import type { RsvpResponse } from '@smm/shared/events/schemas';
import type { Db } from '../../db/schema';
import { conflict } from '../../errors';
import type { GroupChange } from '../live/group-changes';
import { heldBy, listEventPeople, withoutMember, type EventPeople } from './event-people.repo';
import * as events from './events.repo';
import * as responses from './responses.repo';
import { fillSeats } from './seats';
import * as waitlist from './waitlist.repo';

export const EVENT_ENDED_MESSAGE = 'This event has already ended';

/** Where the member's answer landed: a seat, a place in line, or an answer that takes no seat. */
export type RsvpOutcome = 'seated' | 'waitlisted' | 'answered';

/**
 * Moves a member's answer to `response`, under the event's row lock, in the caller's transaction:
 * a member has one answer across seats, waitlist and seatless answers, so the old one goes as the
 * new one is written. Attending and Late take a free seat or else a place at the end of the
 * waitlist (keeping one already held); Maybe, Can sub and Not coming give up any seat, which goes
 * to the first in line. Seat-taking answers close with sign-ups; the others stay open until the end.
 */
export async function applyResponse(
  tx: Db,
  row: events.EventRow,
  userId: string,
  response: RsvpResponse,
  { now, publicUrl }: { now: number; publicUrl: string },
): Promise<{ outcome: RsvpOutcome; changes: GroupChange[] }> {
  if (row.end_at <= now) throw conflict(EVENT_ENDED_MESSAGE);
  // A cancelled event keeps its answers as they were, like its seats.
  if (row.cancelled_at != null) throw conflict(EVENT_CANCELLED_MESSAGE);
  // Those already waiting come first: a seat left free goes to them before a newcomer.
  const changes = await fillSeats(tx, [row], { now, publicUrl });
  const attendees = await events.listAttendees(tx, [row.id]);
  const seat = attendees.find((a) => a.user_id === userId);
  const record = (action: GroupChange['action']) =>
    changes.push({ groupId: row.group_id, topic: 'attendance', action, eventId: row.id, userId });

  if (response === 'attending' || response === 'late') {
    const late = response === 'late' ? 1 : 0;
    if (seat) {
      if (Number(seat.late) !== late) {
        await events.setLate(tx, row.id, userId, late);
        record('attended');
      }
      return { outcome: 'seated', changes };
    }
    if (signupsClosed(row.start_at, row.signup_cutoff_minutes, now)) throw conflict(SIGNUP_CLOSED_MESSAGE);
    await responses.deleteResponse(tx, row.id, userId);
    if (attendees.length < row.max_number_of_members) {
      await waitlist.deleteEntries(tx, row.id, [userId]);
      await events.insertAttendee(tx, { event_id: row.id, user_id: userId, joined_at: now, late });
      record('attended');
      return { outcome: 'seated', changes };
    }
    const waiting = await waitlist.listWaitlist(tx, [row.id]);
    const place = waiting.find((w) => w.user_id === userId);
    if (!place) {
      await waitlist.insertEntry(tx, { event_id: row.id, user_id: userId, joined_at: await waitlist.nextJoinedAt(tx, row.id, now), late });
    } else if (Number(place.late) !== late) {
      await waitlist.setLate(tx, row.id, userId, late);
    }
    record('changed');
    return { outcome: 'waitlisted', changes };
  }

  await waitlist.deleteEntries(tx, row.id, [userId]);
  await responses.upsertResponse(tx, { event_id: row.id, user_id: userId, response, responded_at: now });
  if (seat) {
    await events.deleteSeatWithReminder(tx, row.id, userId);
    record('unattended');
    changes.push(...(await fillSeats(tx, [row], { now, publicUrl })));
  } else {
    record('changed');
  }
  return { outcome: 'answered', changes };
}

/**
 * Clears every answer the member gave the event (unattendEvent); a freed seat goes to the first in
 * line. Reads the event's people once and writes only what the member held; returns the people as
 * they are afterwards, for the answer.
 */
export async function clearResponse(
  tx: Db,
  row: events.EventRow,
  userId: string,
  { now, publicUrl }: { now: number; publicUrl: string },
): Promise<{ changes: GroupChange[]; people: EventPeople }> {
  const before = await listEventPeople(tx, [row.id]);
  const held = heldBy(before, userId);
  if (held.seat) await events.deleteSeatWithReminder(tx, row.id, userId);
  if (held.place) await waitlist.deleteEntries(tx, row.id, [userId]);
  if (held.answer) await responses.deleteResponse(tx, row.id, userId);
  const after = withoutMember(before, userId);
  const promotions = await fillSeats(tx, [row], { now, publicUrl }, after);
  const changes: GroupChange[] = [
    { groupId: row.group_id, topic: 'attendance', action: 'unattended', eventId: row.id, userId },
    ...promotions,
  ];
  return { changes, people: promotions.length > 0 ? await listEventPeople(tx, [row.id]) : after };
}
