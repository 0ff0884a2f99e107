import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** The whole group (members with notifications, invite link, settings), for members. */
export const getFullGroup = (groupID: string, signal?: AbortSignal) =>
  api.get<FullGroupDto>('/api/groups/getFullGroup', { groupID }, signal);

export const fullGroupQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: ['groups', groupID, 'full'], queryFn: ({ signal }) => getFullGroup(groupID, signal) });

export const useFullGroup = (groupID: string) => useQuery(fullGroupQueryOptions(groupID));
