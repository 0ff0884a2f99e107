import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SteamGames } from '@smm/shared/steam/schemas';
import { api } from '../../../lib/api-client';
import { retryOnlyOffline } from './steam-retry';

/** GET /api/steam/getGames/{steamID}: the games, or `isPrivate` when Steam hides them. */
export const getSteamGames = (steamID: string, signal?: AbortSignal) =>
  api.get<SteamGames>(`/api/steam/getGames/${encodeURIComponent(steamID)}`, undefined, signal);

export const steamGamesQueryOptions = (steamID: string) =>
  queryOptions({
    queryKey: ['steam', steamID, 'games'],
    queryFn: ({ signal }) => getSteamGames(steamID, signal),
    retry: retryOnlyOffline,
  });

export const useSteamGames = (steamID: string) => useQuery(steamGamesQueryOptions(steamID));
