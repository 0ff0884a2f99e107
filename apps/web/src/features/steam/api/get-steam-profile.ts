import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SteamProfile } from '@smm/shared/steam/schemas';
import { api } from '../../../lib/api-client';
import { retryOnlyOffline } from './steam-retry';

/** GET /api/steam/getProfile/{steamID}: nickname, profile link and avatars. */
export const getSteamProfile = (steamID: string, signal?: AbortSignal) =>
  api.get<SteamProfile>(`/api/steam/getProfile/${encodeURIComponent(steamID)}`, undefined, signal);

export const steamProfileQueryOptions = (steamID: string) =>
  queryOptions({
    queryKey: ['steam', steamID, 'profile'],
    queryFn: ({ signal }) => getSteamProfile(steamID, signal),
    retry: retryOnlyOffline,
  });

export const useSteamProfile = (steamID: string) => useQuery(steamProfileQueryOptions(steamID));
