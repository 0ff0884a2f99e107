import type { SeasonDto, StartSeasonBody } from '@smm/shared/civilization/ladder-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { assertCan, loadAccess } from '../groups/group-access';
import type { Limit, Throttle } from '../throttle/throttle.service';
import * as ladder from './ladder.repo';
import { toSeasonDtos } from './ladder.mapper';

export const SEASON_NOT_FOUND_MESSAGE = 'Season not found';
export const START_SEASON_FORBIDDEN_MESSAGE = 'Only Administrators of this group can start a season';
export const START_SEASON_LIMIT_MESSAGE = 'Too many seasons started, please try again later';
/** Starting a season is rare; this only stops a script or a stuck button from filling the list. */
export const defaultStartSeasonLimit: Limit = { max: 10, windowMs: 60 * 60_000 };

/** The games a table or a statistic reads: all time, or those finished within one season. */
export interface SeasonWindow {
  /** 'all' or the season's id. */
  season: string;
  /** Finished at or after (the season's start); undefined for all time. */
  from?: number;
  /** Finished before (the next season's start); undefined for all time and the current season. */
  until?: number;
  /** Fewest counted games to appear in the table. */
  minGames: number;
}

const ALL_TIME: SeasonWindow = { season: 'all', minGames: 1 };

/**
 * The season a read asks for: 'all' for all time, a season's id, or (absent) the current season
 * when the group has one, else all time. A season runs from its start until the next one starts.
 */
export function seasonWindow(seasons: readonly ladder.SeasonRow[], season: string | undefined): SeasonWindow {
  if (season === 'all') return ALL_TIME;
  const index = season === undefined ? seasons.length - 1 : seasons.findIndex((s) => s.id === season);
  if (index < 0) {
    if (season === undefined) return ALL_TIME;
    throw notFound(SEASON_NOT_FOUND_MESSAGE, { season: SEASON_NOT_FOUND_MESSAGE });
  }
  const current = seasons[index]!;
  const next = seasons[index + 1];
  return {
    season: current.id,
    from: Number(current.started_at),
    until: next ? Number(next.started_at) : undefined,
    minGames: Number(current.min_games),
  };
}

/** The window of the season a read asks for, from the group's seasons (one query). */
export async function resolveSeason(db: Db, groupId: string, season: string | undefined): Promise<SeasonWindow> {
  return seasonWindow(await ladder.listSeasons(db, groupId), season);
}

interface Deps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  startSeasonLimit?: Limit;
}

/** Seasons of a group's ladder: listed for members, started by Administrators. */
export function createSeasonsService({ db, clock, throttle, startSeasonLimit = defaultStartSeasonLimit }: Deps) {
  return {
    /** The group's seasons, newest first; members only. */
    async getSeasons(actor: UserDto, groupID: string): Promise<SeasonDto[]> {
      assertCan(await loadAccess(db, groupID, actor), 'viewGames');
      return toSeasonDtos(await ladder.listSeasons(db, groupID));
    },

    /** Ends the current season and starts the next one now; Administrators only, a few times an hour per user. */
    async startSeason(actor: UserDto, body: StartSeasonBody): Promise<SeasonDto> {
      assertCan(await loadAccess(db, body.groupID, actor), 'editGroupGameSettings', START_SEASON_FORBIDDEN_MESSAGE);
      // Counted before the transaction: the throttle writes through the shared handle, which the transaction would hold.
      await throttle.consume(`civ-season:${actor.id}`, startSeasonLimit, START_SEASON_LIMIT_MESSAGE);
      return db.transaction().execute(async (tx) => {
        // The group's lock orders two Administrators starting seasons at once.
        const access = await loadAccess(tx, body.groupID, actor, { lock: true });
        assertCan(access, 'editGroupGameSettings', START_SEASON_FORBIDDEN_MESSAGE);
        const seasons = await ladder.listSeasons(tx, access.group.id);
        const name = body.name.trim();
        if (seasons.some((s) => s.name.toLowerCase() === name.toLowerCase()))
          throw invalid({ name: `This group already has a season named ${name}` });
        const latest = seasons.at(-1);
        // Seasons follow one another strictly, even when two are started within the same millisecond.
        const startedAt = latest ? Math.max(clock.now(), Number(latest.started_at) + 1) : clock.now();
        const season: ladder.SeasonRow = {
          id: newId(),
          group_id: access.group.id,
          name,
          min_games: body.minGames,
          started_at: startedAt,
          created_by: actor.id,
        };
        await ladder.insertSeason(tx, season);
        return toSeasonDtos([season])[0]!;
      });
    },
  };
}
export type SeasonsService = ReturnType<typeof createSeasonsService>;
