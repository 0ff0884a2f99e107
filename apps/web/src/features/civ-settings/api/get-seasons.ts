import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeasonDto } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';

/** The group's seasons, as the server orders them; the current one has isCurrent. */
export const getSeasons = (groupID: string, signal?: AbortSignal) =>
  api.get<SeasonDto[]>('/api/civilization/getSeasons', { groupID }, signal);

export const seasonsQueryKey = (groupID: string) => ['groups', groupID, 'civ', 'seasons'] as const;

export const seasonsQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: seasonsQueryKey(groupID), queryFn: ({ signal }) => getSeasons(groupID, signal) });

export const useSeasons = (groupID: string) => useQuery(seasonsQueryOptions(groupID));
