import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FullGroupDto, GroupMemberDto } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

export const postMemberNotifications = (groupID: string, userID: string, receiveEventNotifications: boolean) =>
  api.post<GroupMemberDto>(`/api/members/postMemberNotifications/${encodeURIComponent(groupID)}/${encodeURIComponent(userID)}`, {
    receiveEventNotifications,
  });

export function useSaveMemberNotifications(groupID: string, userID: string) {
  const queryClient = useQueryClient();
  const key = ['groups', groupID, 'full'];
  return useMutation({
    // A read of the group already under way (after joining, say) would land after the save and
    // show the old setting again: stop it, keep the saved member in the cache, then read afresh.
    onMutate: () => queryClient.cancelQueries({ queryKey: key }),
    mutationFn: (receiveEventNotifications: boolean) => postMemberNotifications(groupID, userID, receiveEventNotifications),
    onSuccess: (member) => {
      queryClient.setQueryData<FullGroupDto>(key, (group) =>
        group && { ...group, members: group.members.map((m) => (m.userID === member.userID ? member : m)) },
      );
      return queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
