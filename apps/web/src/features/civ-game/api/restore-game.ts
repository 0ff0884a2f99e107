import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshGameResults } from './refresh-game-results';

export const restoreGame = (gameID: string) => api.post<unknown>('/api/civilization/restoreGame', {}, { gameID });

/** An Administrator restores a deleted game (within the restore window): it is back in the lists and rankings. */
export function useRestoreGame(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreGame, onSuccess: () => refreshGameResults(queryClient, groupID) });
}
