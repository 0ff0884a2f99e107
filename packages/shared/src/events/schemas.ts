import { z } from 'zod';
import { entityId } from '../groups/ids';

export const EVENT_NAME_MAX = 100;
/** Spec 5 and 9: max players 1 to 12, default 12. */
export const MAX_NUMBER_OF_MEMBERS_MIN = 1;
export const MAX_NUMBER_OF_MEMBERS_MAX = 12;
export const MAX_NUMBER_OF_MEMBERS_DEFAULT = 12;

/** Someone attending an event; `email` only on the caller's own entry, so members cannot collect each other's addresses. */
export const attendingMemberDto = z.object({
  userID: z.string(),
  username: z.string(),
  email: z.string().optional(),
});
export type AttendingMemberDto = z.infer<typeof attendingMemberDto>;

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
});
export type EventDto = z.infer<typeof eventDto>;
export const eventsResponse = z.array(eventDto);

const eventName = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Event Name is required' : 'Event Name must be text') })
  .trim()
  .min(1, 'Event Name is required')
  .max(EVENT_NAME_MAX, `Event Name must be at most ${EVENT_NAME_MAX} characters`);

/** An instant: any ISO 8601 date-time with Z or an offset, kept as epoch milliseconds. */
const instant = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a date`) })
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` }))
    .transform((value) => Date.parse(value));

const maxNumberOfMembers = z
  .number({ error: `Max players must be a whole number from ${MAX_NUMBER_OF_MEMBERS_MIN} to ${MAX_NUMBER_OF_MEMBERS_MAX}` })
  .int(`Max players must be a whole number from ${MAX_NUMBER_OF_MEMBERS_MIN} to ${MAX_NUMBER_OF_MEMBERS_MAX}`)
  .min(MAX_NUMBER_OF_MEMBERS_MIN, `Max players must be a whole number from ${MAX_NUMBER_OF_MEMBERS_MIN} to ${MAX_NUMBER_OF_MEMBERS_MAX}`)
  .max(MAX_NUMBER_OF_MEMBERS_MAX, `Max players must be a whole number from ${MAX_NUMBER_OF_MEMBERS_MIN} to ${MAX_NUMBER_OF_MEMBERS_MAX}`);

/** POST /api/events/postEvent. `userID` must be the caller. */
export const postEventBody = z.object({
  groupID: entityId('groupID'),
  userID: entityId('userID'),
  eventName,
  startDate: instant('Start Date'),
  endDate: instant('End Date'),
  maxNumberOfMembers: maxNumberOfMembers.default(MAX_NUMBER_OF_MEMBERS_DEFAULT),
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
export const eventMessageResponse = z.object({ message: z.string() });
