import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { gamesQueryKey } from './get-active-games';

/** Administrators bring a deleted game back (within 30 days), with its comments, notes and audit trail. */
export const restoreGame = (gameID: string) => api.post<unknown>('/api/civilization/restoreGame', {}, { gameID });

/**
 * A restored game returns to the tables and counts again: the games lists (the deleted list among
 * them), the rankings and the statistics recounted from the games all reload.
 */
export function useRestoreGame(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreGame,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gamesQueryKey(groupID) }),
        queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'rankings'] }),
        queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'civ'] }),
      ]),
  });
}
