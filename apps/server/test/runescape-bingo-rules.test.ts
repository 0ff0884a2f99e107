import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { call, createGroup, type TestUser } from './groups-fixtures';
import { claimTile } from './runescape-bingo-fixtures';
import { createClanWithCast, DAY, HOUR, iso, linkAs, post, trainingPlayers } from './runescape-competitions-fixtures';
import { createTestApp, type TestApp } from './test-app';

// Bingo rules through the API (SQLite, or PostgreSQL with TEST_DATABASE_URL): who may see and
// manage, edits before and after the start with their version check, an even split of the linked
// members, and the claims throttle.

let hiscores: OsrsHiscoresFake;
let t: TestApp;

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    upstreamTimeoutMs: 2000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    runescape: { hiscoresQueue: { concurrency: 2, backoffBaseMs: 1, backoffMaxMs: 1 } },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});

const tasks = (n: number) => Array.from({ length: n }, (_, i) => ({ kind: 'task', title: `Task ${i + 1}`, points: 1 }));

describe('bingo rules', () => {
  it('keeps bingos to the clan, lets Administrators edit within the rules, and splits teams evenly', async () => {
    const players = trainingPlayers(hiscores);
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 4);
    const members = clan.members as [TestUser, TestUser, TestUser, TestUser];
    const xp = [4_000_000, 3_000_000, 2_000_000, 1_000_000];
    for (const [i, member] of members.entries()) {
      players.osrs(`Rules ${i + 1}`, { defaultXp: xp[i]! });
      await linkAs(t.app, member, clan.groupID, `Rules ${i + 1}`);
    }
    const start = t.clock.now() + HOUR;
    const created = await post(t.app, clan.admin, 'createBingo', {
      groupID: clan.groupID,
      name: 'Rules',
      startsAt: iso(start),
      endsAt: iso(start + DAY),
      size: 3,
      tiles: tasks(9),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const bingoID = created.body.bingo.bingoID as string;
    expect(created.body.bingo.bonuses).toEqual({ row: 0, column: 0, diagonal: 0, board: 0 });

    // Outsiders (a private clan is absent to them) and other groups.
    const stranger = (await createClanWithCast(t.app, 'Old School RuneScape', 0)).owner;
    expect((await call(t.app, `/api/runescape/getBingo?groupID=${clan.groupID}&bingoID=${bingoID}`, { as: stranger })).status).toBe(404);
    const other = await createClanWithCast(t.app, 'Old School RuneScape', 0);
    expect((await call(t.app, `/api/runescape/getBingo?groupID=${other.groupID}&bingoID=${bingoID}`, { as: other.owner })).status).toBe(
      404,
    );
    const civ = await createGroup(t.app, clan.owner, { groupName: 'Civ', gameName: 'Civilization 6' });
    expect((await call(t.app, `/api/runescape/getBingos?groupID=${civ._id}`, { as: clan.owner })).status).toBe(400);
    const list = await call(t.app, `/api/runescape/getBingos?groupID=${clan.groupID}`, { as: members[0] });
    expect(list.body.bingos.map((b: { bingoID: string; status: string }) => [b.bingoID, b.status])).toEqual([[bingoID, 'upcoming']]);

    // Edits: a stale version is refused; before the start the board may be replaced.
    const version = created.body.bingo.updatedAt as number;
    const resized = await post(t.app, clan.admin, 'updateBingo', {
      groupID: clan.groupID,
      bingoID,
      size: 4,
      tiles: tasks(16),
      bonuses: { row: 1, column: 2, diagonal: 3, board: 4 },
      expectedUpdatedAt: version,
    });
    expect(resized.status, JSON.stringify(resized.body)).toBe(200);
    expect(resized.body.tiles).toHaveLength(16);
    const stale = await post(t.app, clan.admin, 'updateBingo', {
      groupID: clan.groupID,
      bingoID,
      name: 'Late',
      expectedUpdatedAt: version,
    });
    expect(stale.status).toBe(409);
    const mismatched = await post(t.app, clan.admin, 'updateBingo', { groupID: clan.groupID, bingoID, size: 3, tiles: tasks(16) });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.fields.tiles).toBe('The board needs one tile per square');

    // An even split of the linked members by experience: 4+1 and 3+2 million.
    const split = await post(t.app, clan.admin, 'setBingoTeams', { groupID: clan.groupID, bingoID, split: { teams: 2, by: 'xp' } });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const teams = (split.body.teams as { name: string; members: { userID: string }[] }[]).map((team) =>
      team.members.map((m) => members.findIndex((member) => member.user.id === m.userID) + 1).sort(),
    );
    expect(teams.sort()).toEqual([
      [1, 4],
      [2, 3],
    ]);
    const strangers = await post(t.app, clan.admin, 'setBingoTeams', {
      groupID: clan.groupID,
      bingoID,
      teams: [
        { name: 'A', userIDs: [stranger.user.id] },
        { name: 'B', userIDs: [] },
      ],
    });
    expect(strangers.status).toBe(400);
    // Every team has someone on it: no empty team by hand, no split into more teams than linked members.
    const emptyTeam = await post(t.app, clan.admin, 'setBingoTeams', {
      groupID: clan.groupID,
      bingoID,
      teams: [
        { name: 'A', userIDs: [members[0]!.user.id] },
        { name: 'B', userIDs: [] },
      ],
    });
    expect(emptyTeam.status).toBe(400);
    expect(emptyTeam.body.fields.teams).toBe('B has no members: give every team at least one');
    const tooMany = await post(t.app, clan.admin, 'setBingoTeams', { groupID: clan.groupID, bingoID, split: { teams: 10, by: 'xp' } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.split).toBe('Only 4 members have a linked account: split into at most 4 teams');

    // After the start: only the name and the end.
    t.clock.set(start + 1000);
    const locked = await post(t.app, clan.admin, 'updateBingo', { groupID: clan.groupID, bingoID, size: 3, tiles: tasks(9) });
    expect(locked.status).toBe(400);
    expect(locked.body.fields.tiles).toBe("This can't change once the bingo has started");
    const renamed = await post(t.app, clan.admin, 'updateBingo', {
      groupID: clan.groupID,
      bingoID,
      name: 'Renamed',
      endsAt: iso(start + 2 * DAY),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.bingo).toMatchObject({ name: 'Renamed', status: 'ongoing' });
    expect((await post(t.app, members[0], 'updateBingo', { groupID: clan.groupID, bingoID, name: 'Mine' })).status).toBe(403);

    // A tiny file announcing a 100,000 × 100,000 image is refused before anything is decoded.
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(100_000, 0);
    ihdr.writeUInt32BE(100_000, 4);
    ihdr.set([8, 2], 8);
    const chunk = Buffer.concat([Buffer.from('IHDR'), ihdr]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(13);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(chunk) >>> 0);
    const bomb = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, chunk, crc]);
    const refused = await claimTile(
      t.app,
      members[2],
      { groupID: clan.groupID, bingoID, tileID: renamed.body.tiles[0].tileID as string },
      { filename: 'bomb.png', type: 'image/png', data: bomb },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty('proof');

    // The claims throttle: 30 in ten minutes, then 429 with Retry-After (counted before the image is read).
    const tileID = renamed.body.tiles[0].tileID as string;
    for (let i = 0; i < 30; i += 1)
      expect((await claimTile(t.app, members[1], { groupID: clan.groupID, bingoID, tileID })).status).toBe(400);
    const throttled = await claimTile(t.app, members[1], { groupID: clan.groupID, bingoID, tileID });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  }, 120_000);
});
