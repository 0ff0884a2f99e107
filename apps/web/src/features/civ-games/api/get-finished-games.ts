import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GAMES_PAGE_SIZE, type GamesPageDto, type GameType } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';
import { filterParams, type GamesFilter } from '../games-filter';
import { gamesQueryKey } from './get-active-games';

/** One page of the group's finished (archived) games of one type, newest first. */
export const getFinishedGames = (groupID: string, gameType: GameType, page: number, filter: GamesFilter | null, signal?: AbortSignal) =>
  api.get<GamesPageDto>(
    '/api/civilization/getFinishedGames',
    { groupID, gameType, page, pageSize: GAMES_PAGE_SIZE, ...filterParams(filter) },
    signal,
  );

export const finishedGamesQueryOptions = (groupID: string, gameType: GameType, page: number, filter: GamesFilter | null) =>
  queryOptions({
    queryKey: [...gamesQueryKey(groupID), 'finished', gameType, { page, filter }] as const,
    queryFn: ({ signal }) => getFinishedGames(groupID, gameType, page, filter, signal),
    placeholderData: keepPreviousData,
  });

export const useFinishedGames = (groupID: string, gameType: GameType, page: number, filter: GamesFilter | null) =>
  useQuery(finishedGamesQueryOptions(groupID, gameType, page, filter));
