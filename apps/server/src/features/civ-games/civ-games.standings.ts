import type { VictoryType } from '@smm/shared/civilization/games-schemas';
import type { Db } from '../../db/schema';
import * as games from './civ-games.repo';
import type { CivRatingsTable, RankingCounts } from './civ-games.tables';
import { applyGame, initialSkill, rateHistory, type RatedGame, type Skill } from './ratings';

const COUNT_OF: Record<VictoryType, keyof RankingCounts> = {
  Score: 'score',
  Science: 'science',
  Diplomatic: 'diplomatic',
  Domination: 'domination',
  Religion: 'religion',
  Culture: 'culture',
  Territorial: 'territorial',
};
const NO_GAMES: RankingCounts = {
  games_played: 0,
  score: 0,
  science: 0,
  diplomatic: 0,
  domination: 0,
  religion: 0,
  culture: 0,
  territorial: 0,
  total: 0,
};

/**
 * Standings are derived data: counts from the rankings aggregate query and openskill ratings over the
 * finished games of each type, oldest first. Run after a finished game is edited or deleted.
 */
export async function recomputeStandings(tx: Db, groupId: string, gameTypes: readonly string[]): Promise<void> {
  for (const gameType of gameTypes) {
    const [counts, history] = await Promise.all([
      games.rankingCounts(tx, groupId, gameType),
      games.listFinishedHistory(tx, groupId, gameType),
    ]);
    const byGame = new Map<string, { gameType: string; members: RatedGame['members'][number][] }>();
    for (const row of history) {
      const game = byGame.get(row.id) ?? { gameType, members: [] };
      game.members.push(row);
      byGame.set(row.id, game);
    }
    const skills = rateHistory(byGame.values());
    const rows: CivRatingsTable[] = counts.map(({ user_id, username: _username, ...count }) => ({
      group_id: groupId,
      game_type: gameType,
      user_id,
      ...(Object.fromEntries(Object.entries(count).map(([k, v]) => [k, Number(v)])) as unknown as RankingCounts),
      ...(skills.get(user_id) ?? initialSkill()),
    }));
    await games.replaceStandings(tx, groupId, gameType, rows);
  }
}

/** A game just finished: only its players' standings move, from where they stand. */
export async function addFinishedGame(tx: Db, groupId: string, game: RatedGame, victoryType: VictoryType): Promise<void> {
  const playerIds = game.members.map((m) => m.user_id);
  const stored = new Map((await games.listStandings(tx, groupId, game.gameType, playerIds)).map((row) => [row.user_id, row]));
  const skills = new Map<string, Skill>([...stored].map(([id, row]) => [id, { mu: Number(row.mu), sigma: Number(row.sigma) }]));
  applyGame(skills, game);
  const rows = game.members.map((member): CivRatingsTable => {
    const before = stored.get(member.user_id);
    const counts: RankingCounts = { ...NO_GAMES };
    for (const key of Object.keys(NO_GAMES) as (keyof RankingCounts)[]) counts[key] = Number(before?.[key] ?? 0);
    counts.games_played += 1;
    if (member.won === 1) {
      counts[COUNT_OF[victoryType]] += 1;
      counts.total += 1;
    }
    return {
      group_id: groupId,
      game_type: game.gameType,
      user_id: member.user_id,
      ...counts,
      ...(skills.get(member.user_id) ?? initialSkill()),
    };
  });
  await games.replaceStandings(tx, groupId, game.gameType, rows, playerIds);
}
