import { z } from 'zod';
import { can, type Viewer } from '../groups/policy';
import { entityId } from '../groups/ids';

/** Minimum players: a whole number of seat-takers from 1 up to the event's maximum. */
export const MIN_PLAYERS_MIN = 1;
export const MIN_PLAYERS_MAX = 12;
/** When before the start the minimum is checked, in minutes: 1 h, 3 h, 6 h, 12 h, 24 h, 48 h. */
export const QUORUM_CHECK_CHOICES = [60, 180, 360, 720, 1440, 2880] as const;
/** Members who have not answered may be reminded once per event in this long. */
export const NUDGE_INTERVAL_MS = 24 * 60 * 60 * 1000;
/**
 * Reminders one organiser may send in a day, across all their events and groups: with at most one
 * a day per event (and per series), this bounds the reminder mails one organiser can cause a member.
 */
export const NUDGES_PER_DAY = 5;

export const MIN_PLAYERS_MESSAGE = `Minimum players must be a whole number from ${MIN_PLAYERS_MIN} to ${MIN_PLAYERS_MAX}`;
export const MIN_ABOVE_MAX_MESSAGE = 'Minimum players cannot be more than Max players';
export const QUORUM_CHECK_MESSAGE = 'Check the minimum 1, 3, 6, 12, 24 or 48 hours before the start';
export const QUORUM_CHECK_NEEDS_MIN_MESSAGE = 'Set a minimum number of players to check it';
export const AUTO_CANCEL_NEEDS_CHECK_MESSAGE = 'Choose when to check the minimum to cancel automatically';
export const EVENT_CANCELLED_MESSAGE = 'This event was cancelled';
export const NUDGE_TOO_SOON_MESSAGE = 'Members of this event were already reminded in the last 24 hours: try again later';
export const NUDGE_SERIES_TOO_SOON_MESSAGE =
  'Members were already reminded of another week of this series in the last 24 hours (one reminder a day covers the whole series): try again later';
export const NUDGE_DAILY_LIMIT_MESSAGE = `You can send at most ${NUDGES_PER_DAY} reminders a day: try again later`;
export const NUDGE_NOBODY_MESSAGE = 'Every member has already answered';
export const NUDGE_ONLY_ORGANISER_MESSAGE = 'Only the creator of this event or an Administrator can remind members';
export const NUDGE_EVENT_STARTED_MESSAGE = 'This event has already started';
export const CANCEL_ONLY_ORGANISER_MESSAGE = 'Only the creator of this event or an Administrator can cancel it';
export const EVENT_ALREADY_CANCELLED_MESSAGE = 'This event is already cancelled';

/** "1 hour", "48 hours": a check choice as people say it. */
export const quorumCheckLabel = (minutes: number): string => {
  const hours = minutes / 60;
  return hours === 1 ? '1 hour' : `${hours} hours`;
};

const minPlayers = z
  .number({ error: MIN_PLAYERS_MESSAGE })
  .int(MIN_PLAYERS_MESSAGE)
  .min(MIN_PLAYERS_MIN, MIN_PLAYERS_MESSAGE)
  .max(MIN_PLAYERS_MAX, MIN_PLAYERS_MESSAGE)
  .nullable();

const quorumCheckMinutes = z
  .number({ error: QUORUM_CHECK_MESSAGE })
  .refine((value) => (QUORUM_CHECK_CHOICES as readonly number[]).includes(value), QUORUM_CHECK_MESSAGE)
  .nullable();

/**
 * The minimum fields of postEvent and updateEvent. Absent on an update: kept as they are; null:
 * removed. The server checks them against each other and the maximum (per field, 400).
 */
export const quorumInputFields = {
  /** Fewest seat-takers the event needs; null: no minimum. */
  minPlayers: minPlayers.optional(),
  /** How long before the start the minimum is checked (one of QUORUM_CHECK_CHOICES); null: never. */
  quorumCheckMinutes: quorumCheckMinutes.optional(),
  /** Below the minimum at the check: cancel the event (true) or only tell its creator (false). */
  autoCancel: z.boolean({ error: 'Cancel automatically must be true or false' }).optional(),
};

/** What an event says of its minimum; each field present only when set. */
export const quorumDtoFields = {
  minPlayers: z.number().int().optional(),
  quorumCheckMinutes: z.number().int().optional(),
  /** Present (true) when the event is cancelled if still below its minimum at the check. */
  autoCancel: z.boolean().optional(),
  /** When the event was cancelled (ISO instant); it stays listed with its sign-ups. Absent: not cancelled. */
  cancelledAt: z.string().optional(),
  /** true once the check found fewer seat-takers than the minimum, while that is still so. */
  belowMinimum: z.boolean().optional(),
};

/** GET /api/events/getEventNudge?eventID=: who has answered, for the event's organisers. */
export const eventNudgeDto = z.object({
  eventID: z.string(),
  /** Members of the group who have answered (seat, waitlist or another answer). */
  answered: z.number().int(),
  /** Members of the group. */
  members: z.number().int(),
  notAnswered: z.array(z.object({ userID: z.string(), username: z.string() })),
  /** When members were last reminded (ISO instant); null: never. */
  lastRemindedAt: z.string().nullable(),
  /** When a reminder of this event (or its series) may next be sent (ISO instant); null: now, if anyone has not answered. */
  nextReminderAt: z.string().nullable(),
  /**
   * Present only when the caller has sent their NUDGES_PER_DAY reminders of the day (across all their
   * events): when they may remind again (ISO instant). Always about the caller, never another organiser.
   */
  dailyRemindersUsedUntil: z.string().optional(),
  /** Whether the caller may send a reminder now: the event, its series and their own day all allow it. */
  canRemind: z.boolean(),
});
export type EventNudgeDto = z.infer<typeof eventNudgeDto>;

/** POST /api/events/cancelEvent: the organiser cancels the event; it stays listed with its sign-ups. */
export const cancelEventBody = z.object({ eventID: entityId('eventID') });
export type CancelEventBody = z.infer<typeof cancelEventBody>;

/** POST /api/events/remindEventMembers. */
export const remindEventMembersBody = z.object({ eventID: entityId('eventID') });
export type RemindEventMembersBody = z.infer<typeof remindEventMembersBody>;

export const remindEventMembersResponse = z.object({
  message: z.string(),
  /** Members mailed (those with Event Notifications on who had not answered). */
  mailed: z.number().int(),
  nudge: eventNudgeDto,
});
export type RemindEventMembersResponse = z.infer<typeof remindEventMembersResponse>;

/** The event's organisers remind and see who answered: its creator, and the group's Administrators. */
export const canRemindEventMembers = (event: { userID: string }, viewer: { userID: string | null | undefined; role: Viewer }): boolean =>
  (Boolean(viewer.userID) && event.userID === viewer.userID && can('viewEvents', { viewer: viewer.role, isPrivate: true })) ||
  can('remindAnyEventMembers', { viewer: viewer.role, isPrivate: true });

/** "5 of 8 answered". */
export const answeredText = (nudge: Pick<EventNudgeDto, 'answered' | 'members'>): string =>
  `${nudge.answered} of ${nudge.members} answered`;
