import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

export interface KickMemberInput {
  userID: string;
  /** Also replace the group's invite code, so links with the old one stop working. */
  replaceInviteLink: boolean;
}

export const kickMember = (groupID: string, { userID, replaceInviteLink }: KickMemberInput) =>
  api.post<FullGroupDto>('/api/groups/kickMember', { userID, groupID, ...(replaceInviteLink ? { replaceInviteLink } : {}) });

export function useKickMember(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: KickMemberInput) => kickMember(groupID, input),
    onSuccess: (group) => {
      queryClient.setQueryData(['groups', groupID, 'full'], group);
      return queryClient.invalidateQueries({ queryKey: ['groups', groupID] });
    },
  });
}
