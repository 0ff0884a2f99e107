import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VICTORY_TYPES } from './games-schemas';
import {
  applyGame,
  countsForLadder,
  initialSkill,
  recount,
  skillOrdinal,
  type LadderGame,
  type LadderMember,
  type RatingChange,
  type Standing,
} from './ladder';

// Expected counts are worked out here from docs/decisions/ladder.md, independently of ladder.ts.

const PLAYERS = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9'];
const START = initialSkill();

const clone = (standings: Map<string, Standing>) =>
  new Map([...standings].map(([userID, standing]) => [userID, JSON.parse(JSON.stringify(standing)) as Standing]));

/** Competition ranks from scores (lower is better): 1, 2, 2, 4. */
const competitionRanks = (scores: readonly number[]) => scores.map((score) => 1 + scores.filter((other) => other < score).length);

// ---- Random histories ----------------------------------------------------------------------------

const rawGameArb = fc.record({
  gameType: fc.constantFrom('ffa', 'team'),
  players: fc.shuffledSubarray(PLAYERS, { minLength: 2, maxLength: 8 }),
  teams: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 8, maxLength: 8 }),
  scores: fc.array(fc.nat({ max: 7 }), { minLength: 8, maxLength: 8 }),
  // Mostly one side forced alone in first place; otherwise whatever the scores give (ties for first included).
  winner: fc.option(fc.nat({ max: 7 }), { freq: 6, nil: null }),
  victoryType: fc.constantFrom<string | null>(...VICTORY_TYPES, null, 'Conquest'),
});
type RawGame = typeof rawGameArb extends fc.Arbitrary<infer G> ? G : never;

/** A game from random draws: every player of a side shares the side's competition rank. */
function buildGame(raw: RawGame, index: number): LadderGame {
  const team = (i: number) => (raw.gameType === 'team' ? raw.teams[i]! : null);
  const sideKeys = [...new Set(raw.players.map((userID, i) => (raw.gameType === 'team' ? `team:${team(i)}` : userID)))];
  const scores = sideKeys.map((_, s) => raw.scores[s]!);
  if (raw.winner !== null) scores[raw.winner % sideKeys.length] = -1;
  const ranks = competitionRanks(scores);
  const members: LadderMember[] = raw.players.map((userID, i) => ({
    userID,
    team: team(i),
    placement: ranks[sideKeys.indexOf(raw.gameType === 'team' ? `team:${team(i)}` : userID)]!,
  }));
  return {
    gameID: `g${String(index).padStart(3, '0')}`,
    gameType: raw.gameType,
    victoryType: raw.victoryType,
    finishedAt: 1000 + index,
    members,
  };
}

const historyArb = (maxLength = 12) => fc.array(rawGameArb, { maxLength }).map((raws) => raws.map(buildGame));

/** Whether a game counts, read off the test's own model: two sides or more, exactly one of them first. */
function countedByRule(game: LadderGame): boolean {
  const sides = new Map<string, number>();
  for (const m of game.members) sides.set(game.gameType === 'team' ? `team:${m.team}` : m.userID, m.placement ?? 2);
  return sides.size >= 2 && [...sides.values()].filter((p) => p === 1).length === 1;
}

const ffaGame = (gameID: string, order: readonly string[], victoryType = 'Science'): LadderGame => ({
  gameID,
  gameType: 'ffa',
  victoryType,
  finishedAt: 1,
  members: order.map((userID, i) => ({ userID, team: null, placement: i + 1 })),
});

const foldApply = (standings: Map<string, Standing>, games: readonly LadderGame[]) => {
  const changes: RatingChange[] = [];
  for (const game of games) changes.push(...applyGame(standings, game));
  return changes;
};

// ---- (a) incremental = recount -------------------------------------------------------------------

describe('ladder: recount is applyGame folded over the history', () => {
  it('recount equals applying the games one at a time, and the first k then the rest', () => {
    fc.assert(
      fc.property(historyArb(), fc.nat(), (games, cut) => {
        const whole = recount(games);

        const standings = new Map<string, Standing>();
        const changes = foldApply(standings, games);
        expect(standings).toEqual(whole.standings);
        expect(changes).toEqual(whole.changes);

        const k = cut % (games.length + 1);
        const split = recount(games.slice(0, k));
        const rest = foldApply(split.standings, games.slice(k));
        expect(split.standings).toEqual(whole.standings);
        expect([...split.changes, ...rest]).toEqual(whole.changes);
      }),
      { numRuns: 40 },
    );
  });

  it('each player’s changes chain from the starting skill to their standing, and the best rating is the best seen', () => {
    fc.assert(
      fc.property(historyArb(), (games) => {
        const { standings, changes } = recount(games);
        const counted = games.filter(countedByRule);
        const changed = changes.map((c) => `${c.gameID}/${c.userID}`);
        expect([...changed].sort()).toEqual(counted.flatMap((g) => g.members.map((m) => `${g.gameID}/${m.userID}`)).sort());
        // Oldest game first.
        const gameIDs = changes.map((c) => c.gameID);
        expect(gameIDs).toEqual([...gameIDs].sort());
        for (const [userID, standing] of standings) {
          const own = changes.filter((c) => c.userID === userID);
          expect(own.length).toBe(standing.gamesPlayed);
          let skill = START;
          let best = skillOrdinal(START);
          for (const change of own) {
            expect(change.before).toEqual(skill);
            skill = change.after;
            best = Math.max(best, skillOrdinal(skill));
          }
          expect(standing.skill).toEqual(skill);
          expect(standing.bestOrdinal).toBe(best);
        }
      }),
      { numRuns: 40 },
    );
  });
});

// ---- (b) the finishing order matters -------------------------------------------------------------

describe('ladder: ratings follow the finishing order', () => {
  it('A beats B beats C gives different ratings from C beats B beats A', () => {
    const forward = recount([ffaGame('g1', ['A', 'B', 'C'])]).standings;
    const backward = recount([ffaGame('g1', ['C', 'B', 'A'])]).standings;
    expect(forward.get('A')!.skill.mu).not.toBe(backward.get('A')!.skill.mu);
    expect(forward.get('C')!.skill.mu).not.toBe(backward.get('C')!.skill.mu);
    expect(forward.get('A')!.skill.mu).toBeGreaterThan(backward.get('A')!.skill.mu);
    expect(forward.get('A')!.skill.mu).toBeCloseTo(backward.get('C')!.skill.mu, 10);
  });

  it('permuting a game with distinct placements changes at least one player’s rating', () => {
    const orderArb = fc.shuffledSubarray(PLAYERS, { minLength: 2, maxLength: 8 });
    const caseArb = fc.tuple(historyArb(8), orderArb).chain(([history, order]) =>
      fc
        .shuffledSubarray(order, { minLength: order.length })
        .filter((other) => other.some((id, i) => id !== order[i]))
        .map((other) => ({ history, order, other })),
    );
    fc.assert(
      fc.property(caseArb, ({ history, order, other }) => {
        const { standings } = recount(history);
        const first = clone(standings);
        const second = clone(standings);
        applyGame(first, ffaGame('last', order));
        applyGame(second, ffaGame('last', other));
        expect(order.some((userID) => first.get(userID)!.skill.mu !== second.get(userID)!.skill.mu)).toBe(true);
      }),
      { numRuns: 40 },
    );
  });
});

// ---- (c) fresh players ---------------------------------------------------------------------------

describe('ladder: a game between fresh players', () => {
  it('raises the winner’s mu and lowers the last place’s (unless tied with a side of another size)', () => {
    const countedArb = rawGameArb.map((raw) => buildGame({ ...raw, winner: raw.winner ?? 0 }, 0)).filter(countsForLadder);
    fc.assert(
      fc.property(countedArb, (game) => {
        const standings = new Map<string, Standing>();
        const changes = applyGame(standings, game);
        const last = Math.max(...game.members.map((m) => m.placement!));
        expect(last).toBeGreaterThan(1);
        // Openskill rates a team by the sum of its players' mu: a smaller team tied for last with a
        // bigger one did better than expected and may rise, so tied last places are left to the model.
        const sideSizes = new Map<string, number>();
        for (const m of game.members) sideSizes.set(String(m.team ?? m.userID), (sideSizes.get(String(m.team ?? m.userID)) ?? 0) + 1);
        const lastSides = new Set(game.members.filter((m) => m.placement === last).map((m) => String(m.team ?? m.userID)));
        const lastFalls = lastSides.size === 1 || new Set(sideSizes.values()).size === 1;
        for (const m of game.members) {
          const change = changes.find((c) => c.userID === m.userID)!;
          expect(change.before).toEqual(START);
          if (m.placement === 1) expect(change.after.mu).toBeGreaterThan(START.mu);
          if (m.placement === last && lastFalls) expect(change.after.mu).toBeLessThan(START.mu);
          // Playing always makes the ladder surer of a player.
          expect(change.after.sigma).toBeLessThanOrEqual(START.sigma);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('a lopsided team game (seven beat one) leaves no player less sure than before', () => {
    const members: LadderMember[] = [
      ...['u0', 'u1', 'u4', 'u5', 'u6', 'u7', 'u9'].map((userID) => ({ userID, team: 2, placement: 1 })),
      { userID: 'u2', team: 1, placement: 2 },
    ];
    const changes = applyGame(new Map(), { gameID: 'g000', gameType: 'team', victoryType: 'Science', finishedAt: 1000, members });
    for (const change of changes) expect(change.after.sigma).toBeLessThanOrEqual(START.sigma);
  });

  it('in a free-for-all with distinct places, a better place always ends with a higher mu', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(PLAYERS, { minLength: 2, maxLength: 8 }), (order) => {
        const standings = new Map<string, Standing>();
        applyGame(standings, ffaGame('g', order));
        const mus = order.map((userID) => standings.get(userID)!.skill.mu);
        mus.slice(1).forEach((mu, i) => expect(mu).toBeLessThan(mus[i]!));
      }),
      { numRuns: 40 },
    );
  });
});

// ---- (d) games that do not count -----------------------------------------------------------------

describe('ladder: games that break the rules are not counted', () => {
  const member = (userID: string, placement: number | null, team: number | null = null): LadderMember => ({ userID, team, placement });
  const game = (gameType: string, members: LadderMember[]): LadderGame => ({
    gameID: 'bad',
    gameType,
    victoryType: 'Score',
    finishedAt: 5,
    members,
  });

  it.each([
    { why: 'one player alone', game: game('ffa', [member('u1', 1)]) },
    { why: 'no players', game: game('ffa', []) },
    { why: 'one team only', game: game('team', [member('u1', 1, 1), member('u2', 1, 1), member('u3', 1, 1)]) },
    { why: 'two players tied first', game: game('ffa', [member('u1', 1), member('u2', 1), member('u3', 3)]) },
    { why: 'two teams tied first', game: game('team', [member('u1', 1, 1), member('u2', 1, 2), member('u3', 3, 3)]) },
    { why: 'nobody first', game: game('ffa', [member('u1', 2), member('u2', 3)]) },
    { why: 'no placements recorded', game: game('ffa', [member('u1', null), member('u2', null)]) },
  ])('$why: countsForLadder is false and the standings do not move', ({ game: bad }) => {
    expect(countsForLadder(bad)).toBe(false);
    const { standings } = recount([ffaGame('g0', ['u1', 'u2', 'u4'])]);
    const before = clone(standings);
    expect(applyGame(standings, bad)).toEqual([]);
    expect(standings).toEqual(before);
  });

  it('a random history counts exactly the games with two sides or more and one alone in first place', () => {
    fc.assert(
      fc.property(historyArb(), (games) => {
        for (const g of games) expect(countsForLadder(g)).toBe(countedByRule(g));
        expect(recount(games)).toEqual(recount(games.filter(countedByRule)));
      }),
      { numRuns: 40 },
    );
  });
});

// ---- (e) wins and totals -------------------------------------------------------------------------

describe('ladder: standings count what happened', () => {
  it('games, wins per victory type, total wins and placement sum equal a direct count', () => {
    fc.assert(
      fc.property(historyArb(), (games) => {
        const expected = new Map<string, Omit<Standing, 'skill' | 'bestOrdinal'>>();
        for (const g of games.filter(countedByRule)) {
          for (const m of g.members) {
            const tally = expected.get(m.userID) ?? {
              userID: m.userID,
              gamesPlayed: 0,
              total: 0,
              placementSum: 0,
              wins: Object.fromEntries(VICTORY_TYPES.map((v) => [v, 0])) as Standing['wins'],
            };
            tally.gamesPlayed += 1;
            tally.placementSum += m.placement!;
            if (m.placement === 1) {
              tally.total += 1;
              const victory = VICTORY_TYPES.find((v) => v === g.victoryType);
              if (victory) tally.wins[victory] += 1;
            }
            expected.set(m.userID, tally);
          }
        }
        const { standings } = recount(games);
        expect(new Set(standings.keys())).toEqual(new Set(expected.keys()));
        for (const [userID, tally] of expected) {
          const { skill: _skill, bestOrdinal: _best, ...actual } = standings.get(userID)!;
          expect(actual).toEqual(tally);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a win by an unknown or missing victory type counts in the total only', () => {
    const { standings } = recount([ffaGame('g1', ['u1', 'u2'], 'Conquest'), ffaGame('g2', ['u1', 'u2'], 'Culture')]);
    const winner = standings.get('u1')!;
    expect(winner.total).toBe(2);
    expect(Object.values(winner.wins).reduce((a, b) => a + b, 0)).toBe(1);
    expect(winner.wins.Culture).toBe(1);
    expect(standings.get('u2')!.total).toBe(0);
    expect(standings.get('u2')!.placementSum).toBe(4);
  });
});
