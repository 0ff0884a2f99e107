import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMemberRoleBody } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

export const updateMemberRole = (groupID: string, body: UpdateMemberRoleBody) =>
  api.post<UpdateMemberRoleBody>('/api/groups/updateMemberRole', body, { groupID });

export function useUpdateMemberRole(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMemberRoleBody) => updateMemberRole(groupID, body),
    // Roles decide what everyone sees in the group area, so the whole group is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupID] }),
  });
}
