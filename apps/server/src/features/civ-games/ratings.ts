import { ordinal, rate, rating } from 'openskill';

export interface Skill {
  mu: number;
  sigma: number;
}

export const initialSkill = (): Skill => {
  const { mu, sigma } = rating();
  return { mu, sigma };
};

export const skillOrdinal = (skill: Skill): number => ordinal(rating(skill));

/** One finished game as the rating needs it: who played, on which team, and who won. */
export interface RatedGame {
  members: readonly { user_id: string; team: number | null; won: number }[];
  gameType: string;
}

/**
 * Weng-Lin (openskill, Plackett-Luce) update for one finished game. Free-for-all: each player is a
 * team of one; team games: players grouped by team. Winners rank first, everyone else shares second.
 */
export function applyGame(skills: Map<string, Skill>, game: RatedGame): void {
  const groups = new Map<string, { userIds: string[]; won: boolean }>();
  for (const member of game.members) {
    const key = game.gameType === 'team' ? `team:${member.team ?? 0}` : `user:${member.user_id}`;
    const group = groups.get(key) ?? { userIds: [], won: false };
    group.userIds.push(member.user_id);
    group.won ||= member.won === 1;
    groups.set(key, group);
  }
  const teams = [...groups.values()];
  if (teams.length < 2 || !teams.some((t) => t.won)) return;
  const before = teams.map((t) => t.userIds.map((id) => rating(skills.get(id) ?? initialSkill())));
  const after = rate(before, { rank: teams.map((t) => (t.won ? 1 : 2)) });
  teams.forEach((team, i) =>
    team.userIds.forEach((id, j) => {
      const r = after[i]?.[j];
      if (r) skills.set(id, { mu: r.mu, sigma: r.sigma });
    }),
  );
}

/** Ratings from a whole history of finished games, oldest first. */
export function rateHistory(games: Iterable<RatedGame>): Map<string, Skill> {
  const skills = new Map<string, Skill>();
  for (const game of games) applyGame(skills, game);
  return skills;
}
