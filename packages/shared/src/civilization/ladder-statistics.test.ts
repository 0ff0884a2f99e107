import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VICTORY_TYPES } from './games-schemas';
import { initialSkill, recount, skillOrdinal, type LadderGame, type LadderMember } from './ladder';
import { headToHead, leaderStatistics, memberStatistics, type LeaderUse } from './ladder-statistics';

// Expected statistics are counted here straight from the games, independently of ladder-statistics.ts.

const PLAYERS = ['u0', 'u1', 'u2', 'u3', 'u4', 'u5'];
const CIVS = ['CIV_AMERICA', 'CIV_BABYLON', 'CIV_CHINA', 'CIV_EGYPT', 'CIV_GREECE'];

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---- Random histories ----------------------------------------------------------------------------

const rawGameArb = fc.record({
  gameType: fc.constantFrom('ffa', 'team'),
  players: fc.shuffledSubarray(PLAYERS, { minLength: 2, maxLength: 6 }),
  teams: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 6, maxLength: 6 }),
  scores: fc.array(fc.nat({ max: 5 }), { minLength: 6, maxLength: 6 }),
  // Mostly one side forced alone in first place; otherwise whatever the scores give (so some games do not count).
  winner: fc.option(fc.nat({ max: 5 }), { freq: 6, nil: null }),
  civs: fc.array(fc.option(fc.constantFrom(...CIVS), { freq: 5, nil: null }), { minLength: 6, maxLength: 6 }),
  victoryType: fc.constantFrom(...VICTORY_TYPES),
});
type RawGame = typeof rawGameArb extends fc.Arbitrary<infer G> ? G : never;

function buildGame(raw: RawGame, index: number): LadderGame {
  const sideOf = (userID: string, i: number) => (raw.gameType === 'team' ? `team:${raw.teams[i]}` : userID);
  const sideKeys = [...new Set(raw.players.map(sideOf))];
  const scores = sideKeys.map((_, s) => raw.scores[s]!);
  if (raw.winner !== null) scores[raw.winner % sideKeys.length] = -1;
  const rankOf = (side: string) => {
    const score = scores[sideKeys.indexOf(side)]!;
    return 1 + scores.filter((other) => other < score).length;
  };
  const members: LadderMember[] = raw.players.map((userID, i) => ({
    userID,
    team: raw.gameType === 'team' ? raw.teams[i]! : null,
    placement: rankOf(sideOf(userID, i)),
    civPlayed: raw.civs[i] ?? null,
  }));
  return {
    gameID: `g${String(index).padStart(3, '0')}`,
    gameType: raw.gameType,
    victoryType: raw.victoryType,
    finishedAt: 1000 + index,
    members,
  };
}

const historyArb = fc.array(rawGameArb, { maxLength: 14 }).map((raws) => raws.map(buildGame));

function countedByRule(game: LadderGame): boolean {
  const sides = new Map<string, number>();
  for (const m of game.members) sides.set(game.gameType === 'team' ? `team:${m.team}` : m.userID, m.placement!);
  return sides.size >= 2 && [...sides.values()].filter((p) => p === 1).length === 1;
}

// ---- Direct counts -------------------------------------------------------------------------------

interface Tally {
  played: number;
  wins: number;
  placementSum: number;
}
const addTo = (tallies: Map<string, Tally>, key: string, placement: number) => {
  const tally = tallies.get(key) ?? { played: 0, wins: 0, placementSum: 0 };
  tally.played += 1;
  tally.placementSum += placement;
  if (placement === 1) tally.wins += 1;
  tallies.set(key, tally);
};
const leaderUse = (civID: string, t: Tally): LeaderUse => ({
  civID,
  timesPlayed: t.played,
  wins: t.wins,
  winRate: round(t.wins / t.played, 4),
  averagePlacement: round(t.placementSum / t.played, 2),
});
const mostPlayedFirst = (a: LeaderUse, b: LeaderUse) =>
  b.timesPlayed - a.timesPlayed || b.winRate - a.winRate || a.civID.localeCompare(b.civID);
const bestResultsFirst = (a: LeaderUse, b: LeaderUse) =>
  b.winRate - a.winRate || a.averagePlacement - b.averagePlacement || b.timesPlayed - a.timesPlayed || a.civID.localeCompare(b.civID);

// ---- Properties ----------------------------------------------------------------------------------

describe('ladder statistics: properties over random histories', () => {
  it('memberStatistics: games, wins, average placement, ratings and leaders equal a direct recount', () => {
    fc.assert(
      fc.property(historyArb, (games) => {
        const counted = games.filter(countedByRule);
        const perMember = new Map<string, Tally>();
        const perMemberLeader = new Map<string, Map<string, Tally>>();
        for (const game of counted) {
          for (const m of game.members) {
            addTo(perMember, m.userID, m.placement!);
            if (!m.civPlayed) continue;
            const leaders = perMemberLeader.get(m.userID) ?? new Map<string, Tally>();
            addTo(leaders, m.civPlayed, m.placement!);
            perMemberLeader.set(m.userID, leaders);
          }
        }
        const { standings, changes } = recount(counted);

        const stats = memberStatistics(games);
        expect(stats.map((s) => s.userID).sort()).toEqual([...perMember.keys()].sort());
        for (const s of stats) {
          const tally = perMember.get(s.userID)!;
          expect(s.gamesPlayed).toBe(tally.played);
          expect(s.wins).toBe(tally.wins);
          expect(s.averagePlacement).toBe(round(tally.placementSum / tally.played, 2));
          expect(s.rating).toBe(round(skillOrdinal(standings.get(s.userID)!.skill), 1));
          const seen = changes.filter((c) => c.userID === s.userID).map((c) => skillOrdinal(c.after));
          expect(s.bestRating).toBe(round(Math.max(skillOrdinal(initialSkill()), ...seen), 1));
          expect(s.bestRating).toBeGreaterThanOrEqual(s.rating);

          const used = [...(perMemberLeader.get(s.userID) ?? new Map<string, Tally>())].map(([civID, t]) => leaderUse(civID, t));
          expect(s.mostPlayedLeaders).toEqual([...used].sort(mostPlayedFirst).slice(0, 3));
          expect(s.bestLeaders).toEqual([...used].sort(bestResultsFirst).slice(0, 3));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('leaderStatistics: times played, wins, win rate and average placement equal a direct count, most played first', () => {
    fc.assert(
      fc.property(historyArb, (games) => {
        const perLeader = new Map<string, Tally>();
        for (const game of games.filter(countedByRule))
          for (const m of game.members) if (m.civPlayed) addTo(perLeader, m.civPlayed, m.placement!);

        const stats = leaderStatistics(games);
        expect(stats).toEqual([...perLeader].map(([civID, t]) => leaderUse(civID, t)).sort(mostPlayedFirst));
        const plays = stats.map((s) => s.timesPlayed);
        expect(plays).toEqual([...plays].sort((a, b) => b - a));
      }),
      { numRuns: 80 },
    );
  });

  it('headToHead: games together and who placed higher equal a direct count, and sum to the games together', () => {
    const pairArb = fc.shuffledSubarray(PLAYERS, { minLength: 2, maxLength: 2 });
    fc.assert(
      fc.property(historyArb, pairArb, (games, [first, second]) => {
        const expected = { gamesTogether: 0, firstAhead: 0, secondAhead: 0, tied: 0 };
        for (const game of games.filter(countedByRule)) {
          const a = game.members.find((m) => m.userID === first)?.placement;
          const b = game.members.find((m) => m.userID === second)?.placement;
          if (a == null || b == null) continue;
          expected.gamesTogether += 1;
          if (a < b) expected.firstAhead += 1;
          else if (b < a) expected.secondAhead += 1;
          else expected.tied += 1;
        }
        const result = headToHead(games, first!, second!);
        expect(result).toEqual(expected);
        expect(result.firstAhead + result.secondAhead + result.tied).toBe(result.gamesTogether);
        expect(headToHead(games, second!, first!)).toEqual({ ...result, firstAhead: result.secondAhead, secondAhead: result.firstAhead });
      }),
      { numRuns: 100 },
    );
  });
});

describe('ladder statistics: a worked example', () => {
  const game = (gameID: string, members: [string, number, string | null][]): LadderGame => ({
    gameID,
    gameType: 'ffa',
    victoryType: 'Science',
    finishedAt: Number(gameID.slice(1)),
    members: members.map(([userID, placement, civPlayed]) => ({ userID, team: null, placement, civPlayed })),
  });
  const games = [
    game('g1', [
      ['ann', 1, 'CIV_CHINA'],
      ['bob', 2, 'CIV_EGYPT'],
      ['cat', 3, 'CIV_CHINA'],
    ]),
    game('g2', [
      ['bob', 1, 'CIV_EGYPT'],
      ['ann', 2, 'CIV_GREECE'],
      ['cat', 2, null],
    ]),
    game('g3', [
      ['ann', 1, 'CIV_CHINA'],
      ['bob', 3, 'CIV_GREECE'],
      ['cat', 2, 'CIV_EGYPT'],
    ]),
    // Two players first: broken, never counted.
    game('g4', [
      ['ann', 1, 'CIV_GREECE'],
      ['bob', 1, 'CIV_GREECE'],
    ]),
  ];

  it('counts members', () => {
    const ann = memberStatistics(games).find((s) => s.userID === 'ann')!;
    expect(ann).toMatchObject({ gamesPlayed: 3, wins: 2, averagePlacement: 1.33 });
    expect(ann.mostPlayedLeaders.map((l) => [l.civID, l.timesPlayed, l.winRate])).toEqual([
      ['CIV_CHINA', 2, 1],
      ['CIV_GREECE', 1, 0],
    ]);
    expect(ann.rating).toBeGreaterThan(0);
  });

  it('counts leaders', () => {
    expect(leaderStatistics(games)).toEqual([
      { civID: 'CIV_CHINA', timesPlayed: 3, wins: 2, winRate: 0.6667, averagePlacement: 1.67 },
      { civID: 'CIV_EGYPT', timesPlayed: 3, wins: 1, winRate: 0.3333, averagePlacement: 1.67 },
      { civID: 'CIV_GREECE', timesPlayed: 2, wins: 0, winRate: 0, averagePlacement: 2.5 },
    ]);
  });

  it('counts head-to-head', () => {
    expect(headToHead(games, 'ann', 'cat')).toEqual({ gamesTogether: 3, firstAhead: 2, secondAhead: 0, tied: 1 });
    expect(headToHead(games, 'ann', 'bob')).toEqual({ gamesTogether: 3, firstAhead: 2, secondAhead: 1, tied: 0 });
    expect(headToHead(games, 'ann', 'nobody')).toEqual({ gamesTogether: 0, firstAhead: 0, secondAhead: 0, tied: 0 });
  });
});
