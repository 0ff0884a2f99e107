import type { UpcomingEventDto, UserGroupDto } from '@smm/shared/dashboard/schemas';
import { toIso } from '../../lib/iso-time';
import { toGroupSummaryDto, toLinkUrl, toRole } from '../groups/groups.mapper';
import type { UpcomingEventRow, UserGroupRow } from './dashboard.repo';

/**
 * A dashboard group card: the summary fields, the viewer's role and the group's next event. The
 * row's fields are named one by one: copying the rest of it with a rest pattern took V8's slow path
 * for every group of every dashboard.
 */
export function toUserGroupDto(row: UserGroupRow): UserGroupDto {
  const { next_event_id, next_event_name, next_event_start_at, next_event_end_at } = row;
  const summary = toGroupSummaryDto({
    id: row.id,
    group_name: row.group_name,
    game_name: row.game_name,
    link_url: row.link_url,
    is_private: row.is_private,
    group_owner: row.group_owner,
    member_count: Number(row.member_count ?? 0),
  });
  return {
    ...summary,
    role: toRole(row.role),
    nextEvent:
      next_event_id !== null && next_event_name !== null && next_event_start_at !== null && next_event_end_at !== null
        ? {
            _id: next_event_id,
            eventName: next_event_name,
            startDate: toIso(Number(next_event_start_at)),
            endDate: toIso(Number(next_event_end_at)),
          }
        : null,
  };
}

/** An entry of "Your next events". */
export const toUpcomingEventDto = (row: UpcomingEventRow): UpcomingEventDto => ({
  _id: row.id,
  groupID: row.group_id,
  groupName: row.group_name,
  linkURL: toLinkUrl(row.link_url),
  eventName: row.event_name,
  startDate: toIso(Number(row.start_at)),
  endDate: toIso(Number(row.end_at)),
  maxNumberOfMembers: row.max_number_of_members,
  attendingCount: Number(row.attending_count ?? 0),
  isAttending: Boolean(row.is_attending),
});

/**
 * When a list of the caller's groups may change with the time alone: when the first of their next
 * events ends (the next one after it then takes its place). Events only ever drop out as time passes.
 */
export function nextEventEnds(groups: readonly UserGroupDto[]): number | undefined {
  let first: number | undefined;
  for (const { nextEvent } of groups) {
    if (!nextEvent) continue;
    const end = Date.parse(nextEvent.endDate);
    if (first === undefined || end < first) first = end;
  }
  return first;
}
