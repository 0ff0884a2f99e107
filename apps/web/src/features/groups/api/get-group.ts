import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** Name, game and members of a group: public groups to anyone signed in, private ones to members (else 404). */
export const getGroup = (groupID: string, signal?: AbortSignal) => api.get<GroupDto>('/api/groups/getGroup', { groupID }, signal);

export const groupQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: ['groups', groupID], queryFn: ({ signal }) => getGroup(groupID, signal) });

export const useGroup = (groupID: string | null) => useQuery({ ...groupQueryOptions(groupID ?? ''), enabled: groupID !== null });
