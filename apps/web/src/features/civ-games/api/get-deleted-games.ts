import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeletedGameDto } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';
import { gamesQueryKey } from './get-active-games';

/** Administrators: the group's deleted games that can still be restored, newest deletion first. */
export const getDeletedGames = (groupID: string, signal?: AbortSignal) =>
  api.get<DeletedGameDto[]>('/api/civilization/getDeletedGames', { groupID }, signal);

// Under the games key, so deleting a game anywhere (which reloads the group's games) reloads this list too.
export const deletedGamesQueryKey = (groupID: string) => [...gamesQueryKey(groupID), 'deleted'] as const;

export const deletedGamesQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: deletedGamesQueryKey(groupID), queryFn: ({ signal }) => getDeletedGames(groupID, signal) });

export const useDeletedGames = (groupID: string) => useQuery(deletedGamesQueryOptions(groupID));
