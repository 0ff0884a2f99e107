import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FullGroupDto, PostGroupSettingsBody } from '@smm/shared/groups/schemas';
import { api } from '../../../lib/api-client';

export const postGroupSettings = (groupID: string, body: PostGroupSettingsBody) =>
  api.post<FullGroupDto>('/api/groups/postGroupSettings', body, { groupID });

export function useSaveGroupSettings(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostGroupSettingsBody) => postGroupSettings(groupID, body),
    onSuccess: (group) => {
      queryClient.setQueryData(['groups', groupID, 'full'], group);
      return queryClient.invalidateQueries({ queryKey: ['groups', groupID] });
    },
  });
}
