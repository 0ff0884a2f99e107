import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameDto, UpdateGameBody } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { gameQueryKey } from './get-game';
import { refreshGameResults } from './refresh-game-results';

export const updateGame = (body: UpdateGameBody) => api.post<GameDto>('/api/civilization/updateGame', body);

/**
 * Edits a game: name, lobby link, host, a member's Active/Eliminated or leader played, the winner,
 * victory type and placements. The answer is the game as it now is; its history, the game lists and
 * the rankings reload, since a finished game moves to the archive and changes the ratings.
 */
export function useUpdateGame(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGame,
    onSuccess: (game) => queryClient.setQueryData(gameQueryKey(groupID, game._id), game),
    onSettled: () => refreshGameResults(queryClient, groupID),
  });
}
