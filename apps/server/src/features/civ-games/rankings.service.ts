import type { GameType, RankingRowDto } from '@smm/shared/civilization/games-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Db } from '../../db/schema';
import { assertCan, loadAccess } from '../groups/group-access';
import * as games from './civ-games.repo';
import { initialSkill, skillOrdinal } from './ratings';

/** Rankings - FFA and Rankings - Teams: counts from one aggregate query, ratings from the derived table. */
export function createRankingsService({ db }: { db: Db }) {
  return {
    /** Per member who played: games played, wins per victory type, total and rating; members only. Best rating first. */
    async getRankings(actor: UserDto, groupID: string, gameType: GameType): Promise<RankingRowDto[]> {
      assertCan(await loadAccess(db, groupID, actor.id), 'viewGames');
      const [counts, ratings] = await Promise.all([games.rankingCounts(db, groupID, gameType), games.listRatings(db, groupID, gameType)]);
      const byUser = new Map(ratings.map((r) => [r.user_id, { mu: Number(r.mu), sigma: Number(r.sigma) }]));
      const rows = counts.map((row) => {
        const skill = byUser.get(row.user_id) ?? initialSkill();
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
        };
      });
      return rows.sort((a, b) => b.rating.ordinal - a.rating.ordinal || b.total - a.total || a.username.localeCompare(b.username));
    },
  };
}
export type RankingsService = ReturnType<typeof createRankingsService>;
