import type { Db } from '../../db/schema';
import * as games from './civ-games.repo';
import { applyGame, rateHistory, type RatedGame, type Skill } from './ratings';

/** Ratings are derived data: recomputed from a group's finished games of each type, oldest first. */
export async function recomputeRatings(tx: Db, groupId: string, gameTypes: readonly string[]): Promise<void> {
  for (const gameType of gameTypes) {
    const rows = await games.listFinishedHistory(tx, groupId, gameType);
    const byGame = new Map<string, RatedGame>();
    for (const row of rows) {
      const game = byGame.get(row.id) ?? { gameType, members: [] };
      (game.members as RatedGame['members'][number][]).push(row);
      byGame.set(row.id, game);
    }
    await games.saveRatings(tx, groupId, gameType, rateHistory(byGame.values()), true);
  }
}

/** A game just finished: only its players' ratings move, from where they stand. */
export async function rateFinishedGame(tx: Db, groupId: string, game: RatedGame): Promise<void> {
  const stored = await games.listRatings(tx, groupId, game.gameType);
  const skills = new Map<string, Skill>(stored.map((r) => [r.user_id, { mu: Number(r.mu), sigma: Number(r.sigma) }]));
  applyGame(skills, game);
  const players = new Map([...skills].filter(([id]) => game.members.some((m) => m.user_id === id)));
  await games.saveRatings(tx, groupId, game.gameType, players, false);
}
