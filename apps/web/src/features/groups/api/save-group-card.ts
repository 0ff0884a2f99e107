import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupCardDto, PostGroupCardBody } from '@smm/shared/components/schemas';
import { api } from '../../../lib/api-client';

/** Adds a card (no `_id`; it goes last) or edits the card `_id`. */
export const postGroupCard = (card: PostGroupCardBody) => api.post<GroupCardDto>('/api/components/postGroupCard', card);

export function useSaveGroupCard(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postGroupCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'cards'] }),
  });
}
