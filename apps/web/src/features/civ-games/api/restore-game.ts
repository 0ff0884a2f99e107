import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Administrators bring a deleted game back (within 30 days), with its comments, notes and audit trail. */
export const restoreGame = (gameID: string) => api.post<unknown>('/api/civilization/restoreGame', {}, { gameID });

/**
 * A restored game returns to the tables and counts again: the games lists (the deleted list among
 * them), the rankings, the statistics, head-to-head records and member pages recounted from the
 * games all reload; only the group itself, which a restore does not change, is kept.
 */
export function useRestoreGame(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreGame,
    // The games lists sit under the group's key too, so this one invalidation reaches them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupID], predicate: (query) => query.queryKey[2] !== 'full' }),
  });
}
