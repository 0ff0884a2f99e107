import type { Viewer } from '../groups/policy';
import type { EventDto } from './schemas';

/** The parts of an event the rules below read. */
type EventLike = Pick<EventDto, 'userID' | 'maxNumberOfMembers' | 'attendingMembers'>;
type Timed = Pick<EventDto, 'startDate' | 'endDate'>;

/** Spec 6: only an event's creator sees Edit and Delete; the server refuses everyone else. */
export const canEditEvent = (event: Pick<EventDto, 'userID'>, userID: string | null | undefined): boolean =>
  Boolean(userID) && event.userID === userID;

/** Who is looking at an event: their account and their place in the event's group. */
export interface EventViewer {
  userID: string | null | undefined;
  role: Viewer;
}

/**
 * The creator deletes their event. Once the creator is no longer a member of the group, nobody could,
 * so then the group's owner and Administrators may too (delete only: the event stays the creator's
 * to edit, and they get it back if they rejoin).
 */
export function canDeleteEvent(event: Pick<EventDto, 'userID'>, viewer: EventViewer, creatorIsMember: boolean): boolean {
  if (canEditEvent(event, viewer.userID)) return true;
  return !creatorIsMember && (viewer.role === 'owner' || viewer.role === 'administrator');
}

/** Whether the event's creator is still a member of its group; the API sends the field only as false, once they have left. */
export const creatorIsMember = (event: Pick<EventDto, 'creatorIsMember'>): boolean => event.creatorIsMember !== false;

export const isAttending = (event: Pick<EventDto, 'attendingMembers'>, userID: string | null | undefined): boolean =>
  Boolean(userID) && event.attendingMembers.some((member) => member.userID === userID);

export const hasRoom = (event: Pick<EventDto, 'maxNumberOfMembers' | 'attendingMembers'>): boolean =>
  event.attendingMembers.length < event.maxNumberOfMembers;

/** Spec 5: Attend is offered only while there is room and the user is not attending. */
export const canAttend = (event: EventLike, userID: string | null | undefined): boolean =>
  Boolean(userID) && hasRoom(event) && !isAttending(event, userID);

/** Spec 5: the end must not be before the start (an event may start and end at the same moment). */
export const endsBeforeStart = (startMs: number, endMs: number): boolean => endMs < startMs;

/**
 * How far in the past a new start may lie and still be accepted: the time it takes to fill in the
 * form, so an event created "now" is not refused because a minute went by.
 */
export const START_GRACE_MS = 15 * 60 * 1000;

/** A start the server refuses on create (and on an edit that moves the start): before now, less the grace. */
export const startIsInPast = (startMs: number, nowMs: number): boolean => startMs < nowMs - START_GRACE_MS;

/** Events by start date, earliest first (spec 7: sorted client-side by startDate ascending). */
export const sortByStartDate = <T extends Timed>(events: readonly T[]): T[] =>
  [...events].sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || Date.parse(a.endDate) - Date.parse(b.endDate));

/** An event is over once its end has passed; until then it is upcoming (including while it runs). */
export const hasEnded = (event: Pick<EventDto, 'endDate'>, nowMs: number): boolean => Date.parse(event.endDate) <= nowMs;

/** The Next Event panel: the earliest event that has not ended, or null. */
export function nextEvent<T extends Timed>(events: readonly T[], nowMs: number): T | null {
  return sortByStartDate(events.filter((event) => !hasEnded(event, nowMs)))[0] ?? null;
}

/** Midnight at the start of a calendar day, on the calendar of the Date given (the picker's). */
const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/** Spec 5: the start picker allows only dates after yesterday, i.e. from today on. */
export const startPickerMinDate = (today: Date): Date => startOfDay(today);

/** Spec 5: the end picker allows dates on or after the day before the start, or after yesterday if no start. */
export const endPickerMinDate = (start: Date | null, today: Date): Date => (start ? addDays(start, -1) : startOfDay(today));

/** When sign-ups close: `cutoffMinutes` before the start; null without a cutoff. */
export const signupClosesAtMs = (startMs: number, cutoffMinutes: number | null | undefined): number | null =>
  cutoffMinutes === null || cutoffMinutes === undefined ? null : startMs - cutoffMinutes * 60 * 1000;

/** Whether attend and the waitlist are refused because the creator's cutoff has passed. */
export function signupsClosed(startMs: number, cutoffMinutes: number | null | undefined, nowMs: number): boolean {
  const closesAt = signupClosesAtMs(startMs, cutoffMinutes);
  return closesAt !== null && nowMs >= closesAt;
}

/** Whether the user waits for a seat on the event. */
export const isWaiting = (event: Pick<EventDto, 'waitlistMembers'>, userID: string | null | undefined): boolean =>
  Boolean(userID) && (event.waitlistMembers ?? []).some((member) => member.userID === userID);
