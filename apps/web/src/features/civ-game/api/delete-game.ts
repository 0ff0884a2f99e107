import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameQueryKey, groupGamesKey } from './get-game';

export const deleteGame = (gameID: string) => api.post<{ message: string }>('/api/civilization/deleteGame', {}, { gameID });

/** The game's creator, its host or an Administrator deletes it, with its comments and notes. */
export function useDeleteGame(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGame,
    onSuccess: (_result, gameID) => {
      // Gone: the page leaves, and nothing should refetch a game that no longer exists.
      queryClient.removeQueries({ queryKey: gameQueryKey(groupID, gameID) });
      // Not awaited: the caller leaves the page at once, and the lists reload behind it.
      void queryClient.invalidateQueries({ queryKey: groupGamesKey(groupID) });
      void queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'rankings'] });
    },
  });
}
