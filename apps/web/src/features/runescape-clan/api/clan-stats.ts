import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClanPeriod, ClanStats, PlayerHistory, UpdateClanStatsResponse } from '@smm/shared/runescape/clan-schemas';
import { api } from '../../../lib/api-client';

/** GET /api/runescape/getClanStats: members' latest stats and gains over the period. */
export const clanStatsQueryOptions = (groupID: string, period: ClanPeriod) =>
  queryOptions({
    queryKey: ['groups', groupID, 'runescape', 'stats', period],
    queryFn: ({ signal }) => api.get<ClanStats>('/api/runescape/getClanStats', { groupID, period }, signal),
    // Switching period keeps the table on screen while the other period loads.
    placeholderData: keepPreviousData,
  });

export const useClanStats = (groupID: string, period: ClanPeriod) => useQuery(clanStatsQueryOptions(groupID, period));

/** POST /api/runescape/updateClanStats: asks the hiscores about every linked member now (rate limited). */
export function useUpdateClanStats(groupID: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<UpdateClanStatsResponse>('/api/runescape/updateClanStats', { groupID }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['groups', groupID, 'runescape'] }),
  });
}

/** GET /api/runescape/getPlayerHistory: a clan member's experience over time and records. */
export const usePlayerHistory = (params: { groupID: string; userID: string } | null) =>
  useQuery({
    queryKey: ['groups', params?.groupID, 'runescape', 'history', params?.userID],
    queryFn: ({ signal }) => api.get<PlayerHistory>('/api/runescape/getPlayerHistory', params ?? {}, signal),
    enabled: params !== null,
  });
