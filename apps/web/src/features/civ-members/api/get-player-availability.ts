import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityDto } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';
import { groupAvailabilityQueryKey } from './get-group-availability';

/** One member's free slots in a group; members only. */
export const getPlayerAvailability = (groupID: string, userID: string, signal?: AbortSignal) =>
  api.get<AvailabilityDto[]>('/api/civilization/getPlayerAvailability', { groupID, userID }, signal);

export const playerAvailabilityQueryKey = (groupID: string, userID: string) => [...groupAvailabilityQueryKey(groupID), userID] as const;

export const playerAvailabilityQueryOptions = (groupID: string, userID: string) =>
  queryOptions({
    queryKey: playerAvailabilityQueryKey(groupID, userID),
    queryFn: ({ signal }) => getPlayerAvailability(groupID, userID, signal),
  });

export const usePlayerAvailability = (groupID: string, userID: string) => useQuery(playerAvailabilityQueryOptions(groupID, userID));
