import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupCardDto, PostGroupCardOrderBody } from '@smm/shared/components/schemas';
import { api } from '../../../lib/api-client';

/** Saves the new cardOrder of every card of the group. */
export const postGroupCardOrder = (groupID: string, order: PostGroupCardOrderBody) =>
  api.post<GroupCardDto[]>('/api/components/postGroupCardOrder', order, { groupID });

export function useSaveCardOrder(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (order: PostGroupCardOrderBody) => postGroupCardOrder(groupID, order),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'cards'] }),
  });
}
