import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GAMES_PAGE_SIZE, type GamesPageDto } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { filterParams, type GamesFilter } from '../games-filter';

/** Every games list of a group sits under this key, so one invalidation reloads the three tables. */
export const gamesQueryKey = (groupID: string) => ['groups', groupID, 'games'] as const;

/** One page of the group's active games, newest first (spec 9: 10 per page). */
export const getActiveGames = (groupID: string, page: number, filter: GamesFilter | null, signal?: AbortSignal) =>
  api.get<GamesPageDto>('/api/civilization/getActiveGames', { groupID, page, pageSize: GAMES_PAGE_SIZE, ...filterParams(filter) }, signal);

export const activeGamesQueryOptions = (groupID: string, page: number, filter: GamesFilter | null) =>
  queryOptions({
    queryKey: [...gamesQueryKey(groupID), 'active', { page, filter }] as const,
    queryFn: ({ signal }) => getActiveGames(groupID, page, filter, signal),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const useActiveGames = (groupID: string, page: number, filter: GamesFilter | null) =>
  useQuery(activeGamesQueryOptions(groupID, page, filter));
