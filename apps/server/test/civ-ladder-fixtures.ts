import type { FastifyInstance } from 'fastify';
import { ordinal, rate, rating } from 'openskill';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { call, type TestUser } from './groups-fixtures';

export interface Play {
  /** The players; the first hosts. */
  players: TestUser[];
  /** Who goes out in each recorded change, first out first; whoever remains wins. */
  out: TestUser[][];
  victoryType?: string;
  numCiv?: number;
  /** Records each player's first civ choice as the leader they played. */
  recordLeaders?: boolean;
  gameName?: string;
}

/**
 * A free-for-all played out through the API by a manager: created from a draft, players eliminated
 * change by change a minute apart, then the one remaining declared winner. Returns the finished game.
 */
export async function playGame(
  app: FastifyInstance,
  clock: { advance(ms: number): void },
  group: FullGroupDto,
  by: TestUser,
  play: Play,
): Promise<GameDto> {
  const { body } = await draftFor(app, group, by, play.players, { numCiv: play.numCiv ?? 3 });
  const created: GameDto = await createGameFrom(app, by, { ...body, gameName: play.gameName ?? 'Ladder game' });
  const update = async (payload: object) => {
    const res = await call(app, '/api/civilization/updateGame', { method: 'POST', as: by, payload: { gameID: created._id, ...payload } });
    if (res.status !== 200) throw new Error(`updateGame failed: ${JSON.stringify(res.body)}`);
    return res.body as GameDto;
  };
  if (play.recordLeaders) {
    await update({ members: created.members.map((m) => ({ userID: m.userID, civPlayed: m.civChoices[0]!.civID })) });
  }
  for (const step of play.out) {
    clock.advance(60_000);
    await update({ members: step.map((p) => ({ userID: p.user.id, isActive: false })) });
  }
  const out = new Set(play.out.flat().map((p) => p.user.id));
  const remaining = play.players.filter((p) => !out.has(p.user.id));
  if (remaining.length !== 1) throw new Error('A played game needs exactly one player left');
  clock.advance(60_000);
  return update({ winner: remaining[0]!.user.id, victoryType: play.victoryType ?? 'Science' });
}

/** The leader a member played as the ladder reads it: the one recorded, else the only one in their hand. */
export const leaderOf = (member: GameDto['members'][number]): string | null =>
  member.civPlayed?.civID ?? (member.civChoices.length === 1 ? member.civChoices[0]!.civID : null);

export interface ExpectedMember {
  gamesPlayed: number;
  wins: number;
  placementSum: number;
  mu: number;
  sigma: number;
  /** The rating after each game, oldest first. */
  ratings: number[];
  bestRating: number;
}

export interface ExpectedLeader {
  timesPlayed: number;
  wins: number;
  placementSum: number;
}

const byFinish = (a: GameDto, b: GameDto) => a.dateFinished!.localeCompare(b.dateFinished!) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/**
 * Standings recounted here from the finished free-for-alls' placements with openskill itself: every
 * player starts fresh, games oldest first, ranked by placement.
 */
export function recountHere(games: readonly GameDto[]) {
  const members = new Map<string, ExpectedMember>();
  const leaders = new Map<string, ExpectedLeader>();
  for (const game of [...games].sort(byFinish)) {
    const entries = game.members.map((m) => {
      const known = members.get(m.userID);
      return { member: m, skill: known ? rating({ mu: known.mu, sigma: known.sigma }) : rating() };
    });
    const after = rate(
      entries.map((e) => [e.skill]),
      { rank: entries.map((e) => e.member.placement!) },
    );
    entries.forEach(({ member }, i) => {
      const next = after[i]![0]!;
      const known = members.get(member.userID) ?? {
        gamesPlayed: 0,
        wins: 0,
        placementSum: 0,
        mu: 0,
        sigma: 0,
        ratings: [],
        bestRating: ordinal(rating()),
      };
      known.gamesPlayed += 1;
      known.placementSum += member.placement!;
      if (member.placement === 1) known.wins += 1;
      known.mu = next.mu;
      known.sigma = next.sigma;
      known.ratings.push(ordinal(next));
      known.bestRating = Math.max(known.bestRating, ordinal(next));
      members.set(member.userID, known);
      const civID = leaderOf(member);
      if (civID) {
        const leader = leaders.get(civID) ?? { timesPlayed: 0, wins: 0, placementSum: 0 };
        leader.timesPlayed += 1;
        leader.placementSum += member.placement!;
        if (member.placement === 1) leader.wins += 1;
        leaders.set(civID, leader);
      }
    });
  }
  return { members, leaders };
}

/** Counted games two members both played, and who placed higher how often, counted here. */
export function headToHeadHere(games: readonly GameDto[], first: string, second: string) {
  const result = { gamesTogether: 0, firstAhead: 0, secondAhead: 0, tied: 0 };
  for (const game of games) {
    const a = game.members.find((m) => m.userID === first);
    const b = game.members.find((m) => m.userID === second);
    if (!a || !b) continue;
    result.gamesTogether += 1;
    if (a.placement! < b.placement!) result.firstAhead += 1;
    else if (b.placement! < a.placement!) result.secondAhead += 1;
    else result.tied += 1;
  }
  return result;
}

export const placementsOf = (game: GameDto): Record<string, number | null> =>
  Object.fromEntries(game.members.map((m) => [m.userID, m.placement]));
