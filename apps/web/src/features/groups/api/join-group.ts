import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** Joins a public group without an invite code. */
export const joinGroup = (groupID: string, userID: string) => api.post<FullGroupDto>('/api/groups/joinGroup', { groupID, userID });

export function useJoinGroup(groupID: string, userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => joinGroup(groupID, userID),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['groups', groupID] }),
        queryClient.invalidateQueries({ queryKey: ['users', userID, 'groups'] }),
      ]),
  });
}
