import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { HeadToHeadDto } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';

export interface HeadToHeadParams {
  groupID: string;
  gameType: GameType;
  season: string | undefined;
  first: string;
  second: string;
}

/** Two members: the counted games both played, and who placed higher how often. */
export const getHeadToHead = (params: HeadToHeadParams, signal?: AbortSignal) =>
  api.get<HeadToHeadDto>('/api/civilization/getHeadToHead', { ...params }, signal);

export const headToHeadQueryOptions = (params: HeadToHeadParams) =>
  queryOptions({
    queryKey: ['groups', params.groupID, 'headToHead', params.gameType, params.season ?? 'default', params.first, params.second] as const,
    queryFn: ({ signal }) => getHeadToHead(params, signal),
  });

/** Asks only once two different members are chosen. */
export const useHeadToHead = (params: HeadToHeadParams, enabled: boolean) => useQuery({ ...headToHeadQueryOptions(params), enabled });
