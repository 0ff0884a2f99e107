import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { MemberStatsDto } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';

/** One member's record in the group for a game type, all time: statistics, rating after each game, leaders. */
export const getMemberStats = (groupID: string, userID: string, gameType: GameType, signal?: AbortSignal) =>
  api.get<MemberStatsDto>('/api/civilization/getMemberStats', { groupID, userID, gameType }, signal);

export const memberStatsQueryOptions = (groupID: string, userID: string, gameType: GameType) =>
  queryOptions({
    queryKey: ['groups', groupID, 'memberStats', userID, gameType] as const,
    queryFn: ({ signal }) => getMemberStats(groupID, userID, gameType, signal),
  });

export const useMemberStats = (groupID: string, userID: string, gameType: GameType) =>
  useQuery(memberStatsQueryOptions(groupID, userID, gameType));
