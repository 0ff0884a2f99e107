import {
  applyGame,
  emptyStanding,
  historyOrder,
  recount,
  type LadderGame,
  type RatingChange,
  type Standing,
} from '@smm/shared/civilization/ladder';
import { VICTORY_TYPES } from '@smm/shared/civilization/games-schemas';
import type { Db } from '../../db/schema';
import * as games from './civ-games.repo';
import * as records from './ladder-records.repo';
import type { CivRatingChangesTable, CivRatingsTable } from './civ-games.tables';

/**
 * Standings (civ_ratings) and rating changes (civ_rating_changes) are derived from the finished,
 * undeleted games. A game that just finished after every other moves them with the shared
 * `applyGame`; every other change recounts the history with `recount`, which folds the same
 * function over it, so the stored standings always equal a recount.
 */

function toRow(groupId: string, gameType: string, s: Standing): CivRatingsTable {
  const wins = s.wins;
  return {
    group_id: groupId,
    game_type: gameType,
    user_id: s.userID,
    mu: s.skill.mu,
    sigma: s.skill.sigma,
    games_played: s.gamesPlayed,
    score: wins.Score,
    science: wins.Science,
    diplomatic: wins.Diplomatic,
    domination: wins.Domination,
    religion: wins.Religion,
    culture: wins.Culture,
    territorial: wins.Territorial,
    total: s.total,
  };
}

const toChangeRow = (groupId: string, gameType: string, c: RatingChange): CivRatingChangesTable => ({
  game_id: c.gameID,
  user_id: c.userID,
  group_id: groupId,
  game_type: gameType,
  mu_before: c.before.mu,
  sigma_before: c.before.sigma,
  mu_after: c.after.mu,
  sigma_after: c.after.sigma,
});

/** The counted history of a group's games of one type, oldest first, as the ladder reads it. */
export async function loadHistory(tx: Db, groupId: string, gameType: string): Promise<LadderGame[]> {
  const rows = await games.listFinishedHistory(tx, groupId, gameType);
  const byGame = new Map<string, LadderGame & { members: LadderGame['members'][number][] }>();
  for (const row of rows) {
    const game = byGame.get(row.id) ?? {
      gameID: row.id,
      gameType,
      victoryType: row.victory_type,
      finishedAt: Number(row.finished_at),
      members: [],
    };
    game.members.push({ userID: row.user_id, team: row.team, placement: row.placement });
    byGame.set(row.id, game);
  }
  return [...byGame.values()].sort(historyOrder);
}

/** Recounts the standings and rating changes of some game types of a group from history. */
export async function recomputeStandings(tx: Db, groupId: string, gameTypes: readonly string[]): Promise<void> {
  for (const gameType of new Set(gameTypes)) {
    const { standings, changes } = recount(await loadHistory(tx, groupId, gameType));
    await games.replaceStandings(
      tx,
      groupId,
      gameType,
      [...standings.values()].map((s) => toRow(groupId, gameType, s)),
    );
    await records.replaceRatingChanges(
      tx,
      groupId,
      gameType,
      changes.map((c) => toChangeRow(groupId, gameType, c)),
    );
  }
}

const fromRow = (row: CivRatingsTable): Standing => {
  const standing = emptyStanding(row.user_id, { mu: Number(row.mu), sigma: Number(row.sigma) });
  standing.gamesPlayed = Number(row.games_played);
  standing.total = Number(row.total);
  const counts: Record<(typeof VICTORY_TYPES)[number], number> = {
    Score: Number(row.score),
    Science: Number(row.science),
    Diplomatic: Number(row.diplomatic),
    Domination: Number(row.domination),
    Religion: Number(row.religion),
    Culture: Number(row.culture),
    Territorial: Number(row.territorial),
  };
  standing.wins = counts;
  return standing;
};

/**
 * A game has just finished. When it is the latest in the history's order only its players'
 * standings move, from where they stand; otherwise (a clock set back, equal instants) the history
 * is recounted.
 */
export async function addFinishedGame(tx: Db, groupId: string, game: LadderGame): Promise<void> {
  const latest = await games.latestFinished(tx, groupId, game.gameType, game.gameID);
  if (latest && historyOrder({ ...game, gameID: latest.id, finishedAt: Number(latest.finished_at) }, game) > 0) {
    await recomputeStandings(tx, groupId, [game.gameType]);
    return;
  }
  const playerIds = game.members.map((m) => m.userID);
  const stored = await games.listStandings(tx, groupId, game.gameType, playerIds);
  const standings = new Map(stored.map((row) => [row.user_id, fromRow(row)]));
  const changes = applyGame(standings, game);
  if (!changes.length) return;
  await games.replaceStandings(
    tx,
    groupId,
    game.gameType,
    playerIds.flatMap((id) => {
      const s = standings.get(id);
      return s ? [toRow(groupId, game.gameType, s)] : [];
    }),
    playerIds,
  );
  await records.insertRatingChanges(
    tx,
    changes.map((c) => toChangeRow(groupId, game.gameType, c)),
  );
}
