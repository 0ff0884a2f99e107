import {
  CANCEL_ONLY_ORGANISER_MESSAGE,
  canRemindEventMembers,
  EVENT_ALREADY_CANCELLED_MESSAGE,
  EVENT_CANCELLED_MESSAGE,
  NUDGE_EVENT_STARTED_MESSAGE,
  NUDGE_DAILY_LIMIT_MESSAGE,
  NUDGE_INTERVAL_MS,
  NUDGE_NOBODY_MESSAGE,
  NUDGE_ONLY_ORGANISER_MESSAGE,
  NUDGE_SERIES_TOO_SOON_MESSAGE,
  NUDGE_TOO_SOON_MESSAGE,
  NUDGES_PER_DAY,
  type CancelEventBody,
  type EventNudgeDto,
  type RemindEventMembersBody,
  type RemindEventMembersResponse,
} from '@smm/shared/events/quorum';
import { EVENT_NOT_FOUND_MESSAGE } from '@smm/shared/events/messages';
import { can } from '@smm/shared/groups/policy';
import type { EventDto } from '@smm/shared/events/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { assertCan, isVisible, loadAccess, type GroupAccess } from '../groups/group-access';
import { transactionWithChanges, type GroupChanges } from '../live/group-changes';
import * as outbox from '../reminders/event-mail-outbox.repo';
import { quorumMailRow } from '../reminders/quorum-mails';
import { ThrottledError, type Counter, type Limit, type Throttle } from '../throttle/throttle.service';
import { toIso } from '../../lib/iso-time';
import { readEvent } from './event-reader';
import * as events from './events.repo';
import * as quorum from './quorum.repo';

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  changes: GroupChanges;
  throttle: Throttle;
  nudgeLimit?: Limit;
}

/**
 * Reminders per organiser a day, across all their events: each event (and series) is reminded at
 * most once a day, and this bounds how many different events one organiser can remind in a day.
 */
export const DEFAULT_NUDGE_LIMIT: Limit = { max: NUDGES_PER_DAY, windowMs: NUDGE_INTERVAL_MS };

/** The later of two reminder times; null when neither was sent. */
const later = (a: number | null | undefined, b: number | null | undefined): number | null =>
  a == null ? (b ?? null) : b == null ? a : Math.max(a, b);

/** Members see the event; its organisers (creator, Administrators) see who answered and remind. */
function assertOrganiser(access: GroupAccess, event: events.EventRow, actorId: string, refusal = NUDGE_ONLY_ORGANISER_MESSAGE): void {
  if (!can('viewEvents', access.context)) {
    if (!isVisible(access)) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    assertCan(access, 'viewEvents', 'Only members of this group can see and change its events');
  }
  if (!canRemindEventMembers({ userID: event.user_id }, { userID: actorId, role: access.viewer })) {
    throw forbidden(refusal);
  }
}

/** The caller's reminders of the day, one throttle key per organiser. */
const allowanceKey = (actorId: string) => `event-nudge:${actorId}`;

/**
 * `last`: when members were last reminded of the event or of any week of its series; `usedUntil`:
 * when the caller may remind again after sending all their reminders of the day (null: they have some left).
 */
function toNudgeDto(
  event: events.EventRow,
  last: number | null,
  members: readonly quorum.MemberAnswerRow[],
  now: number,
  usedUntil: number | null,
): EventNudgeDto {
  const notAnswered = members.filter((m) => Number(m.answered) !== 1);
  const next = last !== null && now - last < NUDGE_INTERVAL_MS ? last + NUDGE_INTERVAL_MS : null;
  const open = event.cancelled_at == null && event.start_at > now;
  return {
    eventID: event.id,
    answered: members.length - notAnswered.length,
    members: members.length,
    notAnswered: notAnswered.map((m) => ({ userID: m.user_id, username: m.username })),
    lastRemindedAt: last === null ? null : toIso(last),
    nextReminderAt: next === null ? null : toIso(next),
    ...(usedUntil === null ? {} : { dailyRemindersUsedUntil: toIso(usedUntil) }),
    canRemind: open && next === null && usedUntil === null && notAnswered.length > 0,
  };
}

/**
 * Who has answered an event, and reminders to those who have not: at most one a day per event, one
 * a day per weekly series (whichever of its weeks), and NUDGES_PER_DAY a day per organiser.
 */
export function createQuorumService({ db, clock, publicUrl, changes, throttle, nudgeLimit = DEFAULT_NUDGE_LIMIT }: Deps) {
  /** When the organiser's reminders of the day, as counted by `allowance`, are used up: until then; else null. */
  const usedUntil = (allowance: Counter | undefined): number | null =>
    allowance !== undefined && allowance.count >= nudgeLimit.max ? allowance.resetAt : null;

  /**
   * One reminder, in one transaction: the checks, the reminder's times and the queued mails.
   * `allowance`: the organiser's reminders of the day, this one counted.
   */
  const remind = (actor: UserDto, body: RemindEventMembersBody, allowance: Counter): Promise<RemindEventMembersResponse> =>
    transactionWithChanges(db, changes, async (tx, record) => {
      const event = await events.lockById(tx, body.eventID);
      if (!event) throw notFound(EVENT_NOT_FOUND_MESSAGE);
      assertOrganiser(await loadAccess(tx, event.group_id, actor), event, actor.id);
      const now = clock.now();
      if (event.cancelled_at != null) throw conflict(EVENT_CANCELLED_MESSAGE);
      if (event.start_at <= now) throw conflict(NUDGE_EVENT_STARTED_MESSAGE);
      const own = event.last_nudge_at ?? null;
      const series = event.series_id == null ? null : await quorum.findSeriesNudge(tx, event.series_id);
      const last = later(own, series);
      if (last !== null && now - last < NUDGE_INTERVAL_MS) {
        const message = last === own ? NUDGE_TOO_SOON_MESSAGE : NUDGE_SERIES_TOO_SOON_MESSAGE;
        throw new ThrottledError(message, Math.max(1, Math.ceil((last + NUDGE_INTERVAL_MS - now) / 1000)));
      }
      const members = await quorum.listMemberAnswers(tx, event);
      const waiting = members.filter((m) => Number(m.answered) !== 1);
      if (waiting.length === 0) throw conflict(NUDGE_NOBODY_MESSAGE);
      if (!(await quorum.claimNudge(tx, event.id, now, now - NUDGE_INTERVAL_MS))) {
        throw new ThrottledError(NUDGE_TOO_SOON_MESSAGE, Math.ceil(NUDGE_INTERVAL_MS / 1000));
      }
      // Another week of the series reminded at the same moment: its transaction committed first.
      if (event.series_id != null && !(await quorum.claimSeriesNudge(tx, event.series_id, now, now - NUDGE_INTERVAL_MS))) {
        throw new ThrottledError(NUDGE_SERIES_TOO_SOON_MESSAGE, Math.ceil(NUDGE_INTERVAL_MS / 1000));
      }
      const withGroup = await events.findWithGroup(tx, event.id);
      const recipients = waiting.filter((m) => Number(m.receive_event_notifications) === 1 && m.user_id !== actor.id);
      const mailed = await outbox.insertMany(
        tx,
        recipients.map((m) =>
          quorumMailRow('nudge', withGroup!, m, {
            publicUrl,
            now,
            actorName: actor.username,
            dedupeKey: `nudge:${event.id}:${m.user_id}:${now}`,
          }),
        ),
      );
      record({ groupId: event.group_id, topic: 'events', action: 'nudge', eventId: event.id, userId: actor.id });
      const nudge = toNudgeDto(event, now, members, now, usedUntil(allowance));
      const message = mailed === 1 ? 'Reminder sent to 1 member' : `Reminder sent to ${mailed} members`;
      return { message, mailed, nudge };
    });

  return {
    /**
     * "5 of 8 answered", who has not, and whether the caller may send a reminder now; for the event's
     * organisers. Once the caller has sent their reminders of the day, it says until when.
     */
    async getEventNudge(actor: UserDto, eventID: string): Promise<EventNudgeDto> {
      const event = await quorum.findWithSeriesNudge(db, eventID);
      if (!event) throw notFound(EVENT_NOT_FOUND_MESSAGE);
      assertOrganiser(await loadAccess(db, event.group_id, actor), event, actor.id);
      const last = later(event.last_nudge_at, event.series_last_nudge_at);
      const [members, allowance] = await Promise.all([quorum.listMemberAnswers(db, event), throttle.peek(allowanceKey(actor.id))]);
      return toNudgeDto(event, last, members, clock.now(), usedUntil(allowance));
    },

    /**
     * Mails each member who has not answered and keeps Event Notifications on, and posts once to
     * the group's Discord channel where it has one. The mails are queued in the outbox in the same
     * transaction as the reminder's time, so none is lost or sent twice. A second reminder within
     * 24 hours of the event, or of any week of its series, is refused (429, Retry-After until it may
     * go), and so is one past the organiser's reminders for the day; only reminders sent count.
     */
    async remindEventMembers(actor: UserDto, body: RemindEventMembersBody): Promise<RemindEventMembersResponse> {
      const key = allowanceKey(actor.id);
      const allowance = await throttle.consume(key, nudgeLimit, NUDGE_DAILY_LIMIT_MESSAGE);
      try {
        return await remind(actor, body, allowance);
      } catch (error) {
        await throttle.refund(key);
        throw error;
      }
    },

    /**
     * The organiser cancels the event by hand: it keeps its row and sign-ups, marked Cancelled, its
     * queued reminders are dropped, and everyone holding a seat or waiting is mailed (the outbox,
     * in the same transaction). Attend and the other answers are refused from then on.
     */
    async cancelEvent(actor: UserDto, body: CancelEventBody): Promise<EventDto> {
      return transactionWithChanges(db, changes, async (tx, record) => {
        const event = await events.lockById(tx, body.eventID);
        if (!event) throw notFound(EVENT_NOT_FOUND_MESSAGE);
        assertOrganiser(await loadAccess(tx, event.group_id, actor), event, actor.id, CANCEL_ONLY_ORGANISER_MESSAGE);
        const now = clock.now();
        if (event.cancelled_at != null) throw conflict(EVENT_ALREADY_CANCELLED_MESSAGE);
        if (event.end_at <= now) throw conflict('This event has already ended');
        await quorum.cancel(tx, event.id, now);
        await outbox.deleteUnsentReminders(tx, event.id);
        const withGroup = (await events.findWithGroup(tx, event.id))!;
        const signedUp = (await quorum.listSignedUp(tx, event)).filter((m) => m.user_id !== actor.id);
        await outbox.insertMany(
          tx,
          signedUp.map((m) =>
            quorumMailRow('organiserCancelled', withGroup, m, {
              publicUrl,
              now,
              actorName: actor.username,
              dedupeKey: `organiserCancelled:${event.id}:${m.user_id}`,
            }),
          ),
        );
        record({ groupId: event.group_id, topic: 'events', action: 'cancelled', eventId: event.id, userId: actor.id });
        return readEvent(tx, { ...event, cancelled_at: now, updated_at: now }, actor.id);
      });
    },
  };
}
export type QuorumService = ReturnType<typeof createQuorumService>;
