import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPlacements, defaultPlacements, sideOf, winnerSide, type PlacementClaim, type PlacementMember } from './placements';

// Expected places are worked out here from docs/decisions/ladder.md, independently of placements.ts.

const ffa = (winner: string, steps: Record<string, number>): PlacementMember[] => [
  { userID: winner, team: null, eliminatedStep: null },
  ...Object.entries(steps).map(([userID, eliminatedStep]) => ({ userID, team: null, eliminatedStep })),
];
const member = (userID: string, team: number, eliminatedStep: number | null): PlacementMember => ({ userID, team, eliminatedStep });
const ranksOf = (claims: Record<string, number>): PlacementClaim[] =>
  Object.entries(claims).map(([side, placement]) => ({ side, placement }));
const accepted = (result: ReturnType<typeof checkPlacements>) => {
  if ('problem' in result) throw new Error(`refused: ${result.problem}`);
  return Object.fromEntries(result.ranks);
};
const problemOf = (result: ReturnType<typeof checkPlacements>) => ('problem' in result ? result.problem : null);

// A won; B went out last (step 3); C and D together (step 2); E first (step 1).
const FIVE = ffa('A', { B: 3, C: 2, D: 2, E: 1 });

describe('defaultPlacements', () => {
  it('puts the winner first and everyone else in reverse elimination order', () => {
    const game = ffa('A', { B: 1, C: 3, D: 2 });
    expect(Object.fromEntries(defaultPlacements('ffa', game, 'A'))).toEqual({ 'user:A': 1, 'user:C': 2, 'user:D': 3, 'user:B': 4 });
  });

  it('ties players eliminated in the same step, with competition ranks', () => {
    expect(Object.fromEntries(defaultPlacements('ffa', FIVE, 'A'))).toEqual({
      'user:A': 1,
      'user:B': 2,
      'user:C': 3,
      'user:D': 3,
      'user:E': 5,
    });
    expect(Object.fromEntries(defaultPlacements('ffa', ffa('A', { B: 2, C: 2, D: 1 }), 'A'))).toEqual({
      'user:A': 1,
      'user:B': 2,
      'user:C': 2,
      'user:D': 4,
    });
  });

  it('places teams by the step in which their last player went out', () => {
    const game = [
      member('p1', 1, null),
      member('p2', 1, 1), // the winning team lost a player early and still won
      member('p3', 2, 1),
      member('p4', 2, 3),
      member('p5', 3, 2),
      member('p6', 3, 2),
    ];
    expect(Object.fromEntries(defaultPlacements('team', game, 1))).toEqual({ 'team:1': 1, 'team:2': 2, 'team:3': 3 });
    expect(Object.fromEntries(defaultPlacements('team', game, '1'))).toEqual({ 'team:1': 1, 'team:2': 2, 'team:3': 3 });
  });

  it('ties teams whose last players went out together', () => {
    const game = [member('p1', 1, null), member('p2', 2, 2), member('p3', 3, 1), member('p4', 3, 2), member('p5', 4, 1)];
    expect(Object.fromEntries(defaultPlacements('team', game, 1))).toEqual({ 'team:1': 1, 'team:2': 2, 'team:3': 2, 'team:4': 4 });
  });
});

describe('checkPlacements', () => {
  it('accepts the default order, and normalises any numbers to competition ranks', () => {
    expect(
      accepted(checkPlacements('ffa', FIVE, 'A', ranksOf({ 'user:A': 1, 'user:B': 2, 'user:C': 3, 'user:D': 3, 'user:E': 5 }))),
    ).toEqual({
      'user:A': 1,
      'user:B': 2,
      'user:C': 3,
      'user:D': 3,
      'user:E': 5,
    });
    expect(
      accepted(checkPlacements('ffa', FIVE, 'A', ranksOf({ 'user:E': 40, 'user:D': 7, 'user:C': 7, 'user:B': 3, 'user:A': 1 }))),
    ).toEqual({
      'user:A': 1,
      'user:B': 2,
      'user:C': 3,
      'user:D': 3,
      'user:E': 5,
    });
  });

  it('accepts ordering players eliminated in the same step either way', () => {
    expect(
      accepted(checkPlacements('ffa', FIVE, 'A', ranksOf({ 'user:A': 1, 'user:B': 2, 'user:C': 3, 'user:D': 4, 'user:E': 5 }))),
    ).toMatchObject({
      'user:C': 3,
      'user:D': 4,
    });
    expect(
      accepted(checkPlacements('ffa', FIVE, 'A', ranksOf({ 'user:A': 1, 'user:B': 2, 'user:D': 3, 'user:C': 4, 'user:E': 5 }))),
    ).toMatchObject({
      'user:D': 3,
      'user:C': 4,
    });
  });

  it('accepts marking sides eliminated in different steps as tied', () => {
    // B (step 3) tied with C and D (step 2).
    expect(
      accepted(checkPlacements('ffa', FIVE, 'A', ranksOf({ 'user:A': 1, 'user:B': 2, 'user:C': 2, 'user:D': 2, 'user:E': 5 }))),
    ).toEqual({
      'user:A': 1,
      'user:B': 2,
      'user:C': 2,
      'user:D': 2,
      'user:E': 5,
    });
    // D (step 2) tied with E (step 1), C above them.
    expect(
      accepted(checkPlacements('ffa', FIVE, 'A', ranksOf({ 'user:A': 1, 'user:B': 2, 'user:C': 3, 'user:D': 4, 'user:E': 4 }))),
    ).toMatchObject({
      'user:D': 4,
      'user:E': 4,
    });
    // Everyone but the winner tied.
    expect(
      accepted(checkPlacements('ffa', FIVE, 'A', ranksOf({ 'user:A': 1, 'user:B': 2, 'user:C': 2, 'user:D': 2, 'user:E': 2 }))),
    ).toEqual({
      'user:A': 1,
      'user:B': 2,
      'user:C': 2,
      'user:D': 2,
      'user:E': 2,
    });
  });

  it('accepts team placements with tied teams', () => {
    const game = [member('p1', 1, null), member('p2', 2, 3), member('p3', 3, 1), member('p4', 3, 2)];
    expect(accepted(checkPlacements('team', game, 1, ranksOf({ 'team:1': 1, 'team:2': 2, 'team:3': 2 })))).toEqual({
      'team:1': 1,
      'team:2': 2,
      'team:3': 2,
    });
    expect(problemOf(checkPlacements('team', game, 1, ranksOf({ 'team:1': 1, 'team:2': 3, 'team:3': 2 })))).toBe(
      'A player (or team) eliminated later cannot be placed below one eliminated earlier',
    );
  });

  it.each<{ refusal: string; claims: Record<string, number>; problem: string }>([
    {
      refusal: 'a side missing',
      claims: { 'user:A': 1, 'user:B': 2, 'user:C': 3, 'user:D': 3 },
      problem: 'Place every player (or team) of the game',
    },
    {
      refusal: 'a side that is not in the game',
      claims: { 'user:A': 1, 'user:B': 2, 'user:C': 3, 'user:D': 3, 'user:E': 5, 'user:Z': 6 },
      problem: 'Placements name a player or team that is not in this game',
    },
    {
      refusal: 'the winner tied for first with another side',
      claims: { 'user:A': 1, 'user:B': 1, 'user:C': 3, 'user:D': 3, 'user:E': 5 },
      problem: 'Only the winner is placed first',
    },
    {
      refusal: 'a non-winner first, the winner second',
      claims: { 'user:B': 1, 'user:A': 2, 'user:C': 3, 'user:D': 3, 'user:E': 5 },
      problem: 'Only the winner is placed first',
    },
    {
      refusal: 'the winner not first',
      claims: { 'user:A': 2, 'user:B': 1, 'user:C': 3, 'user:D': 3, 'user:E': 5 },
      problem: 'The winner is placed first',
    },
    {
      refusal: 'a side eliminated later placed below one eliminated earlier',
      claims: { 'user:A': 1, 'user:C': 2, 'user:D': 3, 'user:B': 4, 'user:E': 5 },
      problem: 'A player (or team) eliminated later cannot be placed below one eliminated earlier',
    },
    {
      refusal: 'the first eliminated placed above the last eliminated',
      claims: { 'user:A': 1, 'user:E': 2, 'user:B': 3, 'user:C': 4, 'user:D': 4 },
      problem: 'A player (or team) eliminated later cannot be placed below one eliminated earlier',
    },
  ])('refuses $refusal', ({ claims, problem }) => {
    expect(problemOf(checkPlacements('ffa', FIVE, 'A', ranksOf(claims)))).toBe(problem);
  });

  it('refuses a side placed twice', () => {
    const claims = [...ranksOf({ 'user:A': 1, 'user:B': 2, 'user:C': 3, 'user:D': 3, 'user:E': 5 }), { side: 'user:B', placement: 2 }];
    expect(problemOf(checkPlacements('ffa', FIVE, 'A', claims))).toBe('Each player or team is placed once');
  });
});

// ---- Properties ----------------------------------------------------------------------------------

interface RandomGame {
  gameType: 'ffa' | 'team';
  members: PlacementMember[];
  winner: string | number;
}

/**
 * Games as the server records them: every side but the winner's is out, each player in the step
 * in which they were eliminated; in a team game a winning team may have lost players on the way.
 */
const ffaGameArb: fc.Arbitrary<RandomGame> = fc
  .array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 7 })
  .map((steps) => ({ gameType: 'ffa', winner: 'u0', members: ffa('u0', Object.fromEntries(steps.map((step, i) => [`u${i + 1}`, step]))) }));

const teamGameArb: fc.Arbitrary<RandomGame> = fc
  .array(fc.record({ team: fc.integer({ min: 1, max: 4 }), step: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 7 })
  .chain((players) => {
    const teams = [...new Set(players.map((p) => p.team))];
    return fc
      .record({ winner: fc.constantFrom(...teams, 9), survivorStep: fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }) })
      .map(({ winner, survivorStep }) => ({
        gameType: 'team' as const,
        winner,
        members: [
          member('u0', winner, null),
          ...players.map((p, i) => member(`u${i + 1}`, p.team, p.team === winner ? survivorStep : p.step)),
        ],
      }));
  });

const gameArb = fc.oneof(ffaGameArb, teamGameArb);

/** Each side's elimination step (its last player's), the winner's side aside. */
function sideSteps(game: RandomGame): Map<string, number> {
  const steps = new Map<string, number>();
  for (const m of game.members) {
    const key = game.gameType === 'team' ? `team:${m.team}` : `user:${m.userID}`;
    steps.set(key, Math.max(steps.get(key) ?? 0, m.eliminatedStep ?? 0));
  }
  steps.delete(game.gameType === 'team' ? `team:${game.winner}` : `user:${game.winner}`);
  return steps;
}

describe('placements: properties over random games', () => {
  it('default placements: the winner alone first, then one plus the winner plus every side that lasted longer', () => {
    fc.assert(
      fc.property(gameArb, (game) => {
        const steps = sideSteps(game);
        const expected: Record<string, number> = { [winnerSide(game.gameType, game.winner)]: 1 };
        for (const [side, step] of steps) expected[side] = 2 + [...steps.values()].filter((other) => other > step).length;
        expect(Object.fromEntries(defaultPlacements(game.gameType, game.members, game.winner))).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });

  it('default placements always pass checkPlacements unchanged', () => {
    fc.assert(
      fc.property(gameArb, fc.boolean(), (game, reversed) => {
        const defaults = defaultPlacements(game.gameType, game.members, game.winner);
        const claims = [...defaults].map(([side, placement]) => ({ side, placement }));
        if (reversed) claims.reverse();
        expect(accepted(checkPlacements(game.gameType, game.members, game.winner, claims))).toEqual(Object.fromEntries(defaults));
      }),
      { numRuns: 200 },
    );
  });

  it('accepts exactly the placements with the winner alone first and nobody below a side eliminated before them', () => {
    const withClaimsArb = gameArb.chain((game) => {
      const sides = [...new Set(game.members.map((m) => sideOf(game.gameType, m)))];
      const won = winnerSide(game.gameType, game.winner);
      const steps = sideSteps(game);
      const byLasting = [...steps].sort((a, b) => b[1] - a[1]).map(([side]) => side);
      // Mostly claims built to keep the elimination order (with ties and swaps within a step), some arbitrary.
      const orderedArb = fc.array(fc.nat({ max: 2 }), { minLength: byLasting.length, maxLength: byLasting.length }).map((gaps) => {
        let placement = 2;
        const claims = [{ side: won, placement: 1 }];
        byLasting.forEach((side, i) => {
          placement += gaps[i]!;
          claims.push({ side, placement });
        });
        return claims;
      });
      const anyArb = fc
        .array(fc.integer({ min: 1, max: sides.length }), { minLength: sides.length, maxLength: sides.length })
        .map((placements) => sides.map((side, i) => ({ side, placement: placements[i]! })));
      return fc.record({
        game: fc.constant(game),
        claims: fc.oneof(orderedArb, anyArb).chain((claims) => fc.shuffledSubarray(claims, { minLength: claims.length })),
      });
    });

    fc.assert(
      fc.property(withClaimsArb, ({ game, claims }) => {
        const won = winnerSide(game.gameType, game.winner);
        const steps = sideSteps(game);
        const claimOf = new Map(claims.map((c) => [c.side, c.placement]));
        const winnerAloneFirst = claims.every((c) => c.side === won || c.placement > claimOf.get(won)!);
        const orderKept = [...steps].every(([a, stepA]) =>
          [...steps].every(([b, stepB]) => !(stepA > stepB && claimOf.get(a)! > claimOf.get(b)!)),
        );
        const result = checkPlacements(game.gameType, game.members, game.winner, claims);
        if (!winnerAloneFirst || !orderKept) {
          expect(problemOf(result)).not.toBeNull();
          return;
        }
        const expected = Object.fromEntries(
          claims.map((c) => [c.side, 1 + claims.filter((other) => other.placement < c.placement).length]),
        );
        expect(accepted(result)).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
