import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

/** Replaces the invite code: links with the old code stop working. */
export const regenerateInviteLink = (groupID: string) => api.post<FullGroupDto>('/api/groups/regenerateInviteLink', undefined, { groupID });

export function useRegenerateInviteLink(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => regenerateInviteLink(groupID),
    onSuccess: (group) => queryClient.setQueryData(['groups', groupID, 'full'], group),
  });
}
