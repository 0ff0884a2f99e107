import { countsForLadder, recount, skillOrdinal, type LadderGame } from './ladder';

/** Statistics of a group's results, recounted from the finished games that count (oldest first). */

export interface LeaderUse {
  civID: string;
  timesPlayed: number;
  wins: number;
  winRate: number;
  averagePlacement: number;
}

export interface MemberStatistics {
  userID: string;
  gamesPlayed: number;
  wins: number;
  averagePlacement: number | null;
  rating: number;
  bestRating: number;
  /** Leaders the member played most, most first (at most 3). */
  mostPlayedLeaders: LeaderUse[];
  /** Leaders the member did best with: win rate, then average placement (at most 3). */
  bestLeaders: LeaderUse[];
}

export interface HeadToHead {
  gamesTogether: number;
  firstAhead: number;
  secondAhead: number;
  tied: number;
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

class LeaderTally {
  private readonly byCiv = new Map<string, { timesPlayed: number; wins: number; placementSum: number }>();
  add(civID: string, placement: number) {
    const tally = this.byCiv.get(civID) ?? { timesPlayed: 0, wins: 0, placementSum: 0 };
    tally.timesPlayed += 1;
    tally.placementSum += placement;
    if (placement === 1) tally.wins += 1;
    this.byCiv.set(civID, tally);
  }
  list(): LeaderUse[] {
    return [...this.byCiv].map(([civID, t]) => ({
      civID,
      timesPlayed: t.timesPlayed,
      wins: t.wins,
      winRate: round(t.wins / t.timesPlayed, 4),
      averagePlacement: round(t.placementSum / t.timesPlayed),
    }));
  }
}

const byPlays = (a: LeaderUse, b: LeaderUse) => b.timesPlayed - a.timesPlayed || b.winRate - a.winRate || a.civID.localeCompare(b.civID);
const byResults = (a: LeaderUse, b: LeaderUse) =>
  b.winRate - a.winRate || a.averagePlacement - b.averagePlacement || b.timesPlayed - a.timesPlayed || a.civID.localeCompare(b.civID);

/** Per member: games, wins, average placement, current and best rating, most-played and best leaders. */
export function memberStatistics(games: readonly LadderGame[]): MemberStatistics[] {
  const counted = games.filter(countsForLadder);
  const { standings } = recount(counted);
  const leaders = new Map<string, LeaderTally>();
  for (const game of counted) {
    for (const member of game.members) {
      if (!member.civPlayed) continue;
      const tally = leaders.get(member.userID) ?? new LeaderTally();
      tally.add(member.civPlayed, member.placement ?? 2);
      leaders.set(member.userID, tally);
    }
  }
  return [...standings.values()].map((s) => {
    const used = leaders.get(s.userID)?.list() ?? [];
    return {
      userID: s.userID,
      gamesPlayed: s.gamesPlayed,
      wins: s.total,
      averagePlacement: s.gamesPlayed ? round(s.placementSum / s.gamesPlayed) : null,
      // Ratings to one decimal, as every page shows them: rounding twice (0.746 to 0.75 to 0.8) would differ from the rankings.
      rating: round(skillOrdinal(s.skill), 1),
      bestRating: round(s.bestOrdinal, 1),
      mostPlayedLeaders: [...used].sort(byPlays).slice(0, 3),
      bestLeaders: [...used].sort(byResults).slice(0, 3),
    };
  });
}

/** Per leader (civID): times played, wins, win rate and average placement, most played first. */
export function leaderStatistics(games: readonly LadderGame[]): LeaderUse[] {
  const tally = new LeaderTally();
  for (const game of games.filter(countsForLadder)) {
    for (const member of game.members) if (member.civPlayed) tally.add(member.civPlayed, member.placement ?? 2);
  }
  return tally.list().sort(byPlays);
}

/** Two members: the counted games both played, and who placed higher how often. */
export function headToHead(games: readonly LadderGame[], first: string, second: string): HeadToHead {
  const result: HeadToHead = { gamesTogether: 0, firstAhead: 0, secondAhead: 0, tied: 0 };
  for (const game of games.filter(countsForLadder)) {
    const a = game.members.find((m) => m.userID === first);
    const b = game.members.find((m) => m.userID === second);
    if (!a || !b) continue;
    result.gamesTogether += 1;
    const pa = a.placement ?? 2;
    const pb = b.placement ?? 2;
    if (pa < pb) result.firstAhead += 1;
    else if (pb < pa) result.secondAhead += 1;
    else result.tied += 1;
  }
  return result;
}
