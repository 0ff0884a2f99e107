import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CivPreferencesDto } from '@smm/shared/civilization/schemas';
import { api } from '../../../lib/api-client';

/**
 * The preferences the draft needs for the listed members: leader bans already cut to the group's
 * max (first made first), map choices and setting preferences.
 */
export const getMemberCivPreferences = (groupID: string, userIDs: readonly string[]) =>
  api.post<CivPreferencesDto[]>('/api/civilization/getMemberCivPreferences', userIDs, { groupID });

export const memberCivPreferencesQueryOptions = (groupID: string, userIDs: readonly string[]) =>
  queryOptions({
    queryKey: ['groups', groupID, 'memberCivPreferences', [...userIDs].sort()] as const,
    queryFn: () => getMemberCivPreferences(groupID, userIDs),
    // Every draft reads the bans as they are now: a member may have changed them a moment ago.
    staleTime: 0,
  });

/** A function that fetches the members' preferences afresh, for the Draft and Redraft buttons. */
export function useFetchMemberCivPreferences(groupID: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (userIDs: readonly string[]) => queryClient.fetchQuery(memberCivPreferencesQueryOptions(groupID, userIDs)),
    [queryClient, groupID],
  );
}
