import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupAvailabilityResponse } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';

/** Every current member's free slots, with the group's time zone they are in; members only. */
export const getGroupAvailability = (groupID: string, signal?: AbortSignal) =>
  api.get<GroupAvailabilityResponse>('/api/civilization/getGroupAvailability', { groupID }, signal);

/** The prefix of every availability query of a group: invalidating it reloads the group grid and each member's. */
export const groupAvailabilityQueryKey = (groupID: string) => ['groups', groupID, 'availability'] as const;

export const groupAvailabilityQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: groupAvailabilityQueryKey(groupID), queryFn: ({ signal }) => getGroupAvailability(groupID, signal) });

export const useGroupAvailability = (groupID: string) => useQuery(groupAvailabilityQueryOptions(groupID));
