import { EVENT_CANCELLED_MESSAGE } from '@smm/shared/events/quorum';
import { can } from '@smm/shared/groups/policy';
import {
  EVENT_NOT_FOUND_MESSAGE,
  SIGNUP_CLOSED_MESSAGE,
  WAITLIST_ALREADY_ATTENDING_MESSAGE,
  WAITLIST_HAS_ROOM_MESSAGE,
} from '@smm/shared/events/messages';
import { signupsClosed } from '@smm/shared/events/rules';
import type { AttendEventBody, EventDto } from '@smm/shared/events/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { accessFrom, assertCan, isVisible } from '../groups/group-access';
import type { GroupChanges } from '../live/group-changes';
import { lockEventWithMembership } from './event-lock.repo';
import { readEvent } from './event-reader';
import * as events from './events.repo';
import { fillSeats } from './seats';
import { DEFAULT_SIGNUP_LIMIT, signupTransactions } from './signup-limit';
import * as waitlist from './waitlist.repo';
import type { Limit, Throttle } from '../throttle/throttle.service';

const EVENT_ENDED_MESSAGE = 'This event has already ended';

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  changes: GroupChanges;
  throttle: Throttle;
  signupLimit?: Limit;
}

/** Waitlist use cases: a member queues for a seat on a full event, or leaves the queue. */
export function createWaitlistService({ db, clock, publicUrl, changes, throttle, signupLimit = DEFAULT_SIGNUP_LIMIT }: Deps) {
  const signupChange = signupTransactions({ db, changes, throttle, limit: signupLimit });
  /** Locks the event (the lock attend takes) and checks the caller is a member of its group. */
  async function lockForMember(tx: Db, eventId: string, actor: UserDto, userID: string) {
    if (userID !== actor.id) throw forbidden('You can only join or leave a waitlist as yourself');
    const locked = await lockEventWithMembership(tx, eventId, actor.id);
    if (!locked) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    const row = locked.row;
    const access = accessFrom(locked.group, locked.membership, actor.id);
    if (!can('viewEvents', access.context) && !isVisible(access)) throw notFound(EVENT_NOT_FOUND_MESSAGE);
    assertCan(access, 'viewEvents', 'Only members of this group can see and change its events');
    return row;
  }

  return {
    /**
     * Puts the caller at the end of a full event's waitlist. Under the event's lock: if a seat is
     * free the caller is told to attend instead; joining twice changes nothing.
     */
    async joinWaitlist(actor: UserDto, body: AttendEventBody): Promise<EventDto> {
      return signupChange(actor.id, async (tx, record) => {
        const row = await lockForMember(tx, body.eventID, actor, body.userID);
        const now = clock.now();
        if (row.cancelled_at != null) throw conflict(EVENT_CANCELLED_MESSAGE);
        if (row.end_at <= now) throw conflict(EVENT_ENDED_MESSAGE);
        if (signupsClosed(row.start_at, row.signup_cutoff_minutes, now)) throw conflict(SIGNUP_CLOSED_MESSAGE);
        // A seat left free (a departed member's) goes to those already waiting before judging whether the event is full.
        for (const change of await fillSeats(tx, [row], { now, publicUrl })) record(change);
        const attendees = await events.listAttendees(tx, [row.id]);
        if (attendees.some((a) => a.user_id === actor.id)) throw conflict(WAITLIST_ALREADY_ATTENDING_MESSAGE);
        if (attendees.length < row.max_number_of_members) throw conflict(WAITLIST_HAS_ROOM_MESSAGE);
        const joinedAt = await waitlist.nextJoinedAt(tx, row.id, now);
        if (await waitlist.insertEntry(tx, { event_id: row.id, user_id: actor.id, joined_at: joinedAt, late: 0 })) {
          record({ groupId: row.group_id, topic: 'attendance', action: 'changed', eventId: row.id, userId: actor.id });
        }
        return readEvent(tx, row, actor.id);
      });
    },

    /** Takes the caller off the event's waitlist; nothing happens if they were not on it. */
    async leaveWaitlist(actor: UserDto, body: AttendEventBody): Promise<EventDto> {
      return signupChange(actor.id, async (tx, record) => {
        const row = await lockForMember(tx, body.eventID, actor, body.userID);
        await waitlist.deleteEntries(tx, row.id, [actor.id]);
        record({ groupId: row.group_id, topic: 'attendance', action: 'changed', eventId: row.id, userId: actor.id });
        return readEvent(tx, row, actor.id);
      });
    },
  };
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
