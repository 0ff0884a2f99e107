import { z } from 'zod';
import { fetchUpstream, parseJson, UpstreamError } from './upstream';

const SERVICE = 'Steam Web API';
export const STEAM_API_DEFAULT_URL = 'https://api.steampowered.com';

const playerSummaries = z.object({
  response: z.object({
    players: z.array(
      z.object({
        steamid: z.string(),
        personaname: z.string(),
        profileurl: z.string(),
        avatar: z.string(),
        avatarmedium: z.string(),
        avatarfull: z.string(),
      }),
    ),
  }),
});
export type SteamPlayer = z.infer<typeof playerSummaries>['response']['players'][number];

const ownedGames = z.object({
  response: z.object({
    game_count: z.int().optional(),
    games: z.array(z.object({ appid: z.int(), name: z.string().optional(), img_icon_url: z.string().optional() })).optional(),
  }),
});
export type OwnedGame = NonNullable<z.infer<typeof ownedGames>['response']['games']>[number];

/** Steam answers `{"response":{}}` (HTTP 200) when a profile or its game details are private. */
export type OwnedGames = { isPrivate: true } | { isPrivate: false; games: OwnedGame[] };

export interface SteamWebApiClient {
  /** GetPlayerSummaries for one SteamID64; null when Steam knows no such player. */
  getPlayerSummary(steamId: string): Promise<SteamPlayer | null>;
  /** GetOwnedGames with names and icons, or the private marker. */
  getOwnedGames(steamId: string): Promise<OwnedGames>;
}

export interface SteamWebApiConfig {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** Real client of the Steam Web API (api.steampowered.com). */
export function createSteamWebApiClient({ baseUrl, apiKey, timeoutMs }: SteamWebApiConfig): SteamWebApiClient {
  const root = baseUrl.replace(/\/$/, '');

  async function call<T>(path: string, query: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = `${root}${path}?${new URLSearchParams({ key: apiKey, ...query, format: 'json' })}`;
    const response = await fetchUpstream(SERVICE, url, { headers: { accept: 'application/json' } }, timeoutMs);
    // 401/403 mean a bad key: Steam says so in an HTML page, which must not reach the client.
    if (response.status !== 200) throw new UpstreamError(SERVICE, 'status', `answered HTTP ${response.status}`, response.status);
    const parsed = schema.safeParse(parseJson(SERVICE, response.text));
    if (!parsed.success) throw new UpstreamError(SERVICE, 'malformed', `unexpected JSON: ${parsed.error.issues[0]?.message ?? ''}`);
    return parsed.data;
  }

  return {
    async getPlayerSummary(steamId) {
      const body = await call('/ISteamUser/GetPlayerSummaries/v0002/', { steamids: steamId }, playerSummaries);
      return body.response.players.find((player) => player.steamid === steamId) ?? null;
    },
    async getOwnedGames(steamId) {
      const body = await call(
        '/IPlayerService/GetOwnedGames/v0001/',
        { steamid: steamId, include_appinfo: '1', include_played_free_games: '1' },
        ownedGames,
      );
      const { games, game_count: gameCount } = body.response;
      if (games === undefined && gameCount === undefined) return { isPrivate: true };
      return { isPrivate: false, games: games ?? [] };
    },
  };
}
