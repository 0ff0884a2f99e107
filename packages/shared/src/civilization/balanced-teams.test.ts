import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balancedTeams, type RatedPlayer } from './balanced-teams';
import { DraftError } from './draft';

// The brute force lists every split as a restricted growth string (player i joins an earlier team or opens the next
// one), which is every partition into unlabelled teams exactly once, in the order balancedTeams breaks ties by. Only
// teams larger than ceil(n / teams) are cut short, so that 12 players stay quick to list.

/** Calls `visit` with every split of n players into `teamCount` non-empty teams of at most ceil(n / teamCount). */
function eachSplit(n: number, teamCount: number, visit: (split: readonly number[], sizes: readonly number[]) => void): void {
  const split: number[] = [];
  const sizes: number[] = new Array<number>(teamCount).fill(0);
  const cap = Math.ceil(n / teamCount);
  const walk = (used: number): void => {
    if (split.length === n) {
      if (used === teamCount) visit(split, sizes);
      return;
    }
    if (teamCount - used > n - split.length) return;
    for (let team = 0; team < Math.min(used + 1, teamCount); team += 1) {
      if ((sizes[team] ?? 0) >= cap) continue;
      split.push(team);
      sizes[team] = (sizes[team] ?? 0) + 1;
      walk(team === used ? used + 1 : used);
      sizes[team] = (sizes[team] ?? 0) - 1;
      split.pop();
    }
  };
  walk(0);
}

function bruteForce(players: readonly RatedPlayer[], teamCount: number, newPlayerRating: number, apart: readonly string[] = []) {
  const ratings = players.map((player) => player.rating ?? newPlayerRating);
  const apartIndexes = players.flatMap((player, index) => (apart.includes(player.userID) ? [index] : []));
  let best: { difference: number; split: number[] } | null = null;
  eachSplit(players.length, teamCount, (split, sizes) => {
    if (Math.max(...sizes) - Math.min(...sizes) > 1) return;
    if (new Set(apartIndexes.map((index) => split[index])).size !== apartIndexes.length) return;
    const sums = new Array<number>(teamCount).fill(0);
    split.forEach((team, index) => (sums[team] = (sums[team] ?? 0) + (ratings[index] ?? 0)));
    const difference = Math.max(...sums) - Math.min(...sums);
    if (!best || difference < best.difference - 1e-9) best = { difference, split: [...split] };
  });
  if (!best) throw new Error('no split');
  return best as { difference: number; split: number[] };
}

const splitOf = (players: readonly RatedPlayer[], teams: readonly string[][]) =>
  players.map((player) => teams.findIndex((team) => team.includes(player.userID)));

const rating = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -20, max: 60 }),
  fc.double({ min: -20, max: 60, noNaN: true, noDefaultInfinity: true }),
);
const ratedPlayers = (min: number, max: number) =>
  fc
    .array(rating, { minLength: min, maxLength: max })
    .map((ratings) => ratings.map((value, index): RatedPlayer => ({ userID: `u${index}`, rating: value })));

describe('balancedTeams', () => {
  it('splits 10, 20, 30, 40 into {10, 40} and {20, 30}', () => {
    const players = [10, 20, 30, 40].map((value, index) => ({ userID: `u${index}`, rating: value }));
    expect(balancedTeams(players, 2, 0)).toEqual({
      teams: [
        ['u0', 'u3'],
        ['u1', 'u2'],
      ],
      difference: 0,
    });
  });

  it('counts unrated members as a new player', () => {
    const players = [
      { userID: 'a', rating: 30 },
      { userID: 'b', rating: null },
      { userID: 'c', rating: 10 },
    ];
    expect(balancedTeams(players, 2, 20)).toEqual({ teams: [['a'], ['b', 'c']], difference: 0 });
    expect(balancedTeams(players, 2, 0).difference).toBe(20);
  });

  it('keeps team sizes within one of each other even when an uneven split would be closer', () => {
    const players = [100, 1, 1, 1].map((value, index) => ({ userID: `u${index}`, rating: value }));
    const { teams, difference } = balancedTeams(players, 2, 0);
    expect(teams.map((team) => team.length)).toEqual([2, 2]);
    expect(difference).toBe(99);
  });

  it('refuses impossible splits with a message', () => {
    const players = [1, 2].map((value, index) => ({ userID: `u${index}`, rating: value }));
    expect(() => balancedTeams(players, 3, 0)).toThrow(new DraftError('Teams must be a whole number from 1 to 2'));
    expect(() => balancedTeams([], 1, 0)).toThrow(DraftError);
    expect(() => balancedTeams([...players, players[0] as RatedPlayer], 2, 0)).toThrow(DraftError);
  });

  it('is optimal, and breaks ties by the first split in input order, against brute force for up to 8 players', () => {
    fc.assert(
      fc.property(
        ratedPlayers(1, 8).chain((players) =>
          fc.record({
            players: fc.constant(players),
            teamCount: fc.integer({ min: 1, max: players.length }),
            newPlayerRating: fc.integer({ min: -5, max: 30 }),
          }),
        ),
        ({ players, teamCount, newPlayerRating }) => {
          const result = balancedTeams(players, teamCount, newPlayerRating);
          const expected = bruteForce(players, teamCount, newPlayerRating);
          expect(result.difference).toBeCloseTo(expected.difference, 6);
          expect(splitOf(players, result.teams)).toEqual(expected.split);
          const sizes = result.teams.map((team) => team.length);
          expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
          expect(result.teams.flat().sort()).toEqual(players.map((player) => player.userID).sort());
          expect(balancedTeams(players, teamCount, newPlayerRating)).toEqual(result);
        },
      ),
      { numRuns: 800 },
    );
  });

  it('keeps the players asked for apart and stays optimal among such splits', () => {
    fc.assert(
      fc.property(
        ratedPlayers(2, 8).chain((players) =>
          fc.integer({ min: 2, max: players.length }).chain((teamCount) =>
            fc.record({
              players: fc.constant(players),
              teamCount: fc.constant(teamCount),
              apart: fc.subarray(
                players.map((player) => player.userID),
                { maxLength: teamCount },
              ),
            }),
          ),
        ),
        ({ players, teamCount, apart }) => {
          const result = balancedTeams(players, teamCount, 0, { apart });
          const apartTeams = apart.map((userID) => result.teams.findIndex((team) => team.includes(userID)));
          expect(new Set(apartTeams).size).toBe(apart.length);
          expect(result.difference).toBeCloseTo(bruteForce(players, teamCount, 0, apart).difference, 6);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('solves 12 players exactly', () => {
    const players = [31.5, 12.25, -3, 40, 7, 22.75, 18, null, 9.5, 27, 15, 33].map((value, index) => ({
      userID: `u${index}`,
      rating: value,
    }));
    for (const teamCount of [2, 3, 4, 5, 6]) {
      const result = balancedTeams(players, teamCount, 0);
      const expected = bruteForce(players, teamCount, 0);
      expect(result.difference).toBeCloseTo(expected.difference, 6);
      expect(splitOf(players, result.teams)).toEqual(expected.split);
    }
  });
});
