import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** Joins the group with its invite code (the only way into a private group). */
export const acceptInvite = (groupID: string, userID: string, inviteLink: string) =>
  api.post<FullGroupDto>('/api/groups/joinGroup', { groupID, userID, inviteLink });

export function useAcceptInvite(groupID: string, inviteLink: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userID: string) => acceptInvite(groupID, userID, inviteLink),
    onSuccess: (_group, userID) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['groups', groupID] }),
        queryClient.invalidateQueries({ queryKey: ['users', userID, 'groups'] }),
      ]),
  });
}
