import type { GameType, RankingRowDto } from '@smm/shared/civilization/games-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Db } from '../../db/schema';
import { assertCan, loadAccess } from '../groups/group-access';
import * as games from './civ-games.repo';
import { skillOrdinal } from './ratings';

/** Rankings - FFA and Rankings - Teams, read from the standings kept up to date with every finished game. */
export function createRankingsService({ db }: { db: Db }) {
  return {
    /** Per member who played: games played, wins per victory type, total and rating; members only. Best rating first. */
    async getRankings(actor: UserDto, groupID: string, gameType: GameType): Promise<RankingRowDto[]> {
      assertCan(await loadAccess(db, groupID, actor.id), 'viewGames');
      const rows = (await games.listStandings(db, groupID, gameType)).map((row) => {
        const skill = { mu: Number(row.mu), sigma: Number(row.sigma) };
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
