import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupAvailabilityResponse } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';

/** Every current member's free slots and, from `weekOf` for a week, their free times as instants; members only. */
export const getGroupAvailability = (groupID: string, weekOf: number, signal?: AbortSignal) =>
  api.get<GroupAvailabilityResponse>('/api/civilization/getGroupAvailability', { groupID, weekOf: String(weekOf) }, signal);

/** The prefix of every availability query of a group: invalidating it reloads the group grid and each member's. */
export const groupAvailabilityQueryKey = (groupID: string) => ['groups', groupID, 'availability'] as const;

/** `weekOf`: the start of the viewer's today, so the key stays the same all day. */
export const groupAvailabilityQueryOptions = (groupID: string, weekOf: number) =>
  queryOptions({
    queryKey: [...groupAvailabilityQueryKey(groupID), 'week', weekOf],
    queryFn: ({ signal }) => getGroupAvailability(groupID, weekOf, signal),
  });

export const useGroupAvailability = (groupID: string, weekOf: number) => useQuery(groupAvailabilityQueryOptions(groupID, weekOf));
