import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameDto, UpdateGameBody } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { gameQueryKey, groupGamesKey } from './get-game';

export const updateGame = (body: UpdateGameBody) => api.post<GameDto>('/api/civilization/updateGame', body);

/**
 * Edits a game: name, lobby link, host, a member's Active/Eliminated, the winner and victory type.
 * The answer is the game as it now is; the group's game lists and rankings reload, since a finished
 * game moves to the archive and changes the ratings.
 */
export function useUpdateGame(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGame,
    onSuccess: (game) => queryClient.setQueryData(gameQueryKey(groupID, game._id), game),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: groupGamesKey(groupID) }),
        queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'rankings'] }),
      ]),
  });
}
