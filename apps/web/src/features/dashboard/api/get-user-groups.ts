import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserGroupDto } from '@smm/shared/dashboard/schemas';
import { api } from '../../../lib/api-client';

/** The signed-in user's groups, each with the user's role, its member count and its next event. */
export const getUserGroups = (userID: string, signal?: AbortSignal) =>
  api.get<UserGroupDto[]>('/api/groups/getUserGroups', { userID }, signal);

// The dashboard is where members look for what changed: read afresh on every visit.
export const userGroupsQueryOptions = (userID: string) =>
  queryOptions({ queryKey: ['users', userID, 'groups'], queryFn: ({ signal }) => getUserGroups(userID, signal), staleTime: 0 });

export const useUserGroups = (userID: string) => useQuery(userGroupsQueryOptions(userID));
