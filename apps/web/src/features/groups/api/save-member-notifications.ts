import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupMemberDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

export const postMemberNotifications = (groupID: string, userID: string, receiveEventNotifications: boolean) =>
  api.post<GroupMemberDto>(`/api/members/postMemberNotifications/${encodeURIComponent(groupID)}/${encodeURIComponent(userID)}`, {
    receiveEventNotifications,
  });

export function useSaveMemberNotifications(groupID: string, userID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receiveEventNotifications: boolean) => postMemberNotifications(groupID, userID, receiveEventNotifications),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'full'] }),
  });
}
