import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gameQueryKey } from './get-game';
import { refreshGameResults } from './refresh-game-results';

export const deleteGame = (gameID: string) => api.post<{ message: string }>('/api/civilization/deleteGame', {}, { gameID });

/** The game's creator, its host or an Administrator deletes it (an Administrator can restore it for a while). */
export function useDeleteGame(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGame,
    onSuccess: (_result, gameID) => {
      // Gone for the page: it leaves, and nothing should refetch the game, its comments or its history.
      queryClient.removeQueries({ queryKey: gameQueryKey(groupID, gameID) });
      // Not awaited: the caller leaves the page at once, and the lists and rankings reload behind it.
      void refreshGameResults(queryClient, groupID);
    },
  });
}
