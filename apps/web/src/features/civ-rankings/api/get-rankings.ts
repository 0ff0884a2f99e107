import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameType, RankingRowDto } from '@smm/shared/civilization/games-schemas';
import { api } from '../../../lib/api-client';

/** Rankings - FFA (ffa) or Rankings - Teams (team): one row per member who finished a game of that type. */
export const getRankings = (groupID: string, gameType: GameType, signal?: AbortSignal) =>
  api.get<RankingRowDto[]>('/api/civilization/getRankings', { groupID, gameType }, signal);

export const rankingsQueryKey = (groupID: string, gameType: GameType) => ['groups', groupID, 'rankings', gameType] as const;

export const rankingsQueryOptions = (groupID: string, gameType: GameType) =>
  queryOptions({ queryKey: rankingsQueryKey(groupID, gameType), queryFn: ({ signal }) => getRankings(groupID, gameType, signal) });

export const useRankings = (groupID: string, gameType: GameType) => useQuery(rankingsQueryOptions(groupID, gameType));
