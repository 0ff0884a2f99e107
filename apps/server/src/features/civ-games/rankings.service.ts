import type { GameType, RankingRowDto } from '@smm/shared/civilization/games-schemas';
import { recount, skillOrdinal } from '@smm/shared/civilization/ladder';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Db } from '../../db/schema';
import { assertCan, loadAccess } from '../groups/group-access';
import * as ladder from '../civ-ladder/ladder.repo';
import { rankingOrder, round2, toLadderGames, toRankingRowFromStanding, usernamesOf } from '../civ-ladder/ladder.mapper';
import { resolveSeason } from '../civ-ladder/seasons.service';

/** Rankings - FFA and Rankings - Teams: the stored all-time standings, or a season's recounted from its games. */
export function createRankingsService({ db }: { db: Db }) {
  /** All time: the standings kept up to date with every finished game, with each member's average placement. */
  async function allTime(groupId: string, gameType: GameType): Promise<RankingRowDto[]> {
    const standings = await ladder.listStandings(db, groupId, gameType);
    return standings.map((row) => {
      const skill = { mu: Number(row.mu), sigma: Number(row.sigma) };
      const games = Number(row.games ?? 0);
      return {
        userID: row.user_id,
        username: row.username,
        gamesPlayed: Number(row.games_played),
        score: Number(row.score),
        science: Number(row.science),
        diplomatic: Number(row.diplomatic),
        domination: Number(row.domination),
        religion: Number(row.religion),
        culture: Number(row.culture),
        territorial: Number(row.territorial),
        total: Number(row.total),
        rating: { ...skill, ordinal: skillOrdinal(skill) },
        averagePlacement: games ? round2(Number(row.placement_sum) / games) : null,
      };
    });
  }

  return {
    /**
     * Per member who played: games played, wins per victory type, total, rating and average placement;
     * members only. season: 'all', a season's id, or (absent) the current season when the group has
     * seasons, else all time. A season's table is recounted from its own games (ratings start fresh)
     * and lists only members with at least its minimum of games. Best rating first.
     */
    async getRankings(actor: UserDto, groupID: string, gameType: GameType, season?: string): Promise<RankingRowDto[]> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'viewGames');
      const window = await resolveSeason(db, access.group.id, season);
      if (window.season === 'all') return (await allTime(access.group.id, gameType)).sort(rankingOrder);
      const rows = await ladder.listHistory(db, { groupId: access.group.id, gameType, from: window.from, until: window.until });
      const names = usernamesOf(rows);
      const { standings } = recount(toLadderGames(gameType, rows));
      return [...standings.values()]
        .filter((standing) => standing.gamesPlayed >= window.minGames)
        .map((standing) => toRankingRowFromStanding(standing, names.get(standing.userID) ?? ''))
        .sort(rankingOrder);
    },
  };
}
export type RankingsService = ReturnType<typeof createRankingsService>;
