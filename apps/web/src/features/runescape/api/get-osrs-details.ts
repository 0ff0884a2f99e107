import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OsrsDetails, OsrsDetailsParams } from '@smm/shared/runescape/schemas';
import { api } from '../../../lib/api-client';

/** GET /api/runescape/getOSRSDetails/{playerName}/{gameMode}: Overall and the 23 skills. */
export const getOsrsDetails = ({ playerName, gameMode }: OsrsDetailsParams, signal?: AbortSignal) =>
  api.get<OsrsDetails>(
    `/api/runescape/getOSRSDetails/${encodeURIComponent(playerName)}/${encodeURIComponent(gameMode)}`,
    undefined,
    signal,
  );

/** Jagex treats names case-insensitively and spaces, `_` and `-` alike, so one cache entry serves all spellings. */
const playerKey = (playerName: string) => playerName.toLowerCase().replace(/[\s_-]+/g, ' ');

export const osrsDetailsQueryOptions = (params: OsrsDetailsParams) =>
  queryOptions({
    queryKey: ['runescape', params.gameMode, playerKey(params.playerName), 'details'],
    queryFn: ({ signal }) => getOsrsDetails(params, signal),
    // The server already waited out the hiscores' timeout; retrying would triple a slow failure.
    // The page offers 'Try again' instead.
    retry: false,
  });

/** The stats of a player, or nothing until a valid lookup is given. */
export function useOsrsDetails(params: OsrsDetailsParams | null) {
  return useQuery({
    ...osrsDetailsQueryOptions(params ?? { playerName: '', gameMode: 'normal' }),
    enabled: params !== null,
  });
}
