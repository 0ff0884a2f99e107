import type { EventDto } from '@smm/shared/events/schemas';
import { toIso } from '../../lib/iso-time';
import type { AttendeeRow, EventRow } from './events.repo';
import type { ResponseRow } from './responses.repo';
import type { WaitlistRow } from './waitlist.repo';
import { quorumDto } from './quorum';

/**
 * The spec's Event JSON. A field whitelist: attendees' emails are shown only on the viewer's own
 * entry, so joining a public group does not hand out every member's address. `creatorIsMember: false`
 * is added only for an event whose creator has left the group. The fields added with descriptions,
 * cutoffs, series and waitlists appear only when set, so a plain event reads as the spec's JSON.
 */
export function toEventDto(
  row: EventRow,
  attendees: readonly AttendeeRow[],
  viewerId: string,
  creatorIsMember: boolean,
  waitlist: readonly (Pick<WaitlistRow, 'event_id' | 'user_id' | 'username'> & { late?: number })[] = [],
  responses: readonly Pick<ResponseRow, 'event_id' | 'user_id' | 'username' | 'response'>[] = [],
): EventDto {
  const waiting = waitlist.filter((w) => w.event_id === row.id);
  const answered = responses.filter((r) => r.event_id === row.id);
  const position = waiting.findIndex((w) => w.user_id === viewerId) + 1;
  return {
    _id: row.id,
    groupID: row.group_id,
    userID: row.user_id,
    eventName: row.event_name,
    startDate: toIso(row.start_at),
    endDate: toIso(row.end_at),
    maxNumberOfMembers: row.max_number_of_members,
    attendingMembers: attendees
      .filter((a) => a.event_id === row.id)
      .map((a) => ({
        userID: a.user_id,
        username: a.username,
        ...(a.user_id === viewerId ? { email: a.email } : {}),
        ...(Number(a.late) === 1 ? { late: true } : {}),
      })),
    isDrafted: row.is_drafted === 1,
    draftGameID: row.draft_game_id,
    ...(creatorIsMember ? {} : { creatorIsMember: false }),
    ...(row.description === null ? {} : { description: row.description }),
    ...(row.signup_cutoff_minutes === null
      ? {}
      : { signupCutoffMinutes: row.signup_cutoff_minutes, signupClosesAt: toIso(row.start_at - row.signup_cutoff_minutes * 60_000) }),
    ...(row.series_id === null ? {} : { seriesID: row.series_id }),
    ...(waiting.length === 0
      ? {}
      : {
          waitlistMembers: waiting.map((w) => ({
            userID: w.user_id,
            username: w.username,
            ...(Number(w.late) === 1 ? { late: true } : {}),
          })),
        }),
    ...(position === 0 ? {} : { waitlistPosition: position }),
    ...(answered.length === 0
      ? {}
      : { responseMembers: answered.map((r) => ({ userID: r.user_id, username: r.username, response: r.response })) }),
    ...quorumDto(row, attendees.filter((a) => a.event_id === row.id).length),
  };
}
