import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameDto, RankingRowDto } from '@smm/shared/civilization/games-schemas';
import type { SeasonDto } from '@smm/shared/civilization/ladder-schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { playGame, recountHere } from './civ-ladder-fixtures';
import { call, createCast, groupWithCast, join, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

let t: TestApp;
let cast: Cast;
let fourth: TestUser;

const round2 = (n: number) => Math.round(n * 100) / 100;
const get = (path: string, as: TestUser) => call(t.app, `/api/civilization/${path}`, { as });
const startSeason = (as: TestUser, payload: object) => call(t.app, '/api/civilization/startSeason', { method: 'POST', as, payload });
const rankings = async (groupID: string, season?: string): Promise<RankingRowDto[]> => {
  const res = await get(`getRankings?groupID=${groupID}&gameType=ffa${season ? `&season=${season}` : ''}`, cast.member);
  expect(res.status).toBe(200);
  return res.body;
};

/** The table a recount of these games gives, in the API's order, keeping members with at least `minGames`. */
function tableOf(games: GameDto[], minGames = 1) {
  const { members } = recountHere(games);
  const names = new Map(games.flatMap((g) => g.members.map((m) => [m.userID, m.username] as const)));
  return [...members]
    .filter(([, m]) => m.gamesPlayed >= minGames)
    .map(([userID, m]) => ({
      userID,
      username: names.get(userID)!,
      gamesPlayed: m.gamesPlayed,
      total: m.wins,
      averagePlacement: round2(m.placementSum / m.gamesPlayed),
      ordinal: m.ratings.at(-1)!,
    }))
    .sort((a, b) => b.ordinal - a.ordinal || b.total - a.total || a.username.localeCompare(b.username));
}

function expectTable(rows: RankingRowDto[], games: GameDto[], minGames = 1) {
  const want = tableOf(games, minGames);
  expect(rows.map((r) => r.userID)).toEqual(want.map((w) => w.userID));
  rows.forEach((row, i) => {
    expect(row.gamesPlayed).toBe(want[i]!.gamesPlayed);
    expect(row.total).toBe(want[i]!.total);
    expect(row.averagePlacement).toBe(want[i]!.averagePlacement);
    expect(row.rating.ordinal).toBeCloseTo(want[i]!.ordinal, 6);
  });
}

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  fourth = await createUser(t.app);
});
afterAll(() => t.close());

describe('seasons', () => {
  let group: FullGroupDto;
  beforeAll(async () => {
    group = await groupWithCast(t.app, cast, true);
    await join(t.app, group, fourth);
  });

  it('rankings default to the current season; a past season and all time stay readable', async () => {
    const { owner, admin, member } = cast;
    const play = (p: Parameters<typeof playGame>[4]) => playGame(t.app, t.clock, group, owner, p);
    expect((await get(`getSeasons?groupID=${group._id}`, member)).body).toEqual([]);

    const beforeSeasons = [await play({ players: [owner, admin, member], out: [[owner], [admin]] })];
    // Without seasons the default is all time.
    expectTable(await rankings(group._id), beforeSeasons);

    t.clock.advance(60_000);
    const springStart = t.clock.now();
    const spring = await startSeason(admin, { groupID: group._id, name: 'Spring', minGames: 1 });
    expect(spring.status).toBe(200);
    expect(spring.body).toEqual({
      _id: expect.any(String),
      name: 'Spring',
      minGames: 1,
      dateStarted: new Date(springStart).toISOString(),
      dateEnded: null,
      isCurrent: true,
    });
    // A new season starts with an empty table.
    expect(await rankings(group._id)).toEqual([]);

    const springGames = [
      await play({ players: [owner, admin, member, fourth], out: [[owner], [admin, member]] }),
      await play({ players: [owner, fourth], out: [[owner]] }),
    ];
    t.clock.advance(60_000);
    const summer = await startSeason(owner, { groupID: group._id, name: 'Summer', minGames: 2 });
    expect(summer.status).toBe(200);
    const summerGames = [
      await play({ players: [owner, admin, member], out: [[member], [admin]] }),
      await play({ players: [owner, admin], out: [[owner]] }),
    ];
    // Finished in Summer, then deleted: never counts.
    const deleted = await play({ players: [owner, admin, member], out: [[owner], [admin]] });
    expect((await call(t.app, `/api/civilization/deleteGame?gameID=${deleted._id}`, { method: 'POST', as: owner })).status).toBe(200);

    const seasons = (await get(`getSeasons?groupID=${group._id}`, member)).body as SeasonDto[];
    expect(seasons.map((s) => [s.name, s.minGames, s.isCurrent])).toEqual([
      ['Summer', 2, true],
      ['Spring', 1, false],
    ]);
    expect(seasons[0]!.dateEnded).toBeNull();
    expect(seasons[1]!.dateEnded).toBe(seasons[0]!.dateStarted);

    // Summer, the current season: the member played only one game there, below its minimum of 2.
    const current = await rankings(group._id);
    expectTable(current, summerGames, 2);
    expect(current.map((r) => r.userID).sort()).toEqual([owner.user.id, admin.user.id].sort());
    expect(await rankings(group._id, summer.body._id)).toEqual(current);
    // Ratings start fresh in each season: the admin's Summer rating is not their all-time one.
    expectTable(await rankings(group._id, spring.body._id), springGames);
    expectTable(await rankings(group._id, 'all'), [...beforeSeasons, ...springGames, ...summerGames]);

    const statistics = await get(`getStatistics?groupID=${group._id}&gameType=ffa`, member);
    expect(statistics.body.season).toBe(summer.body._id);
    expect(statistics.body.members.map((m: { userID: string }) => m.userID).sort()).toEqual(
      [owner.user.id, admin.user.id, member.user.id].sort(),
    );
    const pastStatistics = await get(`getStatistics?groupID=${group._id}&gameType=ffa&season=${spring.body._id}`, member);
    expect(pastStatistics.body.members.find((m: { userID: string }) => m.userID === fourth.user.id).wins).toBe(2);
    const together = await get(
      `getHeadToHead?groupID=${group._id}&gameType=ffa&season=${spring.body._id}&first=${owner.user.id}&second=${fourth.user.id}`,
      member,
    );
    expect(together.body).toMatchObject({ gamesTogether: 2, firstAhead: 0, secondAhead: 2, tied: 0 });

    for (const path of [
      `getRankings?groupID=${group._id}&gameType=ffa&season=nope`,
      `getStatistics?groupID=${group._id}&gameType=ffa&season=nope`,
      `getHeadToHead?groupID=${group._id}&gameType=ffa&season=nope&first=${owner.user.id}&second=${fourth.user.id}`,
    ]) {
      const unknown = await get(path, member);
      expect(unknown.status, path).toBe(404);
      expect(unknown.body.message).toBe('Season not found');
    }
  });

  it('only Administrators start a season; a name is required and unique in the group', async () => {
    const before = (await get(`getSeasons?groupID=${group._id}`, cast.member)).body;
    const refused = await startSeason(cast.member, { groupID: group._id, name: 'Autumn', minGames: 1 });
    expect(refused.status).toBe(403);
    expect((await startSeason(cast.outsider, { groupID: group._id, name: 'Autumn', minGames: 1 })).status).toBe(404);
    for (const [payload, field] of [
      [{ groupID: group._id, name: '  ', minGames: 1 }, 'name'],
      [{ groupID: group._id, name: 'Autumn', minGames: 0 }, 'minGames'],
      [{ groupID: group._id, name: 'spring', minGames: 1 }, 'name'],
    ] as const) {
      const res = await startSeason(cast.owner, payload);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual([field]);
    }
    expect((await get(`getSeasons?groupID=${group._id}`, cast.member)).body).toEqual(before);
    // minGames defaults to 1.
    const autumn = await startSeason(cast.owner, { groupID: group._id, name: 'Autumn' });
    expect(autumn.body.minGames).toBe(1);
  });
});

describe('starting seasons is limited per user', () => {
  it('refuses with 429 and Retry-After past the limit, and allows again once the window ends', async () => {
    const admin = await createUser(t.app);
    const group = await groupWithCast(t.app, { ...cast, admin }, true);
    const inject = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/civilization/startSeason',
        headers: { authorization: admin.token },
        payload: { groupID: group._id, name, minGames: 1 },
      });
    for (let i = 1; i <= 10; i += 1) expect((await inject(`Season ${i}`)).statusCode).toBe(200);
    const refused = await inject('Season 11');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(`getSeasons?groupID=${group._id}`, admin)).body).toHaveLength(10);
    // Another Administrator is not held back by it.
    expect((await startSeason(cast.owner, { groupID: group._id, name: 'Season 11', minGames: 1 })).status).toBe(200);
    t.clock.advance(60 * 60_000);
    expect((await inject('Season 12')).statusCode).toBe(200);
  });
});
