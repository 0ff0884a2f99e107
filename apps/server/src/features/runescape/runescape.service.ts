import { gameModeById, type OsrsGameMode } from '@smm/shared/runescape/game-modes';
import { hiscoresModeById, type ClanGameMode } from '@smm/shared/runescape/rs3';
import type { OsrsDetails, OsrsDetailsParams } from '@smm/shared/runescape/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badGateway, notFound } from '../../errors';
import type { HiscoresAnswer } from '../../integrations/osrs-hiscores';
import { UPSTREAM_LIMIT_MESSAGE, UpstreamError, type UpstreamRateLimit } from '../../integrations/upstream';
import type { Throttle } from '../throttle/throttle.service';
import { HiscoresSlowError, REMEMBER_TIMEOUT_MS, type HiscoresQueue, type LookupRequest } from './hiscores-queue';
import { toOsrsDetails } from './runescape.mapper';
import * as repo from './runescape.repo';
import type { SnapshotRecorder } from './snapshots';
import { createTtlCache } from './ttl-cache';

export interface HiscoresCacheOptions {
  ttlMs: number;
  maxEntries: number;
}

export const defaultHiscoresCache: HiscoresCacheOptions = { ttlMs: 60_000, maxEntries: 2000 };

interface Deps {
  db: Db;
  queue: HiscoresQueue;
  snapshots: SnapshotRecorder;
  clock: Clock;
  cache: HiscoresCacheOptions;
  throttle: Throttle;
  limit: UpstreamRateLimit;
}

/** Jagex treats spaces, `_` and `-` in a name alike, and names are case-insensitive. */
export const nameKey = (playerName: string) => playerName.toLowerCase().replace(/[\s_-]+/g, ' ');

/** Keeps the upstream detail as `cause` for the log while the client gets a clear message. */
export function upstreamFailure(error: unknown): unknown {
  if (!(error instanceof UpstreamError)) return error;
  const failure =
    error.kind === 'timeout'
      ? new HiscoresSlowError('The RuneScape hiscores did not answer in time. Please try again later.', REMEMBER_TIMEOUT_MS / 1000)
      : error.kind === 'malformed'
        ? badGateway('The RuneScape hiscores sent an answer that could not be read. Please try again later.')
        : badGateway('The RuneScape hiscores are not available right now. Please try again later.');
  failure.cause = error;
  return failure;
}

export const playerNotFoundMessage = (playerName: string, gameMode: ClanGameMode) => {
  const mode = hiscoresModeById(gameMode);
  return mode.game === 'rs3'
    ? `Player "${playerName}" was not found on the ${mode.label} hiscores`
    : `Player "${playerName}" was not found on the Old School RuneScape ${gameModeById(gameMode as OsrsGameMode).label} hiscores`;
};

/** Old School RuneScape player stats from the official hiscores. */
export function createRuneScapeService({ db, queue, snapshots, clock, cache, throttle, limit }: Deps) {
  // Not-found answers are cached too: a mistyped name refreshed in a loop must not reach Jagex.
  const lookups = createTtlCache<HiscoresAnswer | null>({ ...cache, clock });
  /**
   * One player's answer, through the cache and the queue. A fresh answer for a player some clan
   * member has linked is kept as a snapshot.
   */
  function fetchAnswer(playerName: string, gameMode: ClanGameMode, request: LookupRequest): Promise<HiscoresAnswer | null> {
    const key = `${gameMode}:${nameKey(playerName)}`;
    return lookups
      .getOrLoad(key, async () => {
        const answer = await queue.lookup(hiscoresModeById(gameMode).table, playerName, request);
        const tracked = answer && (await repo.findPlayer(db, gameMode, nameKey(playerName)));
        if (answer && tracked) await snapshots.record(tracked.id, answer);
        return answer;
      })
      .catch((error: unknown) => {
        throw upstreamFailure(error);
      });
  }

  return {
    fetchAnswer,

    /** A player's Overall, 23 skills, other skills, bosses and activities on one game mode's hiscores. */
    async getOsrsDetails(actor: UserDto, { playerName, gameMode }: OsrsDetailsParams): Promise<OsrsDetails> {
      // Counted in the database, so the limit holds across server instances.
      await throttle.consume(`osrs:${actor.id}`, limit, UPSTREAM_LIMIT_MESSAGE);
      const answer = await fetchAnswer(playerName, gameMode, { priority: 'interactive', memberId: actor.id });
      if (!answer) throw notFound(playerNotFoundMessage(playerName, gameMode));
      return toOsrsDetails(playerName, gameMode, answer);
    },
  };
}
export type RuneScapeService = ReturnType<typeof createRuneScapeService>;
