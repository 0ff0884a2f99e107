import { DRAFT_LIMITS, DraftError } from './draft';

export interface RatedPlayer {
  userID: string;
  /** The member's ladder rating; null when unrated (counted as a new player's rating). */
  rating: number | null;
}

export interface BalancedTeams {
  /** The teams' userIDs; the first team holds the first player, each team lists players in input order. */
  teams: string[][];
  /** The largest team's summed rating minus the smallest's. */
  difference: number;
}

export interface BalancedTeamsOptions {
  /** Players who must end on different teams (captains chosen before the split). */
  apart?: readonly string[];
}

// Ratings are openskill ordinals (floats), so two splits whose differences agree to this much are a tie and
// the first one in search order is kept: the result does not depend on rounding noise.
const TIE = 1e-9;

/**
 * The split into `teamCount` teams whose sizes differ by at most one that minimises the difference between
 * the largest and the smallest summed rating. Exact (branch and bound over every split, teams unlabelled).
 * Ties go to the split met first when players are placed in input order, each on the lowest team that
 * takes them: the same players in the same order always give the same teams.
 */
export function balancedTeams(
  players: readonly RatedPlayer[],
  teamCount: number,
  newPlayerRating: number,
  options: BalancedTeamsOptions = {},
): BalancedTeams {
  const n = players.length;
  if (n === 0) throw new DraftError('Select at least 1 player to draft');
  if (n > DRAFT_LIMITS.maxPlayers) throw new DraftError(`At most ${DRAFT_LIMITS.maxPlayers} players can be drafted`);
  if (!Number.isInteger(teamCount) || teamCount < 1 || teamCount > n) throw new DraftError(`Teams must be a whole number from 1 to ${n}`);
  if (new Set(players.map((player) => player.userID)).size !== n) throw new DraftError('Each player can be on one team only');
  if (!Number.isFinite(newPlayerRating)) throw new RangeError('newPlayerRating must be a finite number');
  const apart = new Set(options.apart ?? []);
  if (apart.size > teamCount) throw new DraftError(`At most ${teamCount} players can be kept on different teams`);

  const ratings = players.map((player) => (player.rating !== null && Number.isFinite(player.rating) ? player.rating : newPlayerRating));
  const isApart = players.map((player) => apart.has(player.userID));
  // What the players not yet placed can still add to a team, at most and at least.
  const positiveAfter: number[] = new Array<number>(n + 1).fill(0);
  const negativeAfter: number[] = new Array<number>(n + 1).fill(0);
  for (let i = n - 1; i >= 0; i -= 1) {
    const rating = ratings[i] ?? 0;
    positiveAfter[i] = (positiveAfter[i + 1] ?? 0) + Math.max(0, rating);
    negativeAfter[i] = (negativeAfter[i + 1] ?? 0) + Math.min(0, rating);
  }

  const small = Math.floor(n / teamCount);
  const bigTeamsAllowed = n % teamCount;
  const sums: number[] = new Array<number>(teamCount).fill(0);
  const sizes: number[] = new Array<number>(teamCount).fill(0);
  const hasApart: boolean[] = new Array<boolean>(teamCount).fill(false);
  const assignment: number[] = new Array<number>(n).fill(0);
  let bigTeams = 0;
  let best = Infinity;
  let bestAssignment: number[] = [];

  const maxSize = (team: number): number => ((sizes[team] ?? 0) > small || bigTeams < bigTeamsAllowed ? small + 1 : small);

  /** A bound no split completing this one can beat: the highest possible floor minus the lowest possible ceiling. */
  function lowerBound(next: number): number {
    let maxLow = -Infinity;
    let minHigh = Infinity;
    const positive = positiveAfter[next] ?? 0;
    const negative = negativeAfter[next] ?? 0;
    for (let team = 0; team < teamCount; team += 1) {
      const sum = sums[team] ?? 0;
      const open = (sizes[team] ?? 0) < maxSize(team);
      maxLow = Math.max(maxLow, open ? sum + negative : sum);
      minHigh = Math.min(minHigh, open ? sum + positive : sum);
    }
    return Math.max(0, maxLow - minHigh);
  }

  function place(index: number, usedTeams: number): void {
    if (best <= 0) return;
    if (index === n) {
      if (usedTeams < teamCount) return;
      const difference = Math.max(...sums) - Math.min(...sums);
      if (difference < best - TIE) {
        best = difference;
        bestAssignment = [...assignment];
      }
      return;
    }
    const remaining = n - index;
    const missing = sizes.reduce((total, size) => total + Math.max(0, small - size), 0);
    if (missing > remaining) return;
    if (lowerBound(index) >= best - TIE) return;
    const rating = ratings[index] ?? 0;
    // Teams are interchangeable, so a player opens at most one new team: the next unused one.
    for (let team = 0; team < Math.min(usedTeams + 1, teamCount); team += 1) {
      const size = sizes[team] ?? 0;
      if (size >= maxSize(team)) continue;
      if (isApart[index] && hasApart[team]) continue;
      const becomesBig = size === small && bigTeamsAllowed > 0;
      const sum = sums[team] ?? 0;
      sizes[team] = size + 1;
      sums[team] = sum + rating;
      if (becomesBig) bigTeams += 1;
      if (isApart[index]) hasApart[team] = true;
      assignment[index] = team;
      place(index + 1, team === usedTeams ? usedTeams + 1 : usedTeams);
      if (isApart[index]) hasApart[team] = false;
      if (becomesBig) bigTeams -= 1;
      sums[team] = sum;
      sizes[team] = size;
    }
  }

  place(0, 0);
  const teams: string[][] = Array.from({ length: teamCount }, () => []);
  const totals: number[] = new Array<number>(teamCount).fill(0);
  players.forEach((player, index) => {
    const team = bestAssignment[index] ?? 0;
    teams[team]?.push(player.userID);
    totals[team] = (totals[team] ?? 0) + (ratings[index] ?? 0);
  });
  return { teams, difference: Math.max(...totals) - Math.min(...totals) };
}
