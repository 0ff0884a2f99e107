import { can } from '@smm/shared/groups/policy';
import {
  ATTENDANCE_BEFORE_END_MESSAGE,
  ATTENDANCE_CANCELLED_MESSAGE,
  ATTENDANCE_NOT_A_MEMBER_MESSAGE,
  ATTENDANCE_NOT_SIGNED_UP_MESSAGE,
  ATTENDANCE_SAID_NOT_COMING_MESSAGE,
  ATTENDANCE_ONLY_CREATOR_OR_ADMINS_MESSAGE,
  ATTENDANCE_RATES_ADMINS_MESSAGE,
  EVENT_NOT_FOUND_MESSAGE,
} from '@smm/shared/events/messages';
import type { AttendanceRateDto, EventAttendanceResponse, MarkEventAttendanceBody } from '@smm/shared/events/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors';
import * as members from '../groups/group-members.repo';
import { assertCan, isVisible, loadAccess, type GroupAccess } from '../groups/group-access';
import { transactionWithChanges, type GroupChanges } from '../live/group-changes';
import * as attendance from './attendance.repo';
import type { EventRow } from './events.repo';
import * as events from './events.repo';
import { toIso } from '../../lib/iso-time';

interface Deps {
  db: Db;
  clock: Clock;
  changes: GroupChanges;
}

/** The event's creator (while a member) and the group's Administrators say who came. */
function assertMayMark(access: GroupAccess, row: EventRow, actorId: string): void {
  if (!can('viewEvents', access.context)) {
    if (!isVisible(access)) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    assertCan(access, 'viewEvents');
  }
  if (row.user_id === actorId || can('markAnyAttendance', access.context)) return;
  throw forbidden(ATTENDANCE_ONLY_CREATOR_OR_ADMINS_MESSAGE);
}

const toMarks = (eventId: string, rows: readonly attendance.AttendanceMarkRow[]): EventAttendanceResponse => ({
  eventID: eventId,
  marks: rows.map((row) => ({
    userID: row.user_id,
    username: row.username,
    attended: Number(row.attended) === 1,
    markedBy: row.marked_by,
    markedAt: toIso(Number(row.marked_at)),
  })),
});

/** Attendance: after an event, who came and who didn't show; per member, the rate Administrators see. */
export function createAttendanceService({ db, clock, changes }: Deps) {
  return {
    /** The marks of one event, for its creator and the group's Administrators. */
    async getEventAttendance(actor: UserDto, eventID: string): Promise<EventAttendanceResponse> {
      const row = await events.findById(db, eventID);
      if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE);
      assertMayMark(await loadAccess(db, row.group_id, actor), row, actor.id);
      return toMarks(row.id, await attendance.listMarks(db, row.id));
    },

    /**
     * Marks one member as came or didn't show, once the event has ended; a second mark replaces
     * the first. Refused on a cancelled event (409), before the end (400), for a member who did not sign up
     * (took no seat, no place in line and gave no answer; 400) and to anyone but the creator and Administrators (403).
     */
    async markEventAttendance(actor: UserDto, body: MarkEventAttendanceBody): Promise<EventAttendanceResponse> {
      return transactionWithChanges(db, changes, async (tx, record) => {
        const row = await events.lockById(tx, body.eventID);
        if (!row) throw notFound(EVENT_NOT_FOUND_MESSAGE);
        assertMayMark(await loadAccess(tx, row.group_id, actor), row, actor.id);
        const now = clock.now();
        if (row.cancelled_at != null) throw conflict(ATTENDANCE_CANCELLED_MESSAGE);
        if (row.end_at > now) throw badRequest(ATTENDANCE_BEFORE_END_MESSAGE);
        if (!(await members.find(tx, row.group_id, body.userID))) {
          throw invalid({ userID: ATTENDANCE_NOT_A_MEMBER_MESSAGE }, ATTENDANCE_NOT_A_MEMBER_MESSAGE);
        }
        // Only those who signed up can be said to have come or not shown, so no rate is lowered by an event they never joined.
        if (!(await attendance.isMarkable(tx, row.id, body.userID))) {
          throw invalid({ userID: ATTENDANCE_NOT_SIGNED_UP_MESSAGE }, ATTENDANCE_NOT_SIGNED_UP_MESSAGE);
        }
        // Came anyway can be marked; a no-show of someone who said they would not come would lower their rate unfairly.
        if (!body.attended && (await attendance.saidNotComing(tx, row.id, body.userID))) {
          throw invalid({ userID: ATTENDANCE_SAID_NOT_COMING_MESSAGE }, ATTENDANCE_SAID_NOT_COMING_MESSAGE);
        }
        await attendance.upsertMark(tx, {
          event_id: row.id,
          group_id: row.group_id,
          user_id: body.userID,
          attended: body.attended ? 1 : 0,
          marked_by: actor.id,
          marked_at: now,
        });
        record({ groupId: row.group_id, topic: 'attendance', action: 'changed', eventId: row.id, userId: body.userID });
        return toMarks(row.id, await attendance.listMarks(tx, row.id));
      });
    },

    /** Each member's attendance over the group's events (came of marked); Administrators only. */
    async getAttendanceRates(actor: UserDto, groupID: string): Promise<AttendanceRateDto[]> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'viewAttendanceRates', ATTENDANCE_RATES_ADMINS_MESSAGE);
      const counts = await attendance.countByMember(db, groupID);
      return counts.map((row) => ({
        userID: row.user_id,
        attended: row.attended,
        marked: row.marked,
        rate: row.marked === 0 ? null : row.attended / row.marked,
      }));
    },
  };
}
export type AttendanceService = ReturnType<typeof createAttendanceService>;
