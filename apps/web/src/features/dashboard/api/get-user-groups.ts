import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupSummaryDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** The signed-in user's groups. */
export const getUserGroups = (userID: string, signal?: AbortSignal) =>
  api.get<GroupSummaryDto[]>('/api/groups/getUserGroups', { userID }, signal);

export const userGroupsQueryOptions = (userID: string) =>
  queryOptions({ queryKey: ['users', userID, 'groups'], queryFn: ({ signal }) => getUserGroups(userID, signal) });

export const useUserGroups = (userID: string) => useQuery(userGroupsQueryOptions(userID));
