import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PostRemoveGroupCardBody } from '@smm/shared/components/schemas';
import { api } from '../../../lib/api-client';

export const postRemoveGroupCard = (card: PostRemoveGroupCardBody) =>
  api.post<{ message: string }>('/api/components/postRemoveGroupCard', card);

export function useRemoveGroupCard(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postRemoveGroupCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'cards'] }),
  });
}
