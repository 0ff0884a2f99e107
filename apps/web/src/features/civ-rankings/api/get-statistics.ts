import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { StatisticsDto } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';

/** Per member and per leader, for one game type and season ('all', an id, or undefined for the server's default). */
export const getStatistics = (groupID: string, gameType: GameType, season: string | undefined, signal?: AbortSignal) =>
  api.get<StatisticsDto>('/api/civilization/getStatistics', { groupID, gameType, season }, signal);

export const statisticsQueryOptions = (groupID: string, gameType: GameType, season: string | undefined) =>
  queryOptions({
    queryKey: ['groups', groupID, 'statistics', gameType, season ?? 'default'] as const,
    queryFn: ({ signal }) => getStatistics(groupID, gameType, season, signal),
  });

export const useStatistics = (groupID: string, gameType: GameType, season: string | undefined) =>
  useQuery(statisticsQueryOptions(groupID, gameType, season));
