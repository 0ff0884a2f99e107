import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

export const kickMember = (groupID: string, userID: string) => api.post<FullGroupDto>('/api/groups/kickMember', { userID, groupID });

export function useKickMember(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userID: string) => kickMember(groupID, userID),
    onSuccess: (group) => {
      queryClient.setQueryData(['groups', groupID, 'full'], group);
      return queryClient.invalidateQueries({ queryKey: ['groups', groupID] });
    },
  });
}
