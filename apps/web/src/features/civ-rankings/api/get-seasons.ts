import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SeasonDto } from '@smm/shared/civilization/ladder-schemas';
import { api } from '../../../lib/api-client';

/** The season value that asks for every counted game. */
export const ALL_TIME = 'all';

/** The group's seasons (none when it never started one). */
export const getSeasons = (groupID: string, signal?: AbortSignal) =>
  api.get<SeasonDto[]>('/api/civilization/getSeasons', { groupID }, signal);

// The key Group Settings uses for the same list, so starting a season there refreshes the selector here.
export const seasonsQueryOptions = (groupID: string) =>
  queryOptions({ queryKey: ['groups', groupID, 'civ', 'seasons'] as const, queryFn: ({ signal }) => getSeasons(groupID, signal) });

export const useSeasons = (groupID: string) => useQuery(seasonsQueryOptions(groupID));

/** What the rankings show first: the current season when there is one, else all time. */
export const defaultSeason = (seasons: readonly SeasonDto[]): string => seasons.find((s) => s.isCurrent)?._id ?? ALL_TIME;
