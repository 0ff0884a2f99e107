import { ordinal, rate, rating } from 'openskill';
import { VICTORY_TYPES, type VictoryType } from './games-schemas';
import { sideOf } from './placements';

/**
 * The ladder as a pure function of history. The server keeps standings up to date one finished game
 * at a time with `applyGame`, and recounts a whole history with `recount`, which is nothing but
 * `applyGame` folded over the games oldest first: so stored standings always equal a recount.
 */
export interface Skill {
  mu: number;
  sigma: number;
}

export const initialSkill = (): Skill => {
  const { mu, sigma } = rating();
  return { mu, sigma };
};

/** The displayed rating: mu - 3 sigma. */
export const skillOrdinal = (skill: Skill): number => ordinal(rating(skill));

/** One finished game as the ladder reads it. */
export interface LadderGame {
  gameID: string;
  gameType: string;
  victoryType: VictoryType | string | null;
  finishedAt: number;
  members: readonly LadderMember[];
}

export interface LadderMember {
  userID: string;
  team: number | null;
  /** Competition rank of the player's side (1 = winner). */
  placement: number | null;
  civPlayed?: string | null;
}

export type VictoryCounts = Record<VictoryType, number>;

export interface Standing {
  userID: string;
  gamesPlayed: number;
  wins: VictoryCounts;
  total: number;
  placementSum: number;
  skill: Skill;
  bestOrdinal: number;
}

export interface RatingChange {
  gameID: string;
  userID: string;
  before: Skill;
  after: Skill;
}

const noWins = (): VictoryCounts => Object.fromEntries(VICTORY_TYPES.map((v) => [v, 0])) as VictoryCounts;

export const emptyStanding = (userID: string, skill: Skill = initialSkill()): Standing => ({
  userID,
  gamesPlayed: 0,
  wins: noWins(),
  total: 0,
  placementSum: 0,
  skill,
  bestOrdinal: skillOrdinal(skill),
});

/** A side's place; a player without one (never placed) counts as not first. */
const placementOf = (member: LadderMember) => member.placement ?? 2;

function sidesWithPlacements(game: LadderGame) {
  const sides = new Map<string, { userIDs: string[]; placement: number }>();
  for (const member of game.members) {
    const key = sideOf(game.gameType, member);
    const side = sides.get(key) ?? { userIDs: [], placement: placementOf(member) };
    side.userIDs.push(member.userID);
    side.placement = Math.min(side.placement, placementOf(member));
    sides.set(key, side);
  }
  return [...sides.values()];
}

/**
 * Whether a finished game counts: at least two sides (players in a free-for-all, teams in a team
 * game) and exactly one side placed first. Games that break this are never counted.
 */
export function countsForLadder(game: LadderGame): boolean {
  const sides = sidesWithPlacements(game);
  return sides.length >= 2 && sides.filter((s) => s.placement === 1).length === 1;
}

/**
 * Adds one finished game to the standings (Plackett-Luce over the full finishing order; teams by
 * team placement) and returns each player's rating change. A game that does not count changes nothing.
 */
export function applyGame(standings: Map<string, Standing>, game: LadderGame): RatingChange[] {
  if (!countsForLadder(game)) return [];
  const sides = sidesWithPlacements(game);
  const standingOf = (userID: string) => {
    let standing = standings.get(userID);
    if (!standing) {
      standing = emptyStanding(userID);
      standings.set(userID, standing);
    }
    return standing;
  };
  const before = sides.map((side) => side.userIDs.map((id) => ({ ...standingOf(id).skill })));
  const after = rate(
    before.map((team) => team.map((skill) => rating(skill))),
    // A game never makes the ladder less sure of a player: without the limit, the model's drift term (tau) can
    // leave a lopsided team game's winners with a slightly larger sigma than before.
    { rank: sides.map((side) => side.placement), limitSigma: true },
  );
  const victory = (VICTORY_TYPES as readonly string[]).includes(game.victoryType ?? '') ? (game.victoryType as VictoryType) : null;
  const changes: RatingChange[] = [];
  sides.forEach((side, i) =>
    side.userIDs.forEach((userID, j) => {
      const standing = standingOf(userID);
      const next = after[i]?.[j];
      const skill = next ? { mu: next.mu, sigma: next.sigma } : standing.skill;
      changes.push({ gameID: game.gameID, userID, before: before[i]![j]!, after: skill });
      standing.skill = skill;
      standing.bestOrdinal = Math.max(standing.bestOrdinal, skillOrdinal(skill));
      standing.gamesPlayed += 1;
      standing.placementSum += side.placement;
      if (side.placement === 1) {
        standing.total += 1;
        if (victory) standing.wins[victory] += 1;
      }
    }),
  );
  return changes;
}

/** Standings and every rating change from a whole history, oldest first. */
export function recount(games: Iterable<LadderGame>): { standings: Map<string, Standing>; changes: RatingChange[] } {
  const standings = new Map<string, Standing>();
  const changes: RatingChange[] = [];
  for (const game of games) changes.push(...applyGame(standings, game));
  return { standings, changes };
}

/** Games in the order the ladder counts them: by finish time, then id. */
export const historyOrder = (a: LadderGame, b: LadderGame): number =>
  a.finishedAt - b.finishedAt || (a.gameID < b.gameID ? -1 : a.gameID > b.gameID ? 1 : 0);
