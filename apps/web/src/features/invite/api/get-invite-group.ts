import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** The group an invite is for: its name and members, readable by anyone holding the current code. */
export const getInviteGroup = (groupID: string, inviteLink: string, signal?: AbortSignal) =>
  api.get<GroupDto>('/api/groups/getGroup', { groupID, inviteLink }, signal);

export const inviteGroupQueryOptions = (groupID: string, inviteLink: string) =>
  queryOptions({
    queryKey: ['groups', groupID, 'invite', inviteLink],
    queryFn: ({ signal }) => getInviteGroup(groupID, inviteLink, signal),
  });

export const useInviteGroup = (groupID: string, inviteLink: string) => useQuery(inviteGroupQueryOptions(groupID, inviteLink));
