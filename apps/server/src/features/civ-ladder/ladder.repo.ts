import { sql } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import type { CivSeasonsTable } from '../civ-games/civ-games.tables';
import '../civ-games/civ-games.tables';
import '../groups/groups.tables';

export type SeasonRow = CivSeasonsTable;

const seasonsOf = precompiled<SeasonRow>(1, (db, groupId) =>
  db.selectFrom('civ_seasons').selectAll().where('group_id', '=', groupId).orderBy('started_at').orderBy('id'),
);

/** A group's seasons, oldest first (index civ_seasons (group_id, started_at)). */
export const listSeasons = (db: Db, groupId: string): Promise<SeasonRow[]> => seasonsOf.all(db, groupId);

export async function insertSeason(db: Db, season: SeasonRow): Promise<void> {
  await db.insertInto('civ_seasons').values(season).execute();
}

/** One player of one finished game, as the ladder reads history. */
export interface HistoryRow {
  game_id: string;
  finished_at: number | string;
  victory_type: string | null;
  anonymous_mode: number;
  revealed_at: number | string | null;
  user_id: string;
  username: string;
  team: number | null;
  placement: number | null;
  civ_played: string | null;
  civ_choices: string;
}

export interface HistoryFilter {
  groupId: string;
  gameType: string;
  /** Finished at or after (a season's start). */
  from?: number;
  /** Finished before (the next season's start). */
  until?: number;
  /** Only games every one of these users played. */
  playedBy?: readonly string[];
}

/**
 * The finished, not deleted games of a group and type with every player, oldest first, in one query
 * (index civ_games (group_id, game_type, finished_at, id)).
 */
export function listHistory(db: Db, filter: HistoryFilter): Promise<HistoryRow[]> {
  let query = db
    .selectFrom('civ_games as g')
    .innerJoin('civ_game_members as gm', 'gm.game_id', 'g.id')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select([
      'g.id as game_id',
      'g.finished_at',
      'g.victory_type',
      'g.anonymous_mode',
      'g.revealed_at',
      'gm.user_id',
      'u.username',
      'gm.team',
      'gm.placement',
      'gm.civ_played',
      'gm.civ_choices',
    ])
    .where('g.group_id', '=', filter.groupId)
    .where('g.game_type', '=', filter.gameType)
    .where('g.finished_at', 'is not', null)
    .where('g.deleted_at', 'is', null);
  if (filter.from !== undefined) query = query.where('g.finished_at', '>=', filter.from);
  if (filter.until !== undefined) query = query.where('g.finished_at', '<', filter.until);
  for (const userId of filter.playedBy ?? []) {
    // Through the member index (user_id, game_id): the games both played, not the whole history.
    query = query.where('g.id', 'in', db.selectFrom('civ_game_members as p').select('p.game_id').where('p.user_id', '=', userId));
  }
  return query.orderBy('g.finished_at').orderBy('g.id').orderBy('gm.position').execute() as Promise<HistoryRow[]>;
}

/** The stored all-time standings of a group and type, with usernames. */
/**
 * The group's stored standings of a game type with each player's name and placement totals: the sum
 * of their placements over the counted games (those with a rating change), aggregated over the index
 * civ_rating_changes (group_id, game_type, user_id). An unplaced player counts as not first, as the
 * ladder does. One statement, one round trip on PostgreSQL.
 */
function standingsQuery(db: Db, groupId: string, gameType: string) {
  const placements = db
    .selectFrom('civ_rating_changes as rc')
    .innerJoin('civ_game_members as gm', (join) => join.onRef('gm.game_id', '=', 'rc.game_id').onRef('gm.user_id', '=', 'rc.user_id'))
    .innerJoin('civ_games as g', 'g.id', 'rc.game_id')
    .select((eb) => [
      'rc.user_id',
      sql<number | string>`sum(coalesce(gm.placement, 2))`.as('placement_sum'),
      eb.fn.countAll<number | string>().as('games'),
    ])
    .where('rc.group_id', '=', groupId)
    .where('rc.game_type', '=', gameType)
    .where('g.deleted_at', 'is', null)
    .groupBy('rc.user_id');
  return db
    .selectFrom('civ_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin(placements.as('p'), 'p.user_id', 'r.user_id')
    .selectAll('r')
    .select(['u.username', 'p.placement_sum', 'p.games'])
    .where('r.group_id', '=', groupId)
    .where('r.game_type', '=', gameType);
}

type StandingRow = Awaited<ReturnType<ReturnType<typeof standingsQuery>['execute']>>[number];
const standingsOf = precompiled<StandingRow>(2, standingsQuery);

/** A group's all-time standings of one game type, with each player's placement total over the games counted. */
export const listStandings = (db: Db, groupId: string, gameType: string): Promise<StandingRow[]> => standingsOf.all(db, groupId, gameType);

/** What each counted game did to one player's rating, oldest first, with the game's name and the player's placement. */
export const listRatingChanges = (db: Db, groupId: string, gameType: string, userId: string) =>
  db
    .selectFrom('civ_rating_changes as rc')
    .innerJoin('civ_games as g', 'g.id', 'rc.game_id')
    .innerJoin('civ_game_members as gm', (join) => join.onRef('gm.game_id', '=', 'rc.game_id').onRef('gm.user_id', '=', 'rc.user_id'))
    .select([
      'rc.game_id',
      'g.game_name',
      'g.finished_at',
      'gm.placement',
      'rc.mu_before',
      'rc.sigma_before',
      'rc.mu_after',
      'rc.sigma_after',
    ])
    .where('rc.group_id', '=', groupId)
    .where('rc.game_type', '=', gameType)
    .where('rc.user_id', '=', userId)
    .where('g.finished_at', 'is not', null)
    .where('g.deleted_at', 'is', null)
    .orderBy('g.finished_at')
    .orderBy('g.id')
    .execute();

/** Which of these users are members of the group, with their usernames. */
export async function findMembers(db: Db, groupId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.user_id', 'u.username'])
    .where('m.group_id', '=', groupId)
    .where('m.user_id', 'in', userIds)
    .execute();
}
