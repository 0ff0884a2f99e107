import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import type { LeaderUseDto, MemberStatisticsDto, MemberStatsDto, StatisticsDto } from '@smm/shared/civilization/ladder-schemas';
import { CIV6_LEADERS } from '@smm/shared/civilization/leaders-civ6';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { headToHeadHere, leaderOf, placementsOf, playGame, recountHere } from './civ-ladder-fixtures';
import { call, createCast, groupWithCast, join, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';
import { VERSIONS_TABLE } from '../src/db/table-versions';

const queries: CompiledQuery[] = [];
const measured = new AsyncLocalStorage<true>();
let t: TestApp;
let cast: Cast;
let fourth: TestUser;
let group: FullGroupDto;
/** The counted free-for-alls of `group`, in the order they were played. */
const counted: GameDto[] = [];

const round2 = (n: number) => Math.round(n * 100) / 100;
const get = (path: string, as: TestUser) => call(t.app, `/api/civilization/${path}`, { as });

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => measured.getStore() && queries.push(query) });
  cast = await createCast(t.app);
  fourth = await createUser(t.app);
  group = await groupWithCast(t.app, cast, true);
  await join(t.app, group, fourth);
  const { owner, admin, member } = cast;
  const play = (p: Parameters<typeof playGame>[4]) => playGame(t.app, t.clock, group, owner, p);
  // One leader each: the leader played is the only one in the hand.
  counted.push(await play({ players: [owner, admin, member, fourth], out: [[fourth], [member, admin]], numCiv: 1 }));
  counted.push(await play({ players: [admin, member, fourth], out: [[admin], [member]], victoryType: 'Culture', recordLeaders: true }));
  // Three leaders each and none recorded: counts for ratings, not for leaders.
  counted.push(await play({ players: [owner, member], out: [[owner]], victoryType: 'Domination' }));
  counted.push(
    await play({
      players: [owner, admin, fourth, member],
      out: [[owner], [admin], [fourth]],
      victoryType: 'Score',
      recordLeaders: true,
    }),
  );
  counted.push(await play({ players: [fourth, owner], out: [[fourth]], numCiv: 1 }));

  // Neither a deleted game, nor an unfinished one, nor a team game counts in the free-for-all statistics.
  const deleted = await play({ players: [owner, admin], out: [[admin]], numCiv: 1 });
  expect((await call(t.app, `/api/civilization/deleteGame?gameID=${deleted._id}`, { method: 'POST', as: owner })).status).toBe(200);
  await createGameFrom(t.app, owner, (await draftFor(t.app, group, owner, [owner, admin])).body);
  const team = (await draftFor(t.app, group, owner, [owner, admin, member, fourth], { gameType: 'team', teams: [1, 1, 2, 2] })).body;
  const teamGame = await createGameFrom(t.app, owner, team);
  const teamOut = teamGame.members
    .filter((m: { team: number }) => m.team === 2)
    .map((m: { userID: string }) => ({ userID: m.userID, isActive: false }));
  await call(t.app, '/api/civilization/updateGame', { method: 'POST', as: owner, payload: { gameID: teamGame._id, members: teamOut } });
  const teamWon = await call(t.app, '/api/civilization/updateGame', {
    method: 'POST',
    as: owner,
    payload: { gameID: teamGame._id, winner: 1, victoryType: 'Religion' },
  });
  expect(teamWon.status).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('finished games have placements', () => {
  it('the winner first, then the reverse elimination order; players out together share a place', () => {
    const { owner, admin, member } = cast;
    expect(placementsOf(counted[0]!)).toEqual({ [owner.user.id]: 1, [admin.user.id]: 2, [member.user.id]: 2, [fourth.user.id]: 4 });
    expect(placementsOf(counted[3]!)).toEqual({ [member.user.id]: 1, [fourth.user.id]: 2, [admin.user.id]: 3, [owner.user.id]: 4 });
  });
});

describe('getStatistics', () => {
  it('equals a recount from the finished games’ placements, per member and per leader', async () => {
    const res = await get(`getStatistics?groupID=${group._id}&gameType=ffa`, cast.member);
    expect(res.status).toBe(200);
    const stats = res.body as StatisticsDto;
    // No season started: all time.
    expect(stats.season).toBe('all');
    const expected = recountHere(counted);
    expect(new Set(stats.members.map((m) => m.userID))).toEqual(new Set(expected.members.keys()));
    const usernames = new Map([cast.owner, cast.admin, cast.member, fourth].map((u) => [u.user.id, u.user.username]));
    for (const member of stats.members) {
      const want = expected.members.get(member.userID)!;
      expect(member.username).toBe(usernames.get(member.userID));
      expect(member.gamesPlayed, member.username).toBe(want.gamesPlayed);
      expect(member.wins, member.username).toBe(want.wins);
      expect(member.averagePlacement, member.username).toBe(round2(want.placementSum / want.gamesPlayed));
      // One decimal, rounded once, as the rankings show the same rating.
      expect(member.rating, member.username).toBe(Math.round(want.ratings.at(-1)! * 10) / 10);
      expect(member.bestRating, member.username).toBe(Math.round(want.bestRating * 10) / 10);
    }
    // Best rating first.
    expect(stats.members.map((m) => m.rating)).toEqual([...stats.members.map((m) => m.rating)].sort((a, b) => b - a));

    expect(new Set(stats.leaders.map((l) => l.civID))).toEqual(new Set(expected.leaders.keys()));
    for (const leader of stats.leaders) {
      const want = expected.leaders.get(leader.civID)!;
      expect(leader.timesPlayed).toBe(want.timesPlayed);
      expect(leader.wins).toBe(want.wins);
      expect(leader.winRate).toBeCloseTo(want.wins / want.timesPlayed, 4);
      expect(leader.averagePlacement).toBe(round2(want.placementSum / want.timesPlayed));
      const catalogued = CIV6_LEADERS.find((l) => l.civID === leader.civID)!;
      expect(leader.leader).toEqual({ civID: catalogued.civID, leader: catalogued.leader, nation: catalogued.nation });
    }
    // Games 1, 2, 4 and 5 name a leader for each player; game 3 names none.
    expect(stats.leaders.reduce((n, l) => n + l.timesPlayed, 0)).toBe(4 + 3 + 4 + 2);
  });

  it("a member's most-played and best leaders are theirs", async () => {
    const stats = (await get(`getStatistics?groupID=${group._id}&gameType=ffa`, cast.owner)).body as StatisticsDto;
    for (const member of stats.members) {
      const played = new Set(counted.flatMap((g) => g.members.filter((m) => m.userID === member.userID).map(leaderOf)));
      for (const use of [...member.mostPlayedLeaders, ...member.bestLeaders]) expect(played.has(use.civID)).toBe(true);
      expect(member.mostPlayedLeaders.length).toBe(Math.min(3, [...played].filter(Boolean).length));
    }
  });

  it('the all-time rankings are the same standings, with the average placement', async () => {
    const res = await get(`getRankings?groupID=${group._id}&gameType=ffa`, cast.member);
    expect(res.status).toBe(200);
    const expected = recountHere(counted);
    expect(res.body).toHaveLength(expected.members.size);
    for (const row of res.body as {
      userID: string;
      gamesPlayed: number;
      total: number;
      averagePlacement: number;
      rating: { ordinal: number };
    }[]) {
      const want = expected.members.get(row.userID)!;
      expect(row.gamesPlayed).toBe(want.gamesPlayed);
      expect(row.total).toBe(want.wins);
      expect(row.averagePlacement).toBe(round2(want.placementSum / want.gamesPlayed));
      expect(row.rating.ordinal).toBeCloseTo(want.ratings.at(-1)!, 6);
    }
    const team = await get(`getStatistics?groupID=${group._id}&gameType=team`, cast.member);
    expect(team.body.members.map((m: MemberStatisticsDto) => m.gamesPlayed)).toEqual([1, 1, 1, 1]);
  });
});

describe('getHeadToHead', () => {
  it('counts the games two members played together and who placed higher', async () => {
    const pairs: [TestUser, TestUser][] = [
      [cast.owner, cast.member],
      [cast.member, fourth],
      [cast.admin, cast.member],
      [fourth, cast.owner],
    ];
    for (const [first, second] of pairs) {
      const res = await get(`getHeadToHead?groupID=${group._id}&gameType=ffa&first=${first.user.id}&second=${second.user.id}`, cast.admin);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        first: { userID: first.user.id, username: first.user.username },
        second: { userID: second.user.id, username: second.user.username },
        ...headToHeadHere(counted, first.user.id, second.user.id),
      });
    }
    // The owner and the member: game 1 (owner 1st, member 2nd), game 3 (member won), game 4 (member won).
    const res = await get(
      `getHeadToHead?groupID=${group._id}&gameType=ffa&first=${cast.owner.user.id}&second=${cast.member.user.id}`,
      cast.admin,
    );
    expect(res.body).toMatchObject({ gamesTogether: 3, firstAhead: 1, secondAhead: 2, tied: 0 });
    // The admin and the member went out together in game 1.
    const tied = await get(
      `getHeadToHead?groupID=${group._id}&gameType=ffa&first=${cast.admin.user.id}&second=${cast.member.user.id}`,
      cast.admin,
    );
    expect(tied.body.tied).toBe(1);
  });

  it('both must be members of the group; the field says which', async () => {
    const first = await get(
      `getHeadToHead?groupID=${group._id}&gameType=ffa&first=${cast.outsider.user.id}&second=${cast.member.user.id}`,
      cast.owner,
    );
    expect(first.status).toBe(400);
    expect(Object.keys(first.body.fields)).toEqual(['first']);
    const second = await get(
      `getHeadToHead?groupID=${group._id}&gameType=ffa&first=${cast.member.user.id}&second=${cast.outsider.user.id}`,
      cast.owner,
    );
    expect(second.status).toBe(400);
    expect(Object.keys(second.body.fields)).toEqual(['second']);
    const missing = await get(`getHeadToHead?groupID=${group._id}&gameType=ffa&first=${cast.member.user.id}`, cast.owner);
    expect(missing.status).toBe(400);
    expect(missing.body.fields.second).toBeTruthy();
  });
});

describe('getMemberStats', () => {
  it('the rating history is the sequence of rating changes of the member’s games, oldest first', async () => {
    for (const user of [cast.owner, cast.member, fourth]) {
      const res = await get(`getMemberStats?groupID=${group._id}&userID=${user.user.id}&gameType=ffa`, cast.admin);
      expect(res.status).toBe(200);
      const stats = res.body as MemberStatsDto;
      const played = counted.filter((g) => g.members.some((m) => m.userID === user.user.id));
      // What each finished game says it did to the member's rating.
      const fromGames = await Promise.all(
        played.map(async (g) => {
          const game = (await get(`game?gameID=${g._id}`, user)).body as GameDto;
          const me = game.members.find((m) => m.userID === user.user.id)!;
          return {
            gameID: g._id,
            gameName: g.gameName,
            date: game.dateFinished,
            placement: me.placement,
            rating: me.ratingChange!.after,
            delta: me.ratingChange!.delta,
          };
        }),
      );
      expect(stats.ratingHistory).toEqual(fromGames);
      const expected = recountHere(counted).members.get(user.user.id)!;
      stats.ratingHistory.forEach((point, i) => expect(point.rating).toBeCloseTo(expected.ratings[i]!, 1));
      expect(stats.statistics.gamesPlayed).toBe(played.length);
      expect(stats.statistics.rating).toBe(Math.round(expected.ratings.at(-1)! * 10) / 10);
      const leaders = new Set(played.map((g) => leaderOf(g.members.find((m) => m.userID === user.user.id)!)).filter(Boolean));
      expect(new Set(stats.leaders.map((l: LeaderUseDto) => l.civID))).toEqual(leaders);
    }
  });

  it('a member without games has an empty record; someone outside the group is not found', async () => {
    const newcomer = await createUser(t.app);
    await join(t.app, group, newcomer);
    const empty = await get(`getMemberStats?groupID=${group._id}&userID=${newcomer.user.id}&gameType=ffa`, cast.member);
    expect(empty.status).toBe(200);
    expect(empty.body.statistics).toMatchObject({ gamesPlayed: 0, wins: 0, averagePlacement: null, mostPlayedLeaders: [] });
    expect(empty.body.ratingHistory).toEqual([]);
    const outside = await get(`getMemberStats?groupID=${group._id}&userID=${cast.outsider.user.id}&gameType=ffa`, cast.member);
    expect(outside.status).toBe(404);
  });
});

describe('access', () => {
  it('someone outside a private group finds none of it', async () => {
    const { outsider, member } = cast;
    for (const path of [
      `getSeasons?groupID=${group._id}`,
      `getStatistics?groupID=${group._id}&gameType=ffa`,
      `getHeadToHead?groupID=${group._id}&gameType=ffa&first=${member.user.id}&second=${cast.owner.user.id}`,
      `getMemberStats?groupID=${group._id}&userID=${member.user.id}&gameType=ffa`,
      `getRankings?groupID=${group._id}&gameType=ffa&season=all`,
    ]) {
      expect((await get(path, outsider)).status, path).toBe(404);
      expect((await call(t.app, `/api/civilization/${path}`)).status, path).toBe(401);
    }
  });
});

/** Rows kept between requests (on SQLite) lapse when their table is written to, so every request reads all it needs. */
async function forgetKeptRows(): Promise<void> {
  for (const table of ['users', 'groups'] as const) {
    await t.database.db
      .updateTable(table)
      .set({ id: sql<string>`id` })
      .where(sql<boolean>`0 = 1`)
      .execute();
  }
}

/** Every distinct statement the measured reads ran, to explain. */
const statements = new Map<string, CompiledQuery>();

async function queryCount(path: string, as: TestUser): Promise<number> {
  await forgetKeptRows();
  queries.length = 0;
  const res = await measured.run(true, () => get(path, as));
  expect(res.status, path).toBe(200);
  for (const query of queries) statements.set(query.sql, query);
  return queries.length;
}

/** The tables a statement's plan reads whole (SQLite: SCAN; PostgreSQL, with sequential scans priced out: Seq Scan). */
async function wholeTableReads(query: CompiledQuery): Promise<string[]> {
  if (t.database.kind === 'sqlite') {
    const { rows } = await t.database.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
    return rows.map((r) => r.detail).filter((detail) => /^SCAN (?!\()/.test(detail));
  }
  return t.database.db.transaction().execute(async (tx) => {
    await sql`set local enable_seqscan = off`.execute(tx);
    const { rows } = await tx.executeQuery<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({ ...query, sql: `explain (format json) ${query.sql}` });
    const found: string[] = [];
    const visit = (node: PlanNode) => {
      // The caller's statement reads the table versions whole, by design (db/table-versions.ts).
      if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] !== VERSIONS_TABLE) found.push(node['Relation Name']!);
      node.Plans?.forEach(visit);
    };
    visit(rows[0]!['QUERY PLAN'][0].Plan);
    return found;
  });
}
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

describe('query counts', () => {
  it('each read runs the same number of queries for one game as for many', async () => {
    const { owner, admin, member } = cast;
    const small = await groupWithCast(t.app, cast, true);
    await join(t.app, small, fourth);
    const play = (p: Parameters<typeof playGame>[4]) => playGame(t.app, t.clock, small, owner, p);
    const season = await call(t.app, '/api/civilization/startSeason', {
      method: 'POST',
      as: owner,
      payload: { groupID: small._id, name: 'One', minGames: 1 },
    });
    expect(season.status).toBe(200);
    await play({ players: [owner, member], out: [[member]], numCiv: 1 });
    const paths = [
      `getStatistics?groupID=${small._id}&gameType=ffa`,
      `getStatistics?groupID=${small._id}&gameType=ffa&season=all`,
      `getHeadToHead?groupID=${small._id}&gameType=ffa&first=${owner.user.id}&second=${member.user.id}`,
      `getMemberStats?groupID=${small._id}&userID=${member.user.id}&gameType=ffa`,
      `getRankings?groupID=${small._id}&gameType=ffa`,
      `getRankings?groupID=${small._id}&gameType=ffa&season=all`,
      `getSeasons?groupID=${small._id}`,
    ];
    const before = [];
    for (const path of paths) before.push(await queryCount(path, admin));
    for (let i = 0; i < 6; i += 1) {
      await play({ players: [owner, admin, member, fourth], out: [[fourth], [admin], [member]], recordLeaders: true });
    }
    const after = [];
    for (const path of paths) after.push(await queryCount(path, admin));
    expect(after).toEqual(before);
    const stats = (await get(paths[0]!, admin)).body as StatisticsDto;
    expect(stats.members.find((m) => m.userID === member.user.id)!.gamesPlayed).toBe(7);
  });

  it('every statement of these reads finds its rows through an index', async () => {
    const selects = [...statements.values()].filter((q) => /^\s*select/i.test(q.sql));
    expect(selects.length).toBeGreaterThan(7);
    const found: string[] = [];
    for (const query of selects) for (const read of await wholeTableReads(query)) found.push(`${read}: ${query.sql.slice(0, 160)}`);
    expect(found).toEqual([]);
  });
});
