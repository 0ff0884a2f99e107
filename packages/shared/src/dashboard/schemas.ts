import { z } from 'zod';
import { ROLES } from '../constants';
import { LINK_URLS } from '../games/catalogue';
import { groupSummaryDto } from '../groups/schemas';

/** How many events "Your next events" lists at most. */
export const MY_UPCOMING_EVENTS_LIMIT = 10;

/** A group's next event (the earliest that has not ended), as its dashboard card shows it. */
export const nextEventDto = z.object({
  _id: z.string(),
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});
export type NextEventDto = z.infer<typeof nextEventDto>;

/** A group on the caller's dashboard: the summary fields plus the caller's role and the next event. */
export const userGroupDto = groupSummaryDto.extend({
  role: z.enum(ROLES),
  nextEvent: nextEventDto.nullable(),
});
export type UserGroupDto = z.infer<typeof userGroupDto>;
export const userGroupsResponse = z.array(userGroupDto);

/** An event in "Your next events": one the caller attends, or could still attend (a seat is free). */
export const upcomingEventDto = z.object({
  _id: z.string(),
  groupID: z.string(),
  groupName: z.string(),
  linkURL: z.enum(LINK_URLS),
  eventName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  maxNumberOfMembers: z.number().int(),
  /** How many members attend. */
  attendingCount: z.number().int(),
  /** Whether the caller attends. */
  isAttending: z.boolean(),
});
export type UpcomingEventDto = z.infer<typeof upcomingEventDto>;
export const upcomingEventsResponse = z.array(upcomingEventDto);
