import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameType, RankingRowDto } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';

/**
 * Rankings - FFA (ffa) or Rankings - Teams (team): one row per member who finished a game of that
 * type. season: a season's id or 'all'; undefined leaves the choice to the server (the current season).
 */
export const getRankings = (groupID: string, gameType: GameType, season: string | undefined, signal?: AbortSignal) =>
  api.get<RankingRowDto[]>('/api/civilization/getRankings', { groupID, gameType, season }, signal);

export const rankingsQueryKey = (groupID: string, gameType: GameType, season: string | undefined) =>
  ['groups', groupID, 'rankings', gameType, season ?? 'default'] as const;

export const rankingsQueryOptions = (groupID: string, gameType: GameType, season: string | undefined) =>
  queryOptions({
    queryKey: rankingsQueryKey(groupID, gameType, season),
    queryFn: ({ signal }) => getRankings(groupID, gameType, season, signal),
  });

export const useRankings = (groupID: string, gameType: GameType, season: string | undefined) =>
  useQuery(rankingsQueryOptions(groupID, gameType, season));
