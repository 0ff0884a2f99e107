import { GROUP_NOT_FOUND_MESSAGE } from '@smm/shared/groups/messages';
import { can } from '@smm/shared/groups/policy';
import {
  EVENT_FULL_MESSAGE,
  EVENT_NOT_FOUND_MESSAGE,
  MAX_BELOW_ATTENDING_MESSAGE,
  ONLY_CREATOR_MESSAGE,
  ONLY_CREATOR_OR_ADMINS_MESSAGE,
  START_BEFORE_END_MESSAGE,
  START_IN_PAST_MESSAGE,
} from '@smm/shared/events/messages';
import { canDeleteEvent, canEditEvent, endsBeforeStart, startIsInPast } from '@smm/shared/events/rules';
import type { AttendEventBody, EventDto, PostEventBody, UpdateEventBody } from '@smm/shared/events/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { renderCalendar } from '../calendar/ics';
import { assertCan, isVisible, loadAccess, type GroupAccess } from '../groups/group-access';
import * as outbox from '../reminders/event-mail-outbox.repo';
import type { EventNotifier } from '../reminders/event-notifications';
import { toEventDto } from './events.mapper';
import * as events from './events.repo';

const NOT_A_MEMBER_MESSAGE = 'Only members of this group can see and change its events';
const EVENT_ENDED_MESSAGE = 'This event has already ended';
const EVENT_FILE = /^(.{1,64})\.ics$/;

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  notifier: EventNotifier;
}

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
export function createEventsService({ db, clock, publicUrl, notifier }: Deps) {
  /** The events as the viewer sees them, in two queries however many there are: attendees, and departed creators. */
  async function readEvents(tx: Db, rows: readonly events.EventRow[], viewerId: string): Promise<EventDto[]> {
    const ids = rows.map((row) => row.id);
    const attendees = await events.listAttendees(tx, ids);
    const departed = new Set(await events.listWithDepartedCreator(tx, ids));
    return rows.map((row) => toEventDto(row, attendees, viewerId, !departed.has(row.id)));
  }

  async function readEvent(tx: Db, row: events.EventRow, viewerId: string): Promise<EventDto> {
    return (await readEvents(tx, [row], viewerId))[0]!;
  }

  /** Locks the event and checks the caller is a member of its group; 404 when it does not exist. */
  async function lockWithAccess(tx: Db, eventId: string, actor: UserDto) {
    const row = await events.lockById(tx, eventId);
    if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    const access = await loadAccess(tx, row.group_id, actor.id);
    assertMember(access);
    return { row, access };
  }

  const lockForMember = async (tx: Db, eventId: string, actor: UserDto) => (await lockWithAccess(tx, eventId, actor)).row;

  async function withGroup(tx: Db, eventId: string) {
    const row = await events.findWithGroup(tx, eventId);
    if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    return row;
  }

  return {
    /** The events of a group, earliest start first; members only. */
    async getEvents(actor: UserDto, groupID: string): Promise<EventDto[]> {
      assertMember(await loadAccess(db, groupID, actor.id), GROUP_NOT_FOUND_MESSAGE);
      return readEvents(db, await events.listByGroup(db, groupID), actor.id);
    },

    /** A member schedules an event in their group; members with notifications on are mailed. */
    async postEvent(actor: UserDto, body: PostEventBody): Promise<EventDto> {
      assertSelf(actor, body.userID, 'create events');
      return db.transaction().execute(async (tx) => {
        assertMember(await loadAccess(tx, body.groupID, actor.id), GROUP_NOT_FOUND_MESSAGE);
        const now = clock.now();
        assertTimes(body.startDate, body.endDate, now, true);
        const row: events.EventRow = {
          id: newId(),
          group_id: body.groupID,
          user_id: actor.id,
          event_name: body.eventName,
          start_at: body.startDate,
          end_at: body.endDate,
          max_number_of_members: body.maxNumberOfMembers,
          is_drafted: 0,
          draft_game_id: null,
          created_at: now,
          updated_at: now,
        };
        await events.insert(tx, row);
        await notifier.eventChanged(tx, 'created', await withGroup(tx, row.id), actor, now);
        return readEvent(tx, row, actor.id);
      });
    },

    /** The creator changes name, times or maximum; the maximum cannot drop below those already attending. */
    async updateEvent(actor: UserDto, eventID: string, body: UpdateEventBody): Promise<EventDto> {
      if (body.eventID !== undefined && body.eventID !== eventID) throw badRequest('eventID in the body does not match the query string');
      assertSelf(actor, body.userID, 'edit events');
      return db.transaction().execute(async (tx) => {
        const current = await lockForMember(tx, eventID, actor);
        if (body.groupID !== undefined && body.groupID !== current.group_id) throw badRequest('groupID does not match the event');
        if (!canEditEvent({ userID: current.user_id }, actor.id)) throw forbidden(ONLY_CREATOR_MESSAGE);
        const now = clock.now();
        assertTimes(body.startDate, body.endDate, now, body.startDate !== current.start_at);
        const max = body.maxNumberOfMembers ?? current.max_number_of_members;
        const attending = (await events.listAttendees(tx, [eventID])).length;
        if (max < attending) throw conflict(MAX_BELOW_ATTENDING_MESSAGE, { maxNumberOfMembers: MAX_BELOW_ATTENDING_MESSAGE });
        const changes = { event_name: body.eventName, start_at: body.startDate, end_at: body.endDate, max_number_of_members: max };
        const changed = (Object.keys(changes) as (keyof typeof changes)[]).some((key) => changes[key] !== current[key]);
        if (!changed) return readEvent(tx, current, actor.id);
        await events.update(tx, eventID, { ...changes, updated_at: now });
        // A reminder queued for the old start would name the wrong time; the job queues one for the new start.
        if (body.startDate !== current.start_at) await outbox.deleteUnsentReminders(tx, eventID);
        await notifier.eventChanged(tx, 'updated', await withGroup(tx, eventID), actor, now);
        return readEvent(tx, { ...current, ...changes, updated_at: now }, actor.id);
      });
    },

    /**
     * The creator deletes the event, or, once the creator has left the group, its owner or an
     * Administrator; members with notifications on are told it is cancelled.
     */
    async deleteEvent(actor: UserDto, eventID: string): Promise<{ message: string }> {
      return db.transaction().execute(async (tx) => {
        const { row: current, access } = await lockWithAccess(tx, eventID, actor);
        const creatorIsMember = (await events.listWithDepartedCreator(tx, [eventID])).length === 0;
        if (!canDeleteEvent({ userID: current.user_id }, { userID: actor.id, role: access.viewer }, creatorIsMember)) {
          throw forbidden(creatorIsMember ? ONLY_CREATOR_MESSAGE : ONLY_CREATOR_OR_ADMINS_MESSAGE);
        }
        const snapshot = await withGroup(tx, eventID);
        await outbox.deleteUnsentReminders(tx, eventID);
        await events.deleteById(tx, eventID);
        await notifier.eventChanged(tx, 'deleted', snapshot, actor, clock.now());
        return { message: 'Event deleted' };
      });
    },

    /**
     * Signs the caller up. The event's row lock makes concurrent attends run one at a time, so the
     * seats are never overbooked; attending twice changes nothing.
     */
    async attendEvent(actor: UserDto, body: AttendEventBody): Promise<EventDto> {
      assertSelf(actor, body.userID, 'attend events');
      return db.transaction().execute(async (tx) => {
        const current = await lockForMember(tx, body.eventID, actor);
        await events.deleteNonMemberAttendees(tx, current.id, current.group_id);
        const attendees = await events.listAttendees(tx, [current.id]);
        if (attendees.some((a) => a.user_id === actor.id)) return readEvent(tx, current, actor.id);
        if (current.end_at <= clock.now()) throw conflict(EVENT_ENDED_MESSAGE);
        if (attendees.length >= current.max_number_of_members) throw conflict(EVENT_FULL_MESSAGE);
        await events.insertAttendee(tx, { event_id: current.id, user_id: actor.id, joined_at: clock.now() });
        return readEvent(tx, current, actor.id);
      });
    },

    /** Takes the caller off the event (nothing happens if they were not on it) and drops their pending reminder. */
    async unattendEvent(actor: UserDto, body: AttendEventBody): Promise<EventDto> {
      assertSelf(actor, body.userID, 'unattend events');
      return db.transaction().execute(async (tx) => {
        const current = await lockForMember(tx, body.eventID, actor);
        await events.deleteAttendee(tx, current.id, actor.id);
        await outbox.deleteUnsentReminders(tx, current.id, actor.id);
        return readEvent(tx, current, actor.id);
      });
    },

    /** One event as an .ics file, for members of its group. */
    async eventIcs(actor: UserDto, file: string): Promise<{ eventName: string; ics: string }> {
      const eventID = EVENT_FILE.exec(file)?.[1];
      if (!eventID) throw notFound(EVENT_NOT_FOUND_MESSAGE);
      const row = await withGroup(db, eventID);
      assertMember(await loadAccess(db, row.group_id, actor.id));
      const attendees = (await events.listAttendees(db, [row.id])).map((a) => a.username);
      return {
        eventName: row.event_name,
        ics: renderCalendar([{ row, attendees }], { name: row.event_name, publicUrl, now: clock.now(), publish: true }),
      };
    },
  };
}
export type EventsService = ReturnType<typeof createEventsService>;
