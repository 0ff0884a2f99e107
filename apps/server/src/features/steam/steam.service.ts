import { STEAM_NOT_CONFIGURED_MESSAGE, type SteamGames, type SteamProfile } from '@smm/shared/steam/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import { badGateway, gatewayTimeout, notFound, serviceUnavailable } from '../../errors';
import type { SteamWebApiClient } from '../../integrations/steam-web-api';
import { UPSTREAM_LIMIT_MESSAGE, UpstreamError, type UpstreamRateLimit } from '../../integrations/upstream';
import type { Throttle } from '../throttle/throttle.service';
import { toSteamGames, toSteamProfile } from './steam.mapper';

interface Deps {
  /** null when the server has no STEAM_API_KEY. */
  steam: SteamWebApiClient | null;
  throttle: Throttle;
  limit: UpstreamRateLimit;
}

/** Keeps the upstream detail as `cause` for the log while the client gets a clear message. */
function upstreamFailure(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  let failure;
  if (error.kind === 'timeout') failure = gatewayTimeout('Steam did not answer in time. Please try again later.');
  else if (error.status === 401 || error.status === 403) {
    failure = badGateway("Steam refused this server's API key. Please tell the site administrator.");
  } else if (error.status === 429) failure = badGateway('Steam is limiting requests right now. Please try again in a minute.');
  else if (error.kind === 'malformed') failure = badGateway('Steam sent an answer that could not be read. Please try again later.');
  else failure = badGateway('Steam is not available right now. Please try again later.');
  failure.cause = error;
  return failure;
}

/** Steam profiles and game libraries from the Steam Web API. */
export function createSteamService({ steam, throttle, limit }: Deps) {
  /** The client, once the caller is within the limit (counted in the database, across instances). */
  async function client(actor: UserDto): Promise<SteamWebApiClient> {
    if (!steam) throw serviceUnavailable(STEAM_NOT_CONFIGURED_MESSAGE);
    await throttle.consume(`steam:${actor.id}`, limit, UPSTREAM_LIMIT_MESSAGE);
    return steam;
  }
  const rethrow = (error: unknown) => {
    throw upstreamFailure(error);
  };

  return {
    /** Nickname, profile link and avatars of a Steam account. */
    async getProfile(actor: UserDto, steamId: string): Promise<SteamProfile> {
      const player = await (await client(actor)).getPlayerSummary(steamId).catch(rethrow);
      if (!player) throw notFound('No Steam profile was found for this Steam ID');
      return toSteamProfile(player);
    },

    /** The games a Steam account owns, or `isPrivate` when Steam hides them. */
    async getGames(actor: UserDto, steamId: string): Promise<SteamGames> {
      return toSteamGames(await (await client(actor)).getOwnedGames(steamId).catch(rethrow));
    },
  };
}
export type SteamService = ReturnType<typeof createSteamService>;
