import type { GameType } from './games-schemas';

/**
 * Finishing order. The winner (player or team) is first; everyone else is placed by when they were
 * eliminated, the last eliminated second. Players eliminated in the same recorded change share an
 * elimination step and, unless the recorder orders them, share a placement. Placements are
 * competition ranks: 1, 2, 2, 4.
 */
export interface PlacementMember {
  userID: string;
  team: number | null;
  /** The recorded change in which the player was eliminated (higher = later); null: never recorded. */
  eliminatedStep: number | null;
}

/** One side of a game: a player in a free-for-all, a team in a team game. */
export const sideOf = (gameType: GameType | string, member: { userID: string; team: number | null }): string =>
  gameType === 'team' ? `team:${member.team ?? 0}` : `user:${member.userID}`;

/** The winner's side key: the winning userID in a free-for-all, the team number in a team game. */
export const winnerSide = (gameType: GameType | string, winner: string | number): string =>
  gameType === 'team' ? `team:${String(winner)}` : `user:${String(winner)}`;

interface Side {
  key: string;
  step: number;
}

function sidesOf(gameType: string, members: readonly PlacementMember[]): Side[] {
  const sides = new Map<string, number>();
  for (const member of members) {
    const key = sideOf(gameType, member);
    // A team is out when its last player is: its step is its latest.
    const step = member.eliminatedStep ?? Number.NEGATIVE_INFINITY;
    sides.set(key, Math.max(sides.get(key) ?? Number.NEGATIVE_INFINITY, step));
  }
  return [...sides].map(([key, step]) => ({ key, step }));
}

/** Competition ranks from a score per side (lower score = better place). */
function competitionRanks(scores: Map<string, number>): Map<string, number> {
  const ranks = new Map<string, number>();
  for (const [key, score] of scores) {
    let ahead = 0;
    for (const other of scores.values()) if (other < score) ahead += 1;
    ranks.set(key, ahead + 1);
  }
  return ranks;
}

/** Default placements per side: the winner first, then the reverse elimination order, ties shared. */
export function defaultPlacements(gameType: string, members: readonly PlacementMember[], winner: string | number): Map<string, number> {
  const won = winnerSide(gameType, winner);
  const scores = new Map<string, number>();
  for (const side of sidesOf(gameType, members)) scores.set(side.key, side.key === won ? Number.NEGATIVE_INFINITY : -side.step);
  return competitionRanks(scores);
}

export interface PlacementClaim {
  side: string;
  placement: number;
}

/**
 * Checks placements a recorder sets: every side once, the winner alone first, and nobody placed
 * above a side eliminated after them (sides eliminated together may be reordered or tied, and any
 * two sides may be marked tied). Returns the normalised ranks, or the reason they are refused.
 */
export function checkPlacements(
  gameType: string,
  members: readonly PlacementMember[],
  winner: string | number,
  claims: readonly PlacementClaim[],
): { ranks: Map<string, number> } | { problem: string } {
  const sides = sidesOf(gameType, members);
  const claimed = new Map<string, number>();
  for (const claim of claims) {
    if (!sides.some((s) => s.key === claim.side)) return { problem: 'Placements name a player or team that is not in this game' };
    if (claimed.has(claim.side)) return { problem: 'Each player or team is placed once' };
    claimed.set(claim.side, claim.placement);
  }
  if (claimed.size !== sides.length) return { problem: 'Place every player (or team) of the game' };
  const won = winnerSide(gameType, winner);
  const ranks = competitionRanks(claimed);
  for (const [side, rank] of ranks) {
    if (side === won && rank !== 1) return { problem: 'The winner is placed first' };
    if (side !== won && rank === 1) return { problem: 'Only the winner is placed first' };
  }
  for (const a of sides) {
    for (const b of sides) {
      if (a.key === won || b.key === won) continue;
      if (a.step > b.step && ranks.get(a.key)! > ranks.get(b.key)!) {
        return { problem: 'A player (or team) eliminated later cannot be placed below one eliminated earlier' };
      }
    }
  }
  return { ranks };
}
