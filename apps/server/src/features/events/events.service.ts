import { GROUP_NOT_FOUND_MESSAGE } from '@smm/shared/groups/messages';
import { can } from '@smm/shared/groups/policy';
import {
  EVENT_FULL_MESSAGE,
  EVENT_NOT_FOUND_MESSAGE,
  MAX_BELOW_ATTENDING_MESSAGE,
  ONLY_CREATOR_MESSAGE,
  ONLY_CREATOR_OR_ADMINS_MESSAGE,
  SIGNUP_CLOSED_MESSAGE,
  START_BEFORE_END_MESSAGE,
  START_IN_PAST_MESSAGE,
} from '@smm/shared/events/messages';
import { canDeleteEvent, canEditEvent, endsBeforeStart, signupsClosed, startIsInPast } from '@smm/shared/events/rules';
import {
  EVENT_LIMIT_MESSAGE,
  EVENTS_PER_HOUR,
  type AttendEventBody,
  type EventDto,
  type PostEventBody,
  type RespondToEventBody,
  type SeriesScope,
  type UpdateEventBody,
} from '@smm/shared/events/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors';
import { renderCalendar } from '../calendar/ics';
import { accessFrom, assertCan, isVisible, loadAccess, type GroupAccess } from '../groups/group-access';
import * as outbox from '../reminders/event-mail-outbox.repo';
import type { EventNotifier } from '../reminders/event-notifications';
import { transactionWithChanges, type GroupChanges } from '../live/group-changes';
import type { Limit, Throttle } from '../throttle/throttle.service';
import { DEFAULT_SIGNUP_LIMIT, signupTransactions } from './signup-limit';
import { lockEventWithMembership } from './event-lock.repo';
import { eventWithPeople, readEvent, readGroupEvents } from './event-reader';
import { bySignUp, heldBy, listEventPeople, withoutMember } from './event-people.repo';
import * as events from './events.repo';
import * as responses from './responses.repo';
import { applyResponse, clearResponse, EVENT_ENDED_MESSAGE } from './rsvp';
import { fillSeats } from './seats';
import { editedQuorumColumns, quorumChanged } from './quorum';
import * as quorum from './quorum.repo';
import { EVENT_CANCELLED_MESSAGE } from '@smm/shared/events/quorum';
import * as waitlist from './waitlist.repo';
import { deleteSeries, newEventRows, updateSeries } from './series';

const NOT_A_MEMBER_MESSAGE = 'Only members of this group can see and change its events';
const EVENT_FILE = /^(.{1,64})\.ics$/;

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  notifier: EventNotifier;
  changes: GroupChanges;
  throttle: Throttle;
  eventLimit?: Limit;
  editLimit?: Limit;
  signupLimit?: Limit;
}

/** Each member's events per hour, every occurrence of a series counted: a burst cannot flood a group (and its mail). */
export const DEFAULT_EVENT_LIMIT: Limit = { max: EVENTS_PER_HOUR, windowMs: 60 * 60_000 };

/** Each member's event edits per hour: every edit mails the group's members, so a burst cannot flood their mail. */
export const EVENT_EDITS_PER_HOUR = 60;
export const DEFAULT_EVENT_EDIT_LIMIT: Limit = { max: EVENT_EDITS_PER_HOUR, windowMs: 60 * 60_000 };
export const EVENT_EDIT_LIMIT_MESSAGE = `You can edit events at most ${EVENT_EDITS_PER_HOUR} times an hour: wait a while and try again`;

/** Refuses anyone but a member of the event's group; to outsiders of a private group the event does not exist. */
function assertMember(access: GroupAccess, notFoundMessage = EVENT_NOT_FOUND_MESSAGE): void {
  if (can('viewEvents', access.context)) return;
  if (!isVisible(access)) throw notFound(notFoundMessage);
  assertCan(access, 'viewEvents', NOT_A_MEMBER_MESSAGE);
}

/** Spec 5: the end must not be before the start, and (our rule) a new start must not lie in the past. */
function assertTimes(startAt: number, endAt: number, now: number, startChanged: boolean): void {
  if (endsBeforeStart(startAt, endAt)) throw invalid({ endDate: START_BEFORE_END_MESSAGE }, START_BEFORE_END_MESSAGE);
  if (startChanged && startIsInPast(startAt, now)) throw invalid({ startDate: START_IN_PAST_MESSAGE }, START_IN_PAST_MESSAGE);
}

const assertSelf = (actor: UserDto, userID: string, what: string) => {
  if (userID !== actor.id) throw forbidden(`You can only ${what} as yourself`);
};

/** Event use cases: list, create, edit, delete, attend and unattend, each checked against the caller's membership. */
export function createEventsService({
  db,
  clock,
  publicUrl,
  notifier,
  changes,
  throttle,
  eventLimit = DEFAULT_EVENT_LIMIT,
  editLimit = DEFAULT_EVENT_EDIT_LIMIT,
  signupLimit = DEFAULT_SIGNUP_LIMIT,
}: Deps) {
  /** Locks the event and checks the caller is a member of its group; 404 when it does not exist. */
  async function lockWithAccess(tx: Db, eventId: string, actor: UserDto) {
    const locked = await lockEventWithMembership(tx, eventId, actor.id);
    if (!locked) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    const access = accessFrom(locked.group, locked.membership, actor.id);
    assertMember(access);
    return { row: locked.row, access };
  }

  const lockForMember = async (tx: Db, eventId: string, actor: UserDto) => (await lockWithAccess(tx, eventId, actor)).row;
  const signupChange = signupTransactions({ db, changes, throttle, limit: signupLimit });

  async function withGroup(tx: Db, eventId: string) {
    const row = await events.findWithGroup(tx, eventId);
    if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    return row;
  }

  /** The edit itself, in one transaction (updateEvent has counted it). */
  const editEvent = (actor: UserDto, eventID: string, body: UpdateEventBody): Promise<EventDto> =>
    transactionWithChanges(db, changes, async (tx, record) => {
      const current = await lockForMember(tx, eventID, actor);
      if (body.groupID !== undefined && body.groupID !== current.group_id) throw badRequest('groupID does not match the event');
      if (!canEditEvent({ userID: current.user_id }, actor.id)) throw forbidden(ONLY_CREATOR_MESSAGE);
      const now = clock.now();
      assertTimes(body.startDate, body.endDate, now, body.startDate !== current.start_at);
      const max = body.maxNumberOfMembers ?? current.max_number_of_members;
      const attending = (await events.listAttendees(tx, [eventID])).length;
      if (max < attending) throw conflict(MAX_BELOW_ATTENDING_MESSAGE, { maxNumberOfMembers: MAX_BELOW_ATTENDING_MESSAGE });
      if (body.scope === 'series' && current.series_id !== null) {
        const updated = await updateSeries(tx, current, body, now);
        for (const change of await fillSeats(tx, updated, { now, publicUrl })) record(change);
        await notifier.eventChanged(tx, 'updated', await withGroup(tx, eventID), actor, now);
        for (const row of updated) record({ groupId: row.group_id, topic: 'events', action: 'updated', eventId: row.id, userId: actor.id });
        return readEvent(
          tx,
          updated.find((row) => row.id === eventID)!,
          actor.id,
        );
      }
      const edited = {
        event_name: body.eventName,
        start_at: body.startDate,
        end_at: body.endDate,
        max_number_of_members: max,
        description: body.description === undefined ? current.description : body.description,
        signup_cutoff_minutes: body.signupCutoffMinutes === undefined ? current.signup_cutoff_minutes : body.signupCutoffMinutes,
      };
      const minimum = editedQuorumColumns(current, body, body.startDate, max);
      const changed = (Object.keys(edited) as (keyof typeof edited)[]).some((key) => edited[key] !== current[key]);
      if (!changed && !quorumChanged(current, minimum)) return readEvent(tx, current, actor.id);
      await events.update(tx, eventID, { ...edited, updated_at: now });
      if (quorumChanged(current, minimum)) await quorum.setQuorum(tx, eventID, minimum);
      // A reminder queued for the old start would name the wrong time; the job queues one for the new start.
      if (body.startDate !== current.start_at) await outbox.deleteUnsentReminders(tx, eventID);
      for (const change of await fillSeats(tx, [{ ...current, ...edited, ...minimum }], { now, publicUrl })) record(change);
      await notifier.eventChanged(tx, 'updated', await withGroup(tx, eventID), actor, now);
      record({ groupId: current.group_id, topic: 'events', action: 'updated', eventId: eventID, userId: actor.id });
      return readEvent(tx, { ...current, ...edited, ...minimum, updated_at: now }, actor.id);
    });

  return {
    /** The events of a group, earliest start first; members only. */
    async getEvents(actor: UserDto, groupID: string): Promise<EventDto[]> {
      assertMember(await loadAccess(db, groupID, actor), GROUP_NOT_FOUND_MESSAGE);
      return readGroupEvents(db, groupID, actor);
    },

    /**
     * A member schedules an event, or a weekly series of them, in their group; members with
     * notifications on are mailed once, about the first event.
     */
    async postEvent(actor: UserDto, body: PostEventBody): Promise<EventDto> {
      assertSelf(actor, body.userID, 'create events');
      const now = clock.now();
      assertTimes(body.startDate, body.endDate, now, true);
      const access = await loadAccess(db, body.groupID, actor);
      assertMember(access, GROUP_NOT_FOUND_MESSAGE);
      const rows = newEventRows(body, actor.id, now, access.group.time_zone);
      await throttle.consume(`events:${actor.id}`, eventLimit, EVENT_LIMIT_MESSAGE, rows.length);
      return transactionWithChanges(db, changes, async (tx, record) => {
        assertMember(await loadAccess(tx, body.groupID, actor), GROUP_NOT_FOUND_MESSAGE);
        const row = rows[0]!;
        await events.insertMany(tx, rows);
        await notifier.eventChanged(tx, 'created', await withGroup(tx, row.id), actor, now);
        record({ groupId: row.group_id, topic: 'events', action: 'created', eventId: row.id, userId: actor.id });
        return readEvent(tx, row, actor.id);
      });
    },

    /**
     * The creator changes name, times, maximum, description or cutoff of the event, or with scope
     * 'series' of it and every occurrence of its series that has not started; the maximum cannot drop below those
     * already attending, and seats it adds go to the waitlist at once. Each member edits at most
     * `editLimit` times an hour (429 with Retry-After); a refused edit is not counted.
     */
    async updateEvent(actor: UserDto, eventID: string, body: UpdateEventBody): Promise<EventDto> {
      if (body.eventID !== undefined && body.eventID !== eventID) throw badRequest('eventID in the body does not match the query string');
      assertSelf(actor, body.userID, 'edit events');
      const key = `event-edits:${actor.id}`;
      await throttle.consume(key, editLimit, EVENT_EDIT_LIMIT_MESSAGE);
      try {
        return await editEvent(actor, eventID, body);
      } catch (error) {
        await throttle.refund(key);
        throw error;
      }
    },

    /**
     * The creator deletes the event, or, once the creator has left the group, its owner or an
     * Administrator; members with notifications on are told it is cancelled. With scope 'series',
     * every occurrence of its series that has not started goes too (one mail, about this one). Once no week of a
     * series is left to come, when it was last reminded goes as well.
     */
    async deleteEvent(actor: UserDto, eventID: string, scope: SeriesScope = 'this'): Promise<{ message: string }> {
      return transactionWithChanges(db, changes, async (tx, record) => {
        const { row: current, access } = await lockWithAccess(tx, eventID, actor);
        const creatorIsMember = (await events.listWithDepartedCreator(tx, [eventID])).length === 0;
        if (!canDeleteEvent({ userID: current.user_id }, { userID: actor.id, role: access.viewer }, creatorIsMember)) {
          throw forbidden(creatorIsMember ? ONLY_CREATOR_MESSAGE : ONLY_CREATOR_OR_ADMINS_MESSAGE);
        }
        const snapshot = await withGroup(tx, eventID);
        await outbox.deleteUnsentReminders(tx, eventID);
        if (scope === 'series' && current.series_id !== null) await deleteSeries(tx, current, clock.now());
        await events.deleteById(tx, eventID);
        // With no week of the series left to come, its last reminder goes with it.
        if (current.series_id !== null) await quorum.deleteSeriesNudgeIfDone(tx, current.series_id, clock.now());
        await notifier.eventChanged(tx, 'deleted', snapshot, actor, clock.now());
        record({
          groupId: current.group_id,
          topic: 'events',
          action: 'cancelled',
          eventId: eventID,
          userId: actor.id,
          event: { name: snapshot.event_name, startAt: snapshot.start_at, endAt: snapshot.end_at },
        });
        return { message: 'Event deleted' };
      });
    },

    /**
     * Signs the caller up. The event's row lock makes concurrent attends run one at a time, so the
     * seats are never overbooked; attending twice changes nothing.
     */
    async attendEvent(actor: UserDto, body: AttendEventBody): Promise<EventDto> {
      assertSelf(actor, body.userID, 'attend events');
      return signupChange(actor.id, async (tx, record) => {
        const current = await lockForMember(tx, body.eventID, actor);
        if (current.cancelled_at != null) throw conflict(EVENT_CANCELLED_MESSAGE);
        const now = clock.now();
        // Read once: the seats, the line and the answers decide, and the answer is built from them and the change.
        let people = await listEventPeople(tx, [current.id]);
        // Those already waiting come first: a seat left free (a departed member's) goes to them before a newcomer.
        const promotions = await fillSeats(tx, [current], { now, publicUrl }, people);
        for (const change of promotions) record(change);
        if (promotions.length > 0) people = await listEventPeople(tx, [current.id]);
        const held = heldBy(people, actor.id);
        if (held.seat) {
          // Attending is on time: a seat held as Late becomes Attending; otherwise nothing changes.
          if (Number(held.seat.late) === 1 && current.end_at > now) {
            await events.setLate(tx, current.id, actor.id, 0);
            record({ groupId: current.group_id, topic: 'attendance', action: 'attended', eventId: current.id, userId: actor.id });
            return readEvent(tx, current, actor.id);
          }
          return eventWithPeople(current, people, actor.id);
        }
        if (current.end_at <= now) throw conflict(EVENT_ENDED_MESSAGE);
        if (signupsClosed(current.start_at, current.signup_cutoff_minutes, now)) throw conflict(SIGNUP_CLOSED_MESSAGE);
        if (people.attendees.length >= current.max_number_of_members) throw conflict(EVENT_FULL_MESSAGE);
        // One answer per member: taking a seat replaces a Maybe, Can sub or Not coming, and a place in line.
        if (held.answer) await responses.deleteResponse(tx, current.id, actor.id);
        if (held.place) await waitlist.deleteEntries(tx, current.id, [actor.id]);
        const seat = { event_id: current.id, user_id: actor.id, joined_at: clock.now() };
        await events.insertAttendee(tx, seat);
        record({ groupId: current.group_id, topic: 'attendance', action: 'attended', eventId: current.id, userId: actor.id });
        const others = withoutMember(people, actor.id);
        const attendees = [...others.attendees, { ...seat, username: actor.username, email: actor.email, late: 0 }];
        return eventWithPeople(current, { ...others, attendees: attendees.sort(bySignUp) }, actor.id);
      });
    },

    /**
     * Clears the caller's answer to the event, whichever it was (nothing happens if they gave none),
     * and drops their pending reminder; a freed seat goes to the first on the waitlist in the same transaction.
     */
    async unattendEvent(actor: UserDto, body: AttendEventBody): Promise<EventDto> {
      assertSelf(actor, body.userID, 'unattend events');
      return signupChange(actor.id, async (tx, record) => {
        const current = await lockForMember(tx, body.eventID, actor);
        // A cancelled or ended event keeps its answers on record, as respondToEvent does.
        if (current.cancelled_at != null) throw conflict(EVENT_CANCELLED_MESSAGE);
        const now = clock.now();
        if (current.end_at <= now) throw conflict(EVENT_ENDED_MESSAGE);
        const cleared = await clearResponse(tx, current, actor.id, { now, publicUrl });
        for (const change of cleared.changes) record(change);
        return eventWithPeople(current, cleared.people, actor.id);
      });
    },

    /**
     * The caller answers the event: Attending or Late take a seat, or the end of the waitlist when
     * it is full; Maybe, Can sub and Not coming take none and give up a seat held. Under the event's
     * row lock, so many members answering at once never overbook it.
     */
    async respondToEvent(actor: UserDto, body: RespondToEventBody): Promise<EventDto> {
      return signupChange(actor.id, async (tx, record) => {
        const { row: current, access } = await lockWithAccess(tx, body.eventID, actor);
        assertCan(access, 'respondToEvents', NOT_A_MEMBER_MESSAGE);
        if (current.cancelled_at != null) throw conflict(EVENT_CANCELLED_MESSAGE);
        const result = await applyResponse(tx, current, actor.id, body.response, { now: clock.now(), publicUrl });
        for (const change of result.changes) record(change);
        return readEvent(tx, current, actor.id);
      });
    },

    /** One event as an .ics file, for members of its group. */
    async eventIcs(actor: UserDto, file: string): Promise<{ eventName: string; ics: string }> {
      const eventID = EVENT_FILE.exec(file)?.[1];
      if (!eventID) throw notFound(EVENT_NOT_FOUND_MESSAGE);
      const row = await withGroup(db, eventID);
      assertMember(await loadAccess(db, row.group_id, actor));
      const attendees = (await events.listAttendees(db, [row.id])).map((a) => a.username);
      return {
        eventName: row.event_name,
        ics: renderCalendar([{ row, attendees }], { name: row.event_name, publicUrl, now: clock.now(), publish: true }),
      };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
