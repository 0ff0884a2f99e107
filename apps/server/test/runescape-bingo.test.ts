import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../src/features/discord/discord.tables';
import '../src/features/runescape/bingo.tables';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { fakeWebhookUrl } from './fakes/discord-fake';
import { call, type TestUser } from './groups-fixtures';
import { claimTile, jpegWithExif, pngScreenshot } from './runescape-bingo-fixtures';
import { createClanWithCast, DAY, HOUR, iso, linkAs, MINUTE, post, trainingPlayers } from './runescape-competitions-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { BINGO_OWN_TEAM_MESSAGE } from '../src/features/runescape/bingo-claims.service';

// Clan bingo through the API on a fresh database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
// a board with an XP tile and task tiles, two teams and an appointed moderator; claims with
// screenshots (stored re-encoded, refused when not an image or too large), decisions by moderators
// only, the XP tile done by the job from a snapshot delta, bonuses scored exactly, and nothing of
// another team's waiting claims visible.

let hiscores: OsrsHiscoresFake;
let t: TestApp;

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    upstreamTimeoutMs: 2000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    discordDelivery: { pollMs: 3_600_000 },
    runescape: { hiscoresQueue: { concurrency: 2, backoffBaseMs: 1, backoffMaxMs: 1 } },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});

const POINTS = [5, 1, 2, 3, 4, 5, 6, 7, 8];
const BONUSES = { row: 10, column: 20, diagonal: 40, board: 100 };
const board = () =>
  POINTS.map((points, i) =>
    i === 0
      ? { kind: 'xp', title: 'Gain 1,000 Attack XP', metric: 'attack', goal: 1000, points }
      : { kind: 'task', title: `Task ${i}`, points },
  );

type Tile = { tileID: string; index: number; state: string | null; doneBy: string[]; progress: Record<string, number> };
type Team = {
  teamID: string;
  name: string;
  points: number;
  tilePoints: number;
  bonusPoints: number;
  rows: number;
  columns: number;
  diagonals: number;
  board: boolean;
};

const getBingo = (as: TestUser, groupID: string, bingoID: string) =>
  call(t.app, `/api/runescape/getBingo?groupID=${groupID}&bingoID=${bingoID}`, { as });
const proof = (as: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: as.token } });

describe('an Old School clan bingo', () => {
  it('takes claims with screenshots, lets only moderators decide, completes an XP tile, scores bonuses exactly and hides other teams’ claims', async () => {
    const players = trainingPlayers(hiscores);
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 4);
    const [m1, m2, m3, m4] = clan.members as [TestUser, TestUser, TestUser, TestUser];
    players.osrs('Bingo One', { defaultXp: 1_000_000 });
    players.osrs('Bingo Two', { defaultXp: 1_000_000 });
    players.osrs('Bingo Three', { defaultXp: 1_000_000 });
    await linkAs(t.app, m1, clan.groupID, 'Bingo One');
    await linkAs(t.app, m2, clan.groupID, 'Bingo Two');
    await linkAs(t.app, m3, clan.groupID, 'Bingo Three');
    const webhook = await call(t.app, `/api/groups/${clan.groupID}/discordWebhook`, {
      method: 'POST',
      as: clan.admin,
      payload: { webhookUrl: fakeWebhookUrl() },
    });
    expect(webhook.status).toBe(200);

    const start = t.clock.now() + HOUR;
    const end = start + 2 * DAY;
    const base = { groupID: clan.groupID, name: 'Autumn bingo', startsAt: iso(start), endsAt: iso(end), size: 3, bonuses: BONUSES };

    // Administrators only; tiles checked against the game's metrics.
    expect((await post(t.app, m1, 'createBingo', { ...base, tiles: board() })).status).toBe(403);
    const wrongMetric = await post(t.app, clan.admin, 'createBingo', {
      ...base,
      tiles: board().map((tile, i) => (i === 0 ? { ...tile, metric: 'zulrah' } : tile)),
    });
    expect(wrongMetric.status).toBe(400);
    expect(wrongMetric.body.fields.tiles).toContain('pick a skill');
    const tooSmall = await post(t.app, clan.admin, 'createBingo', { ...base, size: 2, tiles: board().slice(0, 4) });
    expect(tooSmall.status).toBe(400);

    const created = await post(t.app, clan.admin, 'createBingo', { ...base, tiles: board() });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const bingoID = created.body.bingo.bingoID as string;
    const tiles = created.body.tiles as Tile[];
    expect(tiles.map((tile) => tile.index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);

    // A board copied from an earlier bingo.
    const copy = await post(t.app, clan.admin, 'createBingo', {
      groupID: clan.groupID,
      name: 'Copy',
      startsAt: iso(start + DAY),
      endsAt: iso(end + DAY),
      copyFromBingoID: bingoID,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect((copy.body.tiles as { title: string; points: number }[]).map((tile) => [tile.title, tile.points])).toEqual(
      tiles.map((tile) => [(tile as unknown as { title: string }).title, (tile as unknown as { points: number }).points]),
    );
    expect(copy.body.bingo.bonuses).toEqual(BONUSES);

    const teams = await post(t.app, clan.admin, 'setBingoTeams', {
      groupID: clan.groupID,
      bingoID,
      teams: [
        { name: 'Red', userIDs: [m1.user.id, m2.user.id] },
        { name: 'Blue', userIDs: [m3.user.id, clan.owner.user.id] },
      ],
    });
    expect(teams.status, JSON.stringify(teams.body)).toBe(200);
    const red = (teams.body.teams as Team[]).find((team) => team.name === 'Red')!.teamID;
    const blue = (teams.body.teams as Team[]).find((team) => team.name === 'Blue')!.teamID;
    const moderators = await post(t.app, clan.admin, 'setBingoModerators', { groupID: clan.groupID, bingoID, userIDs: [m4.user.id] });
    expect(moderators.status).toBe(200);
    expect(moderators.body.viewer).toMatchObject({ isModerator: true, mayManage: true });

    const mine = await getBingo(m1, clan.groupID, bingoID);
    expect(mine.body.viewer).toMatchObject({ teamID: red, isModerator: false, mayManage: false, mayClaim: false });
    expect((await getBingo(m4, clan.groupID, bingoID)).body.viewer).toMatchObject({ teamID: null, isModerator: true, mayManage: false });

    const fields = (tile: number, note = '') => ({ groupID: clan.groupID, bingoID, tileID: tiles[tile]!.tileID, note });
    const jpeg = { filename: 'drop.jpg', type: 'image/jpeg', data: await jpegWithExif() };
    // Not before the start.
    expect((await claimTile(t.app, m1, fields(1), jpeg)).status).toBe(400);

    // The start: each member's snapshot through the queue.
    t.clock.set(start + 20_000);
    const started = await t.app.runescapeBingo.tick();
    expect(started).toMatchObject({ leader: true, taken: 3, failed: 1 });
    // Teams are fixed once it has started.
    expect((await post(t.app, clan.admin, 'setBingoTeams', { groupID: clan.groupID, bingoID, split: { teams: 2, by: 'xp' } })).status).toBe(
      409,
    );

    // A claim with a JPEG carrying EXIF: stored re-encoded as WebP without it, served to the team.
    const claim = await claimTile(t.app, m1, fields(1, 'Red secret note'), jpeg);
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    expect(claim.body).toMatchObject({
      status: 'pending',
      teamID: red,
      note: 'Red secret note',
      proofType: 'image/webp',
      proofWidth: 64,
      proofHeight: 48,
    });
    const served = await proof(m2, claim.body.proofUrl as string);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const bytes = served.rawPayload;
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SECRET-HOME-ADDRESS'))).toBe(false);
    expect(bytes.equals(jpeg.data)).toBe(false);
    expect((await proof(m4, claim.body.proofUrl as string)).statusCode).toBe(200);
    expect((await proof(clan.admin, claim.body.proofUrl as string)).statusCode).toBe(200);

    // Refused uploads: not an image, an executable renamed .png, too large, missing.
    const text = await claimTile(t.app, m2, fields(2), {
      filename: 'proof.txt',
      type: 'text/plain',
      data: Buffer.from('I did it, honest'),
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('The screenshot must be a PNG, JPEG or WebP image');
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4000, 7)]);
    const renamed = await claimTile(t.app, m2, fields(2), { filename: 'screenshot.png', type: 'image/png', data: exe });
    expect(renamed.status).toBe(400);
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 1)]);
    expect((await claimTile(t.app, m2, fields(2), { filename: 'broken.png', type: 'image/png', data: fakePng })).status).toBe(400);
    const huge = await claimTile(t.app, m2, fields(2), {
      filename: 'huge.png',
      type: 'image/png',
      data: Buffer.concat([fakePng, Buffer.alloc(6 * 1024 * 1024)]),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('The screenshot is larger than 5 MB');
    expect((await claimTile(t.app, m2, fields(2))).status).toBe(400);
    // XP tiles complete themselves.
    expect((await claimTile(t.app, m2, fields(0), jpeg)).status).toBe(400);
    // A second claim while the first waits.
    expect((await claimTile(t.app, m2, fields(1), jpeg)).status).toBe(409);

    // Hidden information: Blue sees neither Red's waiting claim nor its note nor its screenshot.
    const blueView = await getBingo(m3, clan.groupID, bingoID);
    expect(blueView.body.viewer.teamID).toBe(blue);
    expect((blueView.body.tiles as Tile[])[1]).toMatchObject({ state: 'open', doneBy: [] });
    expect(JSON.stringify(blueView.body)).not.toContain('Red secret note');
    expect(JSON.stringify(blueView.body)).not.toContain(claim.body.claimID as string);
    const blueClaims = await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingoID}`, { as: m3 });
    expect(blueClaims.body.claims).toEqual([]);
    expect((await proof(m3, claim.body.proofUrl as string)).statusCode).toBe(404);
    expect((await proof(clan.owner, claim.body.proofUrl as string)).statusCode).toBe(200); // the owner is an Administrator
    // Red sees its own claim waiting.
    expect((await getBingo(m2, clan.groupID, bingoID)).body.tiles[1].state).toBe('pending');
    const redClaims = await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingoID}`, { as: m2 });
    expect(redClaims.body.claims.map((c: { claimID: string }) => c.claimID)).toEqual([claim.body.claimID]);
    const queue = await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingoID}&status=pending`, { as: m4 });
    expect(queue.body.claims).toHaveLength(1);

    // Only moderators and Administrators decide.
    const decide = (as: TestUser, claimID: string, decision: string, reason?: string) =>
      post(t.app, as, 'decideBingoClaim', { groupID: clan.groupID, claimID, decision, ...(reason ? { reason } : {}) });
    expect((await decide(m1, claim.body.claimID as string, 'accept')).status).toBe(403);
    expect((await decide(m3, claim.body.claimID as string, 'accept')).status).toBe(403);
    expect((await decide(m4, claim.body.claimID as string, 'decline')).status).toBe(400);
    expect(claim.body).toMatchObject({ decidedBy: null, decidedByUsername: null, decidedAt: null });
    expect((await decide(m4, claim.body.claimID as string, 'hold')).body.status).toBe('held');
    expect((await getBingo(m1, clan.groupID, bingoID)).body.tiles[1].state).toBe('held');
    const accepted = await decide(m4, claim.body.claimID as string, 'accept');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', decidedBy: m4.user.id, decidedByUsername: m4.user.username });
    expect((await decide(m4, claim.body.claimID as string, 'accept')).status).toBe(409);

    // Done for Red, visible to Blue; a second claim on a done tile is refused.
    expect((await getBingo(m3, clan.groupID, bingoID)).body.tiles[1]).toMatchObject({ doneBy: [red], state: 'open' });
    expect((await getBingo(m1, clan.groupID, bingoID)).body.tiles[1].state).toBe('done');
    const again = await claimTile(t.app, m2, fields(1), jpeg);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Your team has already completed this tile');

    // A declined claim may be claimed again.
    const png = { filename: 'drop.png', type: 'image/png', data: await pngScreenshot() };
    const declined = await claimTile(t.app, m2, fields(2), png);
    expect(declined.status).toBe(200);
    expect((await decide(clan.admin, declined.body.claimID as string, 'decline', 'Wrong item')).body).toMatchObject({
      status: 'declined',
      reason: 'Wrong item',
      decidedBy: clan.admin.user.id,
      decidedByUsername: clan.admin.user.username,
    });
    // The team reads who decided its claims in its own list.
    const decidedBy = async (as: TestUser) =>
      new Map(
        (
          (await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingoID}`, { as })).body.claims as {
            claimID: string;
            decidedByUsername: string | null;
          }[]
        ).map((c) => [c.claimID, c.decidedByUsername]),
      );
    expect(await decidedBy(m2)).toEqual(
      new Map([
        [declined.body.claimID, clan.admin.user.username],
        [claim.body.claimID, m4.user.username],
      ]),
    );
    expect((await getBingo(m2, clan.groupID, bingoID)).body.tiles[2].state).toBe('open');
    const resubmitted = await claimTile(t.app, m2, fields(2), png);
    expect(resubmitted.status).toBe(200);
    expect((await decide(clan.admin, resubmitted.body.claimID as string, 'accept')).status).toBe(200);

    // Nobody judges their own team's proof: the owner, an Administrator on Blue, leaves Blue's claim to another.
    const blueClaim = await claimTile(t.app, m3, fields(3), png);
    expect(blueClaim.status).toBe(200);
    const own = await decide(clan.owner, blueClaim.body.claimID as string, 'accept');
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(BINGO_OWN_TEAM_MESSAGE);
    expect((await decide(m3, blueClaim.body.claimID as string, 'accept')).status).toBe(403);
    expect((await decide(m4, blueClaim.body.claimID as string, 'decline', 'Not the right drop')).status).toBe(200);

    // The XP tile: Red's members gain 600 + 500 Attack experience; the refresh completes it.
    players.osrs('Bingo One', { defaultXp: 1_000_000, xp: { Attack: 1_000_600 } });
    t.clock.set(start + 2 * HOUR);
    expect((await t.app.runescapeBingo.tick()).completed).toBe(0);
    let redView = await getBingo(m1, clan.groupID, bingoID);
    expect(redView.body.tiles[0]).toMatchObject({ state: 'open', progress: { [red]: 600, [blue]: 0 } });
    players.osrs('Bingo Two', { defaultXp: 1_000_000, xp: { Attack: 1_000_500 } });
    t.clock.set(start + 4 * HOUR);
    expect(await t.app.runescapeBingo.tick()).toMatchObject({ completed: 1, posted: 1 });
    redView = await getBingo(m1, clan.groupID, bingoID);
    expect(redView.body.tiles[0]).toMatchObject({ state: 'done', doneBy: [red], progress: { [red]: 1100 } });

    // Row 0 is complete: its tiles' points and the row bonus, exactly.
    const redTeam = () => getBingo(m1, clan.groupID, bingoID).then((r) => (r.body.teams as Team[]).find((team) => team.teamID === red)!);
    expect(await redTeam()).toMatchObject({
      tilePoints: 5 + 1 + 2,
      rows: 1,
      columns: 0,
      diagonals: 0,
      board: false,
      bonusPoints: 10,
      points: 18,
    });

    const complete = async (tile: number, as: TestUser) => {
      const res = await claimTile(t.app, as, fields(tile), png);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await decide(m4, res.body.claimID as string, 'accept')).status).toBe(200);
    };
    // The diagonal 0, 4, 8.
    await complete(4, m1);
    await complete(8, m2);
    expect(await redTeam()).toMatchObject({
      tilePoints: 5 + 1 + 2 + 4 + 8,
      rows: 1,
      columns: 0,
      diagonals: 1,
      bonusPoints: 10 + 40,
      points: 70,
    });
    // The column 0, 3, 6 and the other diagonal 2, 4, 6.
    await complete(3, m1);
    await complete(6, m2);
    expect(await redTeam()).toMatchObject({ tilePoints: 29, rows: 1, columns: 1, diagonals: 2, bonusPoints: 10 + 20 + 80, points: 139 });
    // The whole board: 3 rows, 3 columns, 2 diagonals and the board bonus.
    await complete(5, m1);
    await complete(7, m2);
    const full = await redTeam();
    expect(full).toMatchObject({
      tilePoints: 41,
      rows: 3,
      columns: 3,
      diagonals: 2,
      board: true,
      bonusPoints: 30 + 60 + 80 + 100,
      points: 311,
    });
    const table = (await getBingo(m3, clan.groupID, bingoID)).body.teams as (Team & { rank: number })[];
    expect(table.map((team) => [team.name, team.points, team.rank])).toEqual([
      ['Red', 311, 1],
      ['Blue', 0, 2],
    ]);

    // Claims stop at the end; the final table is posted once; each completed tile was posted once.
    t.clock.set(end + MINUTE);
    expect((await claimTile(t.app, m3, fields(1), png)).status).toBe(400);
    expect((await t.app.runescapeBingo.tick()).posted).toBe(1);
    expect((await t.app.runescapeBingo.tick()).posted).toBe(0);
    const keys = (
      await t.database.db.selectFrom('discord_deliveries').select('dedupe_key').where('group_id', '=', clan.groupID).execute()
    ).map((row) => row.dedupe_key);
    expect(keys.filter((key) => key === `bingo:${bingoID}:end`)).toHaveLength(1);
    expect(keys.filter((key) => key.startsWith(`bingo:${bingoID}:tile:`) && key.endsWith(`:${red}`))).toHaveLength(9);

    // A moderator may not delete the bingo.
    expect((await post(t.app, m4, 'deleteBingo', { groupID: clan.groupID, bingoID })).status).toBe(403);

    // A decider whose account is deleted is named no more; the decision and its time stay.
    await t.database.db.deleteFrom('users').where('id', '=', m4.user.id).execute();
    const afterLeaving = await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingoID}`, { as: m2 });
    expect((afterLeaving.body.claims as { claimID: string }[]).find((c) => c.claimID === claim.body.claimID)).toMatchObject({
      status: 'accepted',
      decidedBy: null,
      decidedByUsername: null,
      decidedAt: expect.any(String),
    });
    expect((afterLeaving.body.claims as { claimID: string }[]).find((c) => c.claimID === declined.body.claimID)).toMatchObject({
      decidedByUsername: clan.admin.user.username,
    });

    // Deleting removes the claims and their screenshots.
    expect((await post(t.app, clan.admin, 'deleteBingo', { groupID: clan.groupID, bingoID })).status).toBe(200);
    expect(await t.database.db.selectFrom('runescape_bingo_claims').select('id').where('bingo_id', '=', bingoID).execute()).toEqual([]);
    expect((await proof(m1, claim.body.proofUrl as string)).statusCode).toBe(404);
  }, 120_000);
});
