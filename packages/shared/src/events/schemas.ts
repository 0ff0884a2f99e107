import { z } from 'zod';
import { isValidTimeZone } from './time-zone';
import { entityId } from '../groups/ids';
import { SERIES_MAX_OCCURRENCES, SERIES_MIN_OCCURRENCES } from './series';
import { quorumDtoFields, quorumInputFields } from './quorum';

export const EVENT_NAME_MAX = 100;
/** Spec 5 and 9: max players 1 to 12, default 12. */
export const MAX_NUMBER_OF_MEMBERS_MIN = 1;
export const MAX_NUMBER_OF_MEMBERS_MAX = 12;
export const MAX_NUMBER_OF_MEMBERS_DEFAULT = 12;
/** Plain text shown under the event, links made clickable. */
export const EVENT_DESCRIPTION_MAX = 2000;
/** Sign-ups may close up to a week before the start. */
export const SIGNUP_CUTOFF_MAX_MINUTES = 7 * 24 * 60;
/** Events (each occurrence of a series counts) one member may create in an hour. */
export const EVENTS_PER_HOUR = 120;
export const EVENT_LIMIT_MESSAGE = `You can create at most ${EVENTS_PER_HOUR} events an hour (each week of a series counts): wait a while and try again`;

/** Someone attending an event; `email` only on the caller's own entry, so members cannot collect each other's addresses. */
export const attendingMemberDto = z.object({
  userID: z.string(),
  username: z.string(),
  email: z.string().optional(),
  /** true when they answered Late (they hold a seat all the same); absent for Attending. */
  late: z.boolean().optional(),
});
export type AttendingMemberDto = z.infer<typeof attendingMemberDto>;

/** Someone waiting for a seat; `late` when they answered Late, as they will be once seated. */
export const waitlistMemberDto = z.object({ userID: z.string(), username: z.string(), late: z.boolean().optional() });
export type WaitlistMemberDto = z.infer<typeof waitlistMemberDto>;

/**
 * The answers a member can give an event. Attending and Late take a seat (the waitlist when full);
 * Maybe, Can sub and Not coming take none.
 */
export const RSVP_RESPONSES = ['attending', 'late', 'maybe', 'can_sub', 'not_coming'] as const;
export type RsvpResponse = (typeof RSVP_RESPONSES)[number];
/** The answers that take no seat, kept apart from the seats and the waitlist. */
export const SEATLESS_RESPONSES = ['maybe', 'can_sub', 'not_coming'] as const;
export type SeatlessResponse = (typeof SEATLESS_RESPONSES)[number];
export const RSVP_LABELS: Record<RsvpResponse, string> = {
  attending: 'Attending',
  late: 'Late',
  maybe: 'Maybe',
  can_sub: 'Can sub',
  not_coming: 'Not coming',
};

/** Someone whose answer takes no seat. */
export const responseMemberDto = z.object({ userID: z.string(), username: z.string(), response: z.enum(SEATLESS_RESPONSES) });
export type ResponseMemberDto = z.infer<typeof responseMemberDto>;

/** An event as members see it; dates are ISO 8601 instants in UTC. */
export const eventDto = z.object({
  _id: z.string(),
  groupID: z.string(),
  /** The creator: the only one who may edit or delete the event. */
  userID: z.string(),
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  maxNumberOfMembers: z.number().int(),
  attendingMembers: z.array(attendingMemberDto),
  isDrafted: z.boolean(),
  draftGameID: z.string().nullable(),
  /**
   * false once the creator has left (or was kicked from) the group: then the group's owner and
   * Administrators may delete the event too. Absent while the creator is a member, so the spec's
   * Event JSON is unchanged for nearly every event.
   */
  creatorIsMember: z.boolean().optional(),
  /** Plain text; absent when the event has none. */
  description: z.string().optional(),
  /** Sign-ups (attend and waitlist) close this many minutes before the start; absent: open until the event ends. */
  signupCutoffMinutes: z.number().int().optional(),
  /** When sign-ups close (startDate less signupCutoffMinutes); absent without a cutoff. */
  signupClosesAt: z.string().optional(),
  /** Shared by every occurrence of a weekly series; absent for a one-off event. */
  seriesID: z.string().optional(),
  /** Who waits for a seat, first in line first; absent when nobody waits. */
  waitlistMembers: z.array(waitlistMemberDto).optional(),
  /** The caller's place on the waitlist, from 1; absent when the caller is not waiting. */
  waitlistPosition: z.number().int().optional(),
  /** Who answered Maybe, Can sub or Not coming (answers that take no seat), first answered first; absent when nobody did. */
  responseMembers: z.array(responseMemberDto).optional(),
  ...quorumDtoFields,
});
export type EventDto = z.infer<typeof eventDto>;
export const eventsResponse = z.array(eventDto);

/** this: the one occurrence; series: it and every occurrence of its series that has not ended. */
export const SERIES_SCOPES = ['this', 'series'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
const seriesScope = z.enum(SERIES_SCOPES, { error: "Scope must be 'this' or 'series'" });

const eventName = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Event Name is required' : 'Event Name must be text') })
  .trim()
  .min(1, 'Event Name is required')
  .max(EVENT_NAME_MAX, `Event Name must be at most ${EVENT_NAME_MAX} characters`);

/** Events are planned before this instant (1 January 3000 UTC): a weekly series from it still ends in a four-digit year, as calendars need. */
export const EVENT_LATEST_INSTANT = Date.UTC(3000, 0, 1);

/** An instant: any ISO 8601 date-time with Z or an offset before the year 3000, kept as epoch milliseconds. */
const instant = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a date`) })
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` }))
    .transform((value) => Date.parse(value))
    .refine((ms) => ms < EVENT_LATEST_INSTANT, `${label} must be before the year 3000`);

const maxNumberOfMembers = z
  .number({ error: `Max players must be a whole number from ${MAX_NUMBER_OF_MEMBERS_MIN} to ${MAX_NUMBER_OF_MEMBERS_MAX}` })
  .int(`Max players must be a whole number from ${MAX_NUMBER_OF_MEMBERS_MIN} to ${MAX_NUMBER_OF_MEMBERS_MAX}`)
  .min(MAX_NUMBER_OF_MEMBERS_MIN, `Max players must be a whole number from ${MAX_NUMBER_OF_MEMBERS_MIN} to ${MAX_NUMBER_OF_MEMBERS_MAX}`)
  .max(MAX_NUMBER_OF_MEMBERS_MAX, `Max players must be a whole number from ${MAX_NUMBER_OF_MEMBERS_MIN} to ${MAX_NUMBER_OF_MEMBERS_MAX}`);

/** Plain text; blank becomes null (no description). */
const description = z
  .string({ error: 'Description must be text' })
  .trim()
  .max(EVENT_DESCRIPTION_MAX, `Description must be at most ${EVENT_DESCRIPTION_MAX} characters`)
  .transform((text) => (text === '' ? null : text))
  .nullable();

const cutoffMessage = `Sign-up cutoff must be a whole number of minutes from 0 to ${SIGNUP_CUTOFF_MAX_MINUTES}`;
/** Minutes before the start after which sign-ups close; null: no cutoff. */
const signupCutoffMinutes = z
  .number({ error: cutoffMessage })
  .int(cutoffMessage)
  .min(0, cutoffMessage)
  .max(SIGNUP_CUTOFF_MAX_MINUTES, cutoffMessage)
  .nullable();

const repeatCountMessage = `Repeat count must be a whole number from ${SERIES_MIN_OCCURRENCES} to ${SERIES_MAX_OCCURRENCES}`;

/** POST /api/events/postEvent. `userID` must be the caller. */
export const postEventBody = z
  .object({
    groupID: entityId('groupID'),
    userID: entityId('userID'),
    eventName,
    startDate: instant('Start Date'),
    endDate: instant('End Date'),
    maxNumberOfMembers: maxNumberOfMembers.default(MAX_NUMBER_OF_MEMBERS_DEFAULT),
    description: description.optional(),
    signupCutoffMinutes: signupCutoffMinutes.optional(),
    /** Repeat weekly up to and including this instant (at most SERIES_MAX_OCCURRENCES events). */
    repeatUntil: instant('Repeat until').optional(),
    /** Repeat weekly: this many events in all, the first included. */
    repeatCount: z
      .number({ error: repeatCountMessage })
      .int(repeatCountMessage)
      .min(SERIES_MIN_OCCURRENCES, repeatCountMessage)
      .max(SERIES_MAX_OCCURRENCES, repeatCountMessage)
      .optional(),
    /** The IANA zone whose wall-clock time the weekly occurrences keep (across daylight saving); default the group's time zone. */
    timeZone: z.string().max(64).refine(isValidTimeZone, 'Time zone is not a known IANA time zone').optional(),
    ...quorumInputFields,
  })
  .refine((body) => body.repeatUntil === undefined || body.repeatCount === undefined, {
    path: ['repeatUntil'],
    message: 'Repeat until a date or a number of times, not both',
  });
export type PostEventBody = z.output<typeof postEventBody>;
export type PostEventInput = z.input<typeof postEventBody>;

/** POST /api/events/updateEvent?eventID=. `userID` must be the caller, who must be the creator. */
export const updateEventBody = z.object({
  eventID: entityId('eventID').optional(),
  groupID: entityId('groupID').optional(),
  userID: entityId('userID'),
  eventName,
  startDate: instant('Start Date'),
  endDate: instant('End Date'),
  /** Absent: keeps the event's current maximum. */
  maxNumberOfMembers: maxNumberOfMembers.optional(),
  /** Absent: keeps the current description; null or blank removes it. */
  description: description.optional(),
  /** Absent: keeps the current cutoff; null removes it. */
  signupCutoffMinutes: signupCutoffMinutes.optional(),
  /** For an occurrence of a weekly series: change only this event (default) or every upcoming one. */
  scope: seriesScope.optional(),
  ...quorumInputFields,
});
export type UpdateEventBody = z.output<typeof updateEventBody>;
export type UpdateEventInput = z.input<typeof updateEventBody>;

/** POST /api/events/attendEvent and unattendEvent. username and email are taken from the account, not the body. */
export const attendEventBody = z.object({
  eventID: entityId('eventID'),
  userID: entityId('userID'),
  username: z.string().max(200).optional(),
  email: z.string().max(400).optional(),
});
export type AttendEventBody = z.infer<typeof attendEventBody>;

export const eventIdQuery = z.object({ eventID: entityId('eventID') });
/** POST /api/events/deleteEvent?eventID=&scope=: scope=series deletes every upcoming occurrence too. */
export const deleteEventQuery = eventIdQuery.extend({ scope: seriesScope.optional() });
export type DeleteEventQuery = z.infer<typeof deleteEventQuery>;
export const eventMessageResponse = z.object({ message: z.string() });

/** POST /api/events/respondToEvent: the caller's answer; the caller is the one answering. */
export const respondToEventBody = z.object({
  eventID: entityId('eventID'),
  response: z.enum(RSVP_RESPONSES, { error: "Response must be one of 'attending', 'late', 'maybe', 'can_sub' or 'not_coming'" }),
});
export type RespondToEventBody = z.infer<typeof respondToEventBody>;

/** POST /api/events/markEventAttendance: after the end, the creator or an Administrator says whether a member came. */
export const markEventAttendanceBody = z.object({
  eventID: entityId('eventID'),
  userID: entityId('userID'),
  attended: z.boolean({ error: 'Attended must be true or false' }),
});
export type MarkEventAttendanceBody = z.infer<typeof markEventAttendanceBody>;

/** One member's mark on one event. */
export const attendanceMarkDto = z.object({
  userID: z.string(),
  username: z.string(),
  attended: z.boolean(),
  markedBy: z.string(),
  markedAt: z.string(),
});
export type AttendanceMarkDto = z.infer<typeof attendanceMarkDto>;
/** GET /api/events/getEventAttendance?eventID= and the answer of markEventAttendance: the event's marks. */
export const eventAttendanceResponse = z.object({ eventID: z.string(), marks: z.array(attendanceMarkDto) });
export type EventAttendanceResponse = z.infer<typeof eventAttendanceResponse>;

/** A member's attendance over the group's events: came of marked; rate null when never marked. */
export const attendanceRateDto = z.object({
  userID: z.string(),
  attended: z.number().int(),
  marked: z.number().int(),
  rate: z.number().nullable(),
});
export type AttendanceRateDto = z.infer<typeof attendanceRateDto>;
/** GET /api/events/getAttendanceRates?groupID=: Administrators only. */
export const attendanceRatesResponse = z.array(attendanceRateDto);
