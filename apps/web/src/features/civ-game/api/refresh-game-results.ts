import type { QueryClient } from '@tanstack/react-query';

/**
 * A result change (an edit, a decided proposal, a vote, a delete or a restore) can move anything the
 * group shows about its games: the game and its history, the game lists, the rankings, the seasons'
 * tables and the statistics built from them. Everything read about the group is read again, except
 * the group itself, which no result changes.
 */
export const refreshGameResults = (queryClient: QueryClient, groupID: string) =>
  queryClient.invalidateQueries({ queryKey: ['groups', groupID], predicate: (query) => query.queryKey[2] !== 'full' });
