import { gameModeById } from '@smm/shared/runescape/game-modes';
import type { OsrsDetails, OsrsDetailsParams } from '@smm/shared/runescape/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import { badGateway, gatewayTimeout, notFound } from '../../errors';
import type { HiscoresSkills, OsrsHiscoresClient } from '../../integrations/osrs-hiscores';
import { UPSTREAM_LIMIT_MESSAGE, UpstreamError, type UpstreamRateLimit } from '../../integrations/upstream';
import type { Throttle } from '../throttle/throttle.service';
import { toOsrsDetails } from './runescape.mapper';
import { createTtlCache } from './ttl-cache';

export interface HiscoresCacheOptions {
  ttlMs: number;
  maxEntries: number;
}

export const defaultHiscoresCache: HiscoresCacheOptions = { ttlMs: 60_000, maxEntries: 2000 };

interface Deps {
  hiscores: OsrsHiscoresClient;
  clock: Clock;
  cache: HiscoresCacheOptions;
  throttle: Throttle;
  limit: UpstreamRateLimit;
}

/** Jagex treats spaces, `_` and `-` in a name alike, and names are case-insensitive. */
const nameKey = (playerName: string) => playerName.toLowerCase().replace(/[\s_-]+/g, ' ');

/** Keeps the upstream detail as `cause` for the log while the client gets a clear message. */
function upstreamFailure(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const failure =
    error.kind === 'timeout'
      ? gatewayTimeout('The RuneScape hiscores did not answer in time. Please try again later.')
      : error.kind === 'malformed'
        ? badGateway('The RuneScape hiscores sent an answer that could not be read. Please try again later.')
        : badGateway('The RuneScape hiscores are not available right now. Please try again later.');
  failure.cause = error;
  return failure;
}

/** Old School RuneScape player stats from the official hiscores. */
export function createRuneScapeService({ hiscores, clock, cache, throttle, limit }: Deps) {
  // Not-found answers are cached too: a mistyped name refreshed in a loop must not reach Jagex.
  const lookups = createTtlCache<HiscoresSkills | null>({ ...cache, clock });

  return {
    /** A player's Overall and 23 skills on one game mode's hiscores. */
    async getOsrsDetails(actor: UserDto, { playerName, gameMode }: OsrsDetailsParams): Promise<OsrsDetails> {
      // Counted in the database, so the limit holds across server instances.
      await throttle.consume(`osrs:${actor.id}`, limit, UPSTREAM_LIMIT_MESSAGE);
      const mode = gameModeById(gameMode);
      const lines = await lookups
        .getOrLoad(`${gameMode}:${nameKey(playerName)}`, async () => {
          const found = await hiscores.lookup(mode.table, playerName);
          // Checked before caching, so an answer without a skill we show is never kept.
          const missing = found ? toOsrsDetails(playerName, gameMode, found).missing : [];
          if (missing.length > 0) throw new UpstreamError('OSRS hiscores', 'malformed', `skills missing: ${missing.join(', ')}`);
          return found;
        })
        .catch((error: unknown) => {
          throw upstreamFailure(error);
        });
      if (!lines) throw notFound(`Player "${playerName}" was not found on the Old School RuneScape ${mode.label} hiscores`);
      const { details } = toOsrsDetails(playerName, gameMode, lines);
      return details;
    },
  };
}
export type RuneScapeService = ReturnType<typeof createRuneScapeService>;
