import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson } from './fakes/osrs-hiscores-fixtures';
import { call, createCast, type Cast } from './groups-fixtures';
import { clanStats, createClan, link, snapshotsOf } from './runescape-clan-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

const HOUR = 3_600_000;
let t: TestApp;
let osrs: OsrsHiscoresFake;
let cast: Cast;
let sleeps: number[];

beforeAll(async () => {
  osrs = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: osrs.url,
    upstreamTimeoutMs: 1000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    runescape: {
      // Pauses are recorded, not waited out, so no test depends on the wall clock.
      hiscoresQueue: { concurrency: 2, backoffBaseMs: 1000, backoffMaxMs: 8000, sleep: async (ms) => void sleeps.push(ms) },
      clanUpdateLimit: { max: 1_000, windowMs: 60_000 },
    },
  });
  cast = await createCast(t.app);
});
afterAll(async () => {
  await t?.close();
  await osrs?.close();
});
beforeEach(() => {
  osrs.reset();
  sleeps = [];
  // Past every cached lookup and every refresh of the previous test.
  t.clock.advance(24 * HOUR);
});

describe('linking an account', () => {
  it('is refused for a name the hiscores do not know, and nothing is saved', async () => {
    const clan = await createClan(t.app, cast.owner, [cast.member]);
    const res = await link(t.app, cast.member, clan._id, 'No Such Name', 'ironman');
    expect(res.status).toBe(400);
    expect(res.body.fields.playerName).toBe('Player "No Such Name" was not found on the Old School RuneScape Ironman hiscores');
    expect(osrs.requests.map((r) => r.table)).toEqual(['hiscore_oldschool_ironman']);
    expect((await call(t.app, `/api/runescape/getLinkedAccount?groupID=${clan._id}`, { as: cast.member })).body).toEqual({ account: null });
    expect(await snapshotsOf(t.database.db, 'no such name')).toHaveLength(0);
  });

  it('saves one name per member per clan and stores the first snapshot with every skill and activity', async () => {
    const clan = await createClan(t.app, cast.owner, [cast.member]);
    osrs.setPlayer('Link One', hiscoresJson({ defaultXp: 2_000_000, scores: { Zulrah: 50 } }));
    osrs.setPlayer('Link Two', hiscoresJson({ defaultXp: 3_000_000 }));
    expect((await link(t.app, cast.member, clan._id, 'Link One')).status).toBe(200);
    const second = await link(t.app, cast.member, clan._id, 'Link Two');
    expect(second.status).toBe(200);
    expect(second.body.account).toMatchObject({ playerName: 'Link Two', gameMode: 'normal', userID: cast.member.user.id });
    const mine = await call(t.app, `/api/runescape/getLinkedAccount?groupID=${clan._id}`, { as: cast.member });
    expect(mine.body.account.playerName).toBe('Link Two');

    const [first] = await snapshotsOf(t.database.db, 'link one');
    const data = JSON.parse(first!.data);
    expect(data.skills.map((s: { name: string }) => s.name)).toContain('Sailing');
    expect(data.activities).toContainEqual(expect.objectContaining({ name: 'Zulrah', score: 50 }));
    // Another member may not link the same name in the clan.
    const taken = await link(t.app, cast.owner, clan._id, 'link two');
    expect(taken.status).toBe(409);
    expect(taken.body.fields.playerName).toBe('link two is already linked by another member of this clan');
  });

  it('is for members of a RuneScape clan only', async () => {
    const clan = await createClan(t.app, cast.owner, [], { isPrivate: false });
    osrs.setPlayer('Outsider', hiscoresJson());
    expect((await link(t.app, cast.outsider, clan._id, 'Outsider')).status).toBe(403);
    const civ = await call(t.app, '/api/groups/createGroup', {
      method: 'POST',
      as: cast.owner,
      payload: { groupName: 'Civ', gameName: 'Civilization 6', isPrivate: true },
    });
    const refused = await link(t.app, cast.owner, civ.body._id, 'Outsider');
    expect(refused.status).toBe(400);
    expect(osrs.requests).toHaveLength(0);
  });

  it('answers 400 with per-field messages for bad input', async () => {
    const clan = await createClan(t.app, cast.owner);
    const res = await call(t.app, '/api/runescape/linkAccount', {
      method: 'POST',
      as: cast.owner,
      payload: { groupID: clan._id, playerName: 'Far Too Long Name', gameMode: 'groupIronman' },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields).sort()).toEqual(['gameMode', 'playerName']);
  });
});

describe('snapshots', () => {
  it('are stored on each lookup of a linked account, never two identical in a row', async () => {
    const clan = await createClan(t.app, cast.owner);
    osrs.setPlayer('Snap Shot', hiscoresJson({ defaultXp: 1_000_000 }));
    await link(t.app, cast.owner, clan._id, 'Snap Shot');
    const lookup = () => call(t.app, '/api/runescape/getOSRSDetails/snap_shot/normal', { as: cast.owner });

    t.clock.advance(5 * 60_000);
    expect((await lookup()).status).toBe(200); // unchanged: no new snapshot
    expect(await snapshotsOf(t.database.db, 'snap shot')).toHaveLength(1);

    osrs.setPlayer('Snap Shot', hiscoresJson({ defaultXp: 1_000_000, xp: { Attack: 1_200_000 } }));
    t.clock.advance(5 * 60_000);
    await lookup();
    const rows = await snapshotsOf(t.database.db, 'snap shot');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.overall_xp! - rows[0]!.overall_xp!).toBe(200_000);
  });

  it('are taken by the job once the six hours are up, and only when something changed', async () => {
    const clan = await createClan(t.app, cast.owner);
    osrs.setPlayer('Job Runner', hiscoresJson({ defaultXp: 1_000_000 }));
    await link(t.app, cast.owner, clan._id, 'Job Runner');
    osrs.requests.length = 0;

    t.clock.advance(5 * HOUR);
    await t.app.runescapeRefresh.tick();
    expect(osrs.requests.filter((r) => r.player === 'Job Runner')).toHaveLength(0);

    t.clock.advance(HOUR + 1);
    await t.app.runescapeRefresh.tick();
    expect(osrs.requests.filter((r) => r.player === 'Job Runner')).toHaveLength(1);
    expect(await snapshotsOf(t.database.db, 'job runner')).toHaveLength(1); // same answer

    osrs.setPlayer('Job Runner', hiscoresJson({ defaultXp: 1_000_000, xp: { Sailing: 1_050_000 } }));
    t.clock.advance(6 * HOUR + 1);
    await t.app.runescapeRefresh.tick();
    expect(await snapshotsOf(t.database.db, 'job runner')).toHaveLength(2);
  });
});

describe('GET /api/runescape/getClanStats', () => {
  it('lists each linked member with totals, combat level and skills, and gains across a period boundary', async () => {
    const clan = await createClan(t.app, cast.owner, [cast.member]);
    const xp = (attack: number) => hiscoresJson({ defaultXp: 1_000_000, xp: { Attack: attack } });
    const t0 = t.clock.now();
    osrs.setPlayer('Gainer', xp(1_000_000));
    osrs.setPlayer('Steady', hiscoresJson({ defaultXp: 13_034_431 }));
    await link(t.app, cast.member, clan._id, 'Gainer');
    await link(t.app, cast.owner, clan._id, 'Steady');

    // Gainer: +100k at t0+10h, +300k more at t0+30h (the job takes them).
    osrs.setPlayer('Gainer', xp(1_100_000));
    t.clock.set(t0 + 10 * HOUR);
    await call(t.app, '/api/runescape/getOSRSDetails/Gainer/normal', { as: cast.member });
    osrs.setPlayer('Gainer', xp(1_400_000));
    t.clock.set(t0 + 30 * HOUR);
    await call(t.app, '/api/runescape/getOSRSDetails/Gainer/normal', { as: cast.member });

    // The day starts at t0+6h: the snapshot in force then is t0's, so the day's gain is 400k.
    const day = await clanStats(t.app, cast.member, clan._id, 'day');
    expect(day.status).toBe(200);
    const gainer = day.body.members.find((m: { playerName: string }) => m.playerName === 'Gainer');
    expect(gainer.gained.overall).toBe(400_000);
    expect(gainer.gained.skills.attack).toBe(400_000);
    expect(gainer.gained.skills.defence).toBe(0);
    expect(day.body.topGainers).toEqual([{ userID: cast.member.user.id, username: cast.member.user.username, playerName: 'Gainer', gained: 400_000 }]);

    // One hour later the day starts at t0+7h... still t0's snapshot; at t0+34h+1ms it starts after t0+10h.
    t.clock.set(t0 + 34 * HOUR + 1);
    const later = await clanStats(t.app, cast.member, clan._id, 'day');
    expect(later.body.members.find((m: { playerName: string }) => m.playerName === 'Gainer').gained.overall).toBe(300_000);
    // Exactly on the boundary, the snapshot taken then still counts as the start.
    t.clock.set(t0 + 34 * HOUR);
    const onBoundary = await clanStats(t.app, cast.member, clan._id, 'day');
    expect(onBoundary.body.members.find((m: { playerName: string }) => m.playerName === 'Gainer').gained.overall).toBe(300_000);
    t.clock.set(t0 + 34 * HOUR - 1);
    const before = await clanStats(t.app, cast.member, clan._id, 'day');
    expect(before.body.members.find((m: { playerName: string }) => m.playerName === 'Gainer').gained.overall).toBe(400_000);

    const week = await clanStats(t.app, cast.owner, clan._id, 'week');
    const steady = week.body.members.find((m: { playerName: string }) => m.playerName === 'Steady');
    expect(steady).toMatchObject({ username: cast.owner.user.username, combatLevel: 126, totalLevel: 99 * 24 });
    expect(steady.skills.sailing).toEqual({ level: 99, experience: 13_034_431 });
    expect(steady.gained.overall).toBe(0);
    expect(week.body.members).toHaveLength(2);
  });

  it('is for members only', async () => {
    const clan = await createClan(t.app, cast.owner, [], { isPrivate: false });
    expect((await clanStats(t.app, cast.outsider, clan._id)).status).toBe(403);
    expect((await clanStats(t.app, null, clan._id)).status).toBe(401);
    const hidden = await createClan(t.app, cast.owner);
    expect((await clanStats(t.app, cast.outsider, hidden._id)).status).toBe(404);
    expect((await call(t.app, `/api/runescape/getPlayerHistory?groupID=${hidden._id}&userID=${cast.owner.user.id}`, { as: cast.outsider })).status).toBe(404);
    expect((await clanStats(t.app, cast.owner, hidden._id, 'year')).status).toBe(400);
  });

  it('reads in a fixed number of queries whatever the clan size', async () => {
    const clan = await createClan(t.app, cast.owner);
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t.app)));
    for (const [i, user] of users.entries()) {
      await call(t.app, '/api/groups/joinGroup', {
        method: 'POST',
        as: user,
        payload: { groupID: clan._id, userID: user.user.id, inviteLink: clan.inviteLink },
      });
      osrs.setPlayer(`Many ${i}`, hiscoresJson({ defaultXp: 1_000_000 + i }));
      await link(t.app, user, clan._id, `Many ${i}`);
    }
    const queries: string[] = [];
    const executor = t.database.db.getExecutor();
    const original = executor.executeQuery.bind(executor);
    executor.executeQuery = ((query: Parameters<typeof original>[0]) => {
      queries.push(query.sql);
      return original(query);
    }) as typeof executor.executeQuery;
    try {
      const res = await clanStats(t.app, cast.owner, clan._id);
      expect(res.body.members).toHaveLength(6);
    } finally {
      executor.executeQuery = original;
    }
    expect(queries.filter((q) => q.includes('runescape_')).length).toBe(2);
  });
});

describe('POST /api/runescape/updateClanStats', () => {
  it('refreshes the linked accounts now and is rate limited per clan', async () => {
    const limited = await createTestApp({
      osrsHiscoresUrl: osrs.url,
      runescape: { clanUpdateLimit: { max: 1, windowMs: 10 * 60_000 } },
    });
    try {
      const owner = await createUser(limited.app);
      const clan = await createClan(limited.app, owner);
      osrs.setPlayer('Updater', hiscoresJson());
      await link(limited.app, owner, clan._id, 'Updater');
      osrs.requests.length = 0;
      limited.clock.advance(2 * 60_000);
      const update = () => call(limited.app, '/api/runescape/updateClanStats', { method: 'POST', as: owner, payload: { groupID: clan._id } });
      const first = await update();
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ updated: 1, skipped: 0, failed: 0 });
      expect(osrs.requests).toHaveLength(1);
      const second = await limited.app.inject({
        method: 'POST',
        url: '/api/runescape/updateClanStats',
        headers: { authorization: owner.token },
        payload: { groupID: clan._id },
      });
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toBe("This clan's stats were updated a moment ago. Please wait a few minutes before updating again.");
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      expect(osrs.requests).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});

describe('the hiscores queue', () => {
  // A database of its own per test, so only that test's accounts are due.
  let q: TestApp;
  beforeEach(async () => {
    q = await createTestApp({
      osrsHiscoresUrl: osrs.url,
      upstreamTimeoutMs: 1000,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      runescape: { hiscoresQueue: { concurrency: 2, backoffBaseMs: 1000, backoffMaxMs: 8000, sleep: async (ms) => void sleeps.push(ms) } },
    });
  });
  afterEach(async () => {
    await q.close();
  });

  async function linkMany(count: number, prefix: string) {
    const owner = await createUser(q.app);
    const clan = await createClan(q.app, owner);
    const users = await Promise.all(Array.from({ length: count }, () => createUser(q.app)));
    for (const [i, user] of users.entries()) {
      await call(q.app, '/api/groups/joinGroup', {
        method: 'POST',
        as: user,
        payload: { groupID: clan._id, userID: user.user.id, inviteLink: clan.inviteLink },
      });
      osrs.setPlayer(`${prefix} ${i}`, hiscoresJson({ defaultXp: 1_000_000 + i }));
      expect((await link(q.app, user, clan._id, `${prefix} ${i}`)).status).toBe(200);
    }
    osrs.requests.length = 0;
    q.clock.advance(6 * HOUR + 1);
  }

  it('never has more than its concurrency in flight against the hiscores', async () => {
    await linkMany(7, 'Conc');
    osrs.latencyMs = 40;
    const result = await q.app.runescapeRefresh.tick();
    expect(result).toMatchObject({ leader: true, checked: 7, failed: 0 });
    expect(osrs.requests).toHaveLength(7);
    expect(osrs.maxInFlight).toBe(2);
  });

  it('backs off, longer each time, while the hiscores answer 503, and sends nothing during a pause', async () => {
    await linkMany(4, 'Busy');
    osrs.unavailable();
    const requestsAtPause: number[] = [];
    const original = sleeps;
    sleeps = new Proxy(original, {
      get(target, key, receiver) {
        if (key === 'push') return (ms: number) => (requestsAtPause.push(osrs.requests.length), target.push(ms));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const result = await q.app.runescapeRefresh.tick();
    expect(result.failed).toBe(4);
    expect(sleeps.length).toBeGreaterThanOrEqual(1);
    // Each pause doubles the one before (1 s base, 8 s cap).
    for (const [i, ms] of sleeps.entries()) expect(ms).toBeGreaterThanOrEqual(i === 0 ? 1000 : sleeps[i - 1]!);
    // While a pause runs, the two requests already sent are all there are.
    expect(requestsAtPause[0]).toBeLessThanOrEqual(2);
    expect(osrs.requests).toHaveLength(4);
    // Failed accounts are tried again later, not on the next tick.
    osrs.requests.length = 0;
    await q.app.runescapeRefresh.tick();
    expect(osrs.requests).toHaveLength(0);
  });

  it('backs off when the hiscores never answer', async () => {
    await linkMany(2, 'Hang');
    osrs.hang();
    const result = await q.app.runescapeRefresh.tick();
    expect(result.failed).toBe(2);
    expect(sleeps[0]).toBe(1000);
  });
});

describe('GET /api/runescape/getPlayerHistory', () => {
  it("gives a member's points and records of the largest gain in a day and a week", async () => {
    const clan = await createClan(t.app, cast.owner, [cast.member]);
    const xp = (attack: number) => hiscoresJson({ defaultXp: 1_000_000, xp: { Attack: attack } });
    osrs.setPlayer('Recorder', xp(1_000_000));
    await link(t.app, cast.member, clan._id, 'Recorder');
    for (const [hours, attack] of [
      [12, 1_050_000],
      [48, 1_100_000],
      [60, 1_400_000],
    ] as const) {
      t.clock.advance(hours * HOUR - (hours === 12 ? 0 : 0));
      osrs.setPlayer('Recorder', xp(attack));
      await call(t.app, '/api/runescape/getOSRSDetails/Recorder/normal', { as: cast.member });
    }
    const res = await call(t.app, `/api/runescape/getPlayerHistory?groupID=${clan._id}&userID=${cast.member.user.id}`, { as: cast.owner });
    expect(res.status).toBe(200);
    expect(res.body.points.map((p: { skills: { attack: number } }) => p.skills.attack)).toEqual([1_000_000, 1_050_000, 1_100_000, 1_400_000]);
    const attack = res.body.records.find((r: { stat: string }) => r.stat === 'attack');
    expect(attack.day.gained).toBe(50_000);
    expect(attack.week.gained).toBe(400_000);
    expect(res.body.records.find((r: { stat: string }) => r.stat === 'overall').week.gained).toBe(400_000);
    expect(res.body.records.find((r: { stat: string }) => r.stat === 'defence').day).toBeNull();
  });
});
