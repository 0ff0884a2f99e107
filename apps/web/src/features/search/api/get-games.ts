import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GameDto } from '@smm/shared/games/catalogue';
import { api } from '../../../lib/api-client';

/** The games a group can be created for. */
export const getGames = (signal?: AbortSignal) => api.get<GameDto[]>('/api/games/getGames', undefined, signal);

// The catalogue changes only with a release, so one read per visit is enough.
export const gamesQueryOptions = () =>
  queryOptions({ queryKey: ['games'], queryFn: ({ signal }) => getGames(signal), staleTime: Infinity });

export const useGames = () => useQuery(gamesQueryOptions());
