import type { EventDto } from '@smm/shared/events/schemas';
import type { AttendeeRow, EventRow } from './events.repo';

export const toIso = (ms: number): string => new Date(ms).toISOString();

/**
 * The spec's Event JSON. A field whitelist: attendees' emails are shown only on the viewer's own
 * entry, so joining a public group does not hand out every member's address. `creatorIsMember: false`
 * is added only for an event whose creator has left the group.
 */
export function toEventDto(row: EventRow, attendees: readonly AttendeeRow[], viewerId: string, creatorIsMember: boolean): EventDto {
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
      .map((a) => ({ userID: a.user_id, username: a.username, ...(a.user_id === viewerId ? { email: a.email } : {}) })),
    isDrafted: row.is_drafted === 1,
    draftGameID: row.draft_game_id,
    ...(creatorIsMember ? {} : { creatorIsMember: false }),
  };
}
