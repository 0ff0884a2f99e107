import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BINGO_FINAL_POSTED_MESSAGE, BINGO_REVIEW_HOURS } from '@smm/shared/runescape/bingo-schemas';
import '../src/features/discord/discord.tables';
import '../src/features/runescape/bingo.tables';
import { fakeWebhookUrl } from './fakes/discord-fake';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson, type HiscoresSpec } from './fakes/osrs-hiscores-fixtures';
import { call, type TestUser } from './groups-fixtures';
import { claimTile, pngScreenshot } from './runescape-bingo-fixtures';
import { createClanWithCast, DAY, HOUR, iso, linkAs, MINUTE, post, trainingPlayers } from './runescape-competitions-fixtures';
import { createTestApp, type TestApp } from './test-app';

// A bingo's end through the API and its job, with a hand-moved clock and the hiscores fake (SQLite,
// or PostgreSQL with TEST_DATABASE_URL): each member's values taken at the end, so a gain made
// after the last refresh counts and a later lookup changes nothing; a lookup failing at the end
// tried again until its deadline, then the last snapshot known by the end kept; the final table
// posted only once the end values are settled and no claim waits (or the review window has
// passed); claims decided after the end until then, and refused once it is posted.

let hiscores: OsrsHiscoresFake;
let t: TestApp;
let players: ReturnType<typeof trainingPlayers>;

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    upstreamTimeoutMs: 2000,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    discordDelivery: { pollMs: 3_600_000 },
    // No real pause after a failed lookup: the clock of these tests is moved by hand.
    runescape: { hiscoresQueue: { concurrency: 2, backoffBaseMs: 1, backoffMaxMs: 1 } },
  });
  players = trainingPlayers(hiscores);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await hiscores?.close();
});
beforeEach(() => {
  hiscores.requests.length = 0;
});

/** Moves the clock to `at` and runs the bingo job there. */
async function tickAt(at: number) {
  t.clock.set(at);
  return t.app.runescapeBingo.tick();
}

const getBingo = (as: TestUser, groupID: string, bingoID: string) =>
  call(t.app, `/api/runescape/getBingo?groupID=${groupID}&bingoID=${bingoID}`, { as });
const decide = (as: TestUser, groupID: string, claimID: string, decision: string, reason?: string) =>
  post(t.app, as, 'decideBingoClaim', { groupID, claimID, decision, ...(reason ? { reason } : {}) });

/** The Discord deliveries queued for the bingo, by key. */
async function deliveries(groupID: string, bingoID: string) {
  const rows = await t.database.db
    .selectFrom('discord_deliveries')
    .select(['dedupe_key', 'payload'])
    .where('group_id', '=', groupID)
    .execute();
  return new Map(rows.filter((row) => row.dedupe_key.startsWith(`bingo:${bingoID}:`)).map((row) => [row.dedupe_key, row.payload]));
}

async function withWebhook(groupID: string, as: TestUser) {
  const webhook = await call(t.app, `/api/groups/${groupID}/discordWebhook`, {
    method: 'POST',
    as,
    payload: { webhookUrl: fakeWebhookUrl() },
  });
  expect(webhook.status).toBe(200);
}

/** A 3×3 bingo of the given tiles (tasks fill the rest) with two teams. */
async function createBingo(
  clan: { groupID: string; admin: TestUser },
  name: string,
  start: number,
  end: number,
  tiles: Record<string, unknown>[],
  teams: { name: string; userIDs: string[] }[],
) {
  const board = Array.from({ length: 9 }, (_, i) => tiles[i] ?? { kind: 'task', title: `Task ${i}`, points: 1 });
  const created = await post(t.app, clan.admin, 'createBingo', {
    groupID: clan.groupID,
    name,
    startsAt: iso(start),
    endsAt: iso(end),
    size: 3,
    tiles: board,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const bingoID = created.body.bingo.bingoID as string;
  const set = await post(t.app, clan.admin, 'setBingoTeams', { groupID: clan.groupID, bingoID, teams });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const teamIDs = new Map((set.body.teams as { name: string; teamID: string }[]).map((team) => [team.name, team.teamID]));
  return { bingoID, tiles: created.body.tiles as { tileID: string }[], teamIDs };
}

const spec = (attack: number, zulrah?: number): HiscoresSpec => ({
  defaultXp: 1_000_000,
  xp: { Attack: 1_000_000 + attack },
  ...(zulrah === undefined ? {} : { scores: { Zulrah: zulrah } }),
});
const OUTAGE = { status: 503, body: 'Service Unavailable', contentType: 'text/plain' };
const answer = (s: HiscoresSpec) => ({ status: 200, body: JSON.stringify(hiscoresJson(s)), contentType: 'application/json' });

/**
 * A clan whose three members have linked accounts (`<prefix> One` to `Three`), a webhook, and a
 * bingo of a day starting in an hour with an Attack XP tile (goal 1,000, 5 points) and a Zulrah
 * tile (5 kills, 3 points): Red is One and Two, Blue is Three. Started, with everyone's start values.
 */
async function startedXpBingo(prefix: string) {
  const clan = await createClanWithCast(t.app, 'Old School RuneScape', 3);
  const [m1, m2, m3] = clan.members as [TestUser, TestUser, TestUser];
  const names = [`${prefix} One`, `${prefix} Two`, `${prefix} Three`] as const;
  for (const [i, member] of [m1, m2, m3].entries()) {
    players.osrs(names[i]!, spec(0));
    await linkAs(t.app, member, clan.groupID, names[i]!);
  }
  await withWebhook(clan.groupID, clan.admin);
  const start = t.clock.now() + HOUR;
  const end = start + DAY;
  const bingo = await createBingo(
    clan,
    `${prefix} bingo`,
    start,
    end,
    [
      { kind: 'xp', title: 'Gain 1,000 Attack XP', metric: 'attack', goal: 1000, points: 5 },
      { kind: 'kc', title: 'Kill Zulrah 5 times', metric: 'zulrah', goal: 5, points: 3 },
    ],
    [
      { name: 'Red', userIDs: [m1.user.id, m2.user.id] },
      { name: 'Blue', userIDs: [m3.user.id] },
    ],
  );
  expect(await tickAt(start + 20_000)).toMatchObject({ taken: 3, failed: 0 });
  const red = bingo.teamIDs.get('Red')!;
  const blue = bingo.teamIDs.get('Blue')!;
  const progress = async (tile: number) =>
    ((await getBingo(m1, clan.groupID, bingo.bingoID)).body.tiles[tile] as { progress: Record<string, number> }).progress;
  const memberRows = async () =>
    new Map(
      (await t.database.db.selectFrom('runescape_bingo_members').selectAll().where('bingo_id', '=', bingo.bingoID).execute()).map((row) => [
        row.user_id,
        row,
      ]),
    );
  return { clan, m1, m2, m3, names, start, end, ...bingo, red, blue, progress, memberRows };
}

describe('the end of a bingo with XP and kill-count tiles', () => {
  it('counts a gain made after the last refresh but before the end, completing its tile as of the end', async () => {
    const b = await startedXpBingo('Late');
    players.osrs(b.names[0], spec(400));
    players.osrs(b.names[2], spec(50));
    expect((await tickAt(b.start + 2 * HOUR)).refreshed).toBe(2);
    expect(await b.progress(0)).toEqual({ [b.red]: 400, [b.blue]: 50 });
    // The last refresh before the end.
    players.osrs(b.names[0], spec(700));
    expect((await tickAt(b.end - 30 * MINUTE)).refreshed).toBe(1);
    expect(await b.progress(0)).toEqual({ [b.red]: 700, [b.blue]: 50 });

    // After it: One reaches 1,100 Attack XP, Two's first five Zulrah kills rank it (counted from 0).
    players.osrs(b.names[0], spec(1_100));
    players.osrs(b.names[1], spec(0, 5));

    // Within a minute of the end: everyone's end values, and the tiles they complete.
    expect(await tickAt(b.end + 15_000)).toMatchObject({ taken: 3, failed: 0, refreshed: 0, completed: 2 });
    const rows = await b.memberRows();
    expect(rows.get(b.m1.user.id)).toMatchObject({ end_status: 'taken', end_taken_at: b.end + 15_000 });
    expect(JSON.parse(rows.get(b.m1.user.id)!.end_values!)).toEqual({ attack: 1_001_100, zulrah: null });
    expect(await b.progress(0)).toEqual({ [b.red]: 1_100, [b.blue]: 50 });
    expect(await b.progress(1)).toEqual({ [b.red]: 5, [b.blue]: 0 });
    const completions = await t.database.db
      .selectFrom('runescape_bingo_completions')
      .select(['tile_id', 'team_id', 'completed_at'])
      .where('bingo_id', '=', b.bingoID)
      .execute();
    expect(completions.map((c) => [c.tile_id, c.team_id, Number(c.completed_at)]).sort()).toEqual(
      [
        [b.tiles[0]!.tileID, b.red, b.end],
        [b.tiles[1]!.tileID, b.red, b.end],
      ].sort(),
    );
    // The final table has both tiles.
    expect((await deliveries(b.clan.groupID, b.bingoID)).get(`bingo:${b.bingoID}:end`)).toContain('Red: 8 points (2 tiles)');
  }, 60_000);

  it('keeps the progress as it ended when members are looked up again after the end', async () => {
    const b = await startedXpBingo('Relook');
    players.osrs(b.names[0], spec(1_200));
    players.osrs(b.names[2], spec(300));
    expect((await tickAt(b.start + 2 * HOUR)).completed).toBe(1);
    await tickAt(b.end + 15_000);
    expect((await deliveries(b.clan.groupID, b.bingoID)).has(`bingo:${b.bingoID}:end`)).toBe(true);
    expect(await b.progress(0)).toEqual({ [b.red]: 1_200, [b.blue]: 300 });

    // They keep training and are looked up again (a page, a relink) after the end.
    players.osrs(b.names[0], spec(90_000, 40));
    players.osrs(b.names[1], spec(70_000, 60));
    players.osrs(b.names[2], spec(80_000));
    for (const [i, member] of [b.m1, b.m2, b.m3].entries()) await linkAs(t.app, member, b.clan.groupID, b.names[i]!);
    await tickAt(b.end + 3 * HOUR);
    expect(await b.progress(0)).toEqual({ [b.red]: 1_200, [b.blue]: 300 });
    expect(await b.progress(1)).toEqual({ [b.red]: 0, [b.blue]: 0 });
    const table = (await getBingo(b.m3, b.clan.groupID, b.bingoID)).body.teams as { name: string; points: number; doneTiles: number }[];
    expect(table.map((team) => [team.name, team.points, team.doneTiles])).toEqual([
      ['Red', 5, 1],
      ['Blue', 0, 0],
    ]);
  }, 60_000);

  it('posts the final table only once the end values are taken, or given up at their deadline with the last snapshot known by the end', async () => {
    const b = await startedXpBingo('Outage');
    players.osrs(b.names[2], spec(50));
    expect((await tickAt(b.start + 2 * HOUR)).refreshed).toBe(1);
    // Three trains on, but the hiscores are down for Three from the end.
    players.osrs(b.names[2], spec(2_000));
    hiscores.setReply(b.names[2], OUTAGE);

    expect(await tickAt(b.end + 15_000)).toMatchObject({ taken: 2, failed: 0 });
    expect((await b.memberRows()).get(b.m3.user.id)).toMatchObject({ end_status: 'pending', end_attempts: 1, end_values: null });
    expect((await getBingo(b.m1, b.clan.groupID, b.bingoID)).body.bingo).toMatchObject({ status: 'finished', finalAt: null });
    // Tried again with backoff until half an hour after the end; the final table waits meanwhile.
    for (let at = b.end + 2 * MINUTE; at < b.end + 30 * MINUTE; at += 5 * MINUTE) {
      await tickAt(at);
      expect((await deliveries(b.clan.groupID, b.bingoID)).has(`bingo:${b.bingoID}:end`)).toBe(false);
    }
    expect(hiscores.requests.filter((r) => r.player === b.names[2]).length).toBeGreaterThan(1);

    // At its next try past the deadline it is given up, keeping the last snapshot known by the end (50 XP).
    const giveUpAt = b.end + 32 * MINUTE;
    expect(await tickAt(giveUpAt)).toMatchObject({ failed: 1 });
    const three = (await b.memberRows()).get(b.m3.user.id)!;
    expect(three.end_status).toBe('failed');
    expect(JSON.parse(three.end_values!)).toEqual({ attack: 1_000_050, zulrah: null });
    expect(Number(three.end_taken_at)).toBe(b.start + 2 * HOUR);
    expect((await getBingo(b.m1, b.clan.groupID, b.bingoID)).body.bingo.finalAt).toBe(iso(giveUpAt));
    expect((await deliveries(b.clan.groupID, b.bingoID)).has(`bingo:${b.bingoID}:end`)).toBe(true);

    // Looked up later, Three still counts what was known by the end.
    hiscores.setReply(b.names[2], answer(spec(80_000)));
    await linkAs(t.app, b.m3, b.clan.groupID, b.names[2]);
    expect((await b.progress(0))[b.blue]).toBe(50);
  }, 60_000);
});

/**
 * A clan of three (Red: the first, Blue: the second, the third their moderator) with a webhook and
 * `count` bingos of task tiles, started. Nobody has a linked account: the start and end values are
 * settled at once, as failed.
 */
async function startedTaskBingos(count: number) {
  const clan = await createClanWithCast(t.app, 'Old School RuneScape', 3);
  const [m1, m2, m3] = clan.members as [TestUser, TestUser, TestUser];
  await withWebhook(clan.groupID, clan.admin);
  const start = t.clock.now() + HOUR;
  const end = start + DAY;
  const bingos: Awaited<ReturnType<typeof createBingo>>[] = [];
  for (let i = 0; i < count; i += 1) {
    const bingo = await createBingo(
      clan,
      `Tasks ${i + 1}`,
      start,
      end,
      [],
      [
        { name: 'Red', userIDs: [m1.user.id] },
        { name: 'Blue', userIDs: [m2.user.id] },
      ],
    );
    expect(
      (await post(t.app, clan.admin, 'setBingoModerators', { groupID: clan.groupID, bingoID: bingo.bingoID, userIDs: [m3.user.id] }))
        .status,
    ).toBe(200);
    bingos.push(bingo);
  }
  await tickAt(start + 20_000);
  const png = { filename: 'drop.png', type: 'image/png', data: await pngScreenshot() };
  const claim = async (bingo: (typeof bingos)[number], tile: number, as: TestUser) => {
    const res = await claimTile(t.app, as, { groupID: clan.groupID, bingoID: bingo.bingoID, tileID: bingo.tiles[tile]!.tileID }, png);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return { id: res.body.claimID as string, createdAt: res.body.createdAt as string };
  };
  const teamOf = async (bingo: (typeof bingos)[number], name: string) =>
    ((await getBingo(m1, clan.groupID, bingo.bingoID)).body.teams as { name: string; points: number; doneTiles: number }[]).find(
      (team) => team.name === name,
    );
  return { clan, m1, m2, m3, start, end, bingos, png, claim, teamOf };
}

describe('claims at the end of a bingo', () => {
  it('takes no claim after the end; decides one sent before it until the final table, which waits for it', async () => {
    const { clan, m1, m2, m3, end, bingos, png, claim, teamOf } = await startedTaskBingos(1);
    const bingo = bingos[0]!;
    t.clock.set(end - HOUR);
    const early = await claim(bingo, 1, m1);
    t.clock.set(end - 30 * MINUTE);
    const late = await claim(bingo, 2, m2);

    t.clock.set(end + MINUTE);
    const after = await claimTile(t.app, m2, { groupID: clan.groupID, bingoID: bingo.bingoID, tileID: bingo.tiles[4]!.tileID }, png);
    expect(after.status).toBe(400);
    expect(after.body.message).toBe('This bingo has finished');

    // The final table waits for the claims still waiting.
    await tickAt(end + MINUTE);
    expect((await getBingo(m1, clan.groupID, bingo.bingoID)).body.bingo).toMatchObject({ status: 'finished', finalAt: null });
    expect((await deliveries(clan.groupID, bingo.bingoID)).has(`bingo:${bingo.bingoID}:end`)).toBe(false);

    // Accepted after the end: the tile is done as of the claim, within the bingo.
    t.clock.set(end + 2 * HOUR);
    const accept = await decide(m3, clan.groupID, early.id, 'accept');
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
    expect(accept.body.status).toBe('accepted');
    const done = await t.database.db
      .selectFrom('runescape_bingo_completions')
      .select('completed_at')
      .where('tile_id', '=', bingo.tiles[1]!.tileID)
      .executeTakeFirstOrThrow();
    expect(Number(done.completed_at)).toBe(Date.parse(early.createdAt));
    expect(await teamOf(bingo, 'Red')).toMatchObject({ points: 1, doneTiles: 1 });
    await tickAt(end + 3 * HOUR);
    expect((await deliveries(clan.groupID, bingo.bingoID)).has(`bingo:${bingo.bingoID}:end`)).toBe(false);

    // Once none waits, the final table is posted at the next pass, with the tile accepted after the end.
    expect((await decide(m3, clan.groupID, late.id, 'decline', 'Wrong boss')).status).toBe(200);
    await tickAt(end + 4 * HOUR);
    expect((await deliveries(clan.groupID, bingo.bingoID)).get(`bingo:${bingo.bingoID}:end`)).toContain('Red: 1 points (1 tiles)');
    expect((await getBingo(m1, clan.groupID, bingo.bingoID)).body.bingo.finalAt).toBe(iso(end + 4 * HOUR));
  }, 60_000);

  it('waits for a held claim at most the review window after the end, then posts the final table', async () => {
    const { clan, m1, m2, m3, end, bingos, claim } = await startedTaskBingos(1);
    const bingo = bingos[0]!;
    t.clock.set(end - HOUR);
    const held = await claim(bingo, 1, m1);
    const accepted = await claim(bingo, 2, m2);
    expect((await decide(m3, clan.groupID, held.id, 'hold')).status).toBe(200);
    expect((await decide(m3, clan.groupID, accepted.id, 'accept')).status).toBe(200);

    for (const at of [end + MINUTE, end + BINGO_REVIEW_HOURS * HOUR - MINUTE]) {
      await tickAt(at);
      expect((await deliveries(clan.groupID, bingo.bingoID)).has(`bingo:${bingo.bingoID}:end`)).toBe(false);
    }
    expect((await getBingo(m1, clan.groupID, bingo.bingoID)).body.bingo.finalAt).toBeNull();
    await tickAt(end + BINGO_REVIEW_HOURS * HOUR);
    expect((await deliveries(clan.groupID, bingo.bingoID)).get(`bingo:${bingo.bingoID}:end`)).toContain('Blue: 1 points (1 tiles)');
    expect((await getBingo(m1, clan.groupID, bingo.bingoID)).body.bingo.finalAt).toBe(iso(end + BINGO_REVIEW_HOURS * HOUR));
    // The claim still held stays so.
    const claims = await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingo.bingoID}`, { as: m3 });
    expect(claims.body.claims.find((c: { claimID: string }) => c.claimID === held.id).status).toBe('held');
  }, 60_000);

  it('refuses every decision once the final table is posted: the table stays as posted', async () => {
    const { clan, m1, m2, m3, end, bingos, claim, teamOf } = await startedTaskBingos(1);
    const bingo = bingos[0]!;
    t.clock.set(end - HOUR);
    const pending = await claim(bingo, 1, m1);
    const accepted = await claim(bingo, 2, m2);
    expect((await decide(m3, clan.groupID, accepted.id, 'accept')).status).toBe(200);
    await tickAt(end + BINGO_REVIEW_HOURS * HOUR);
    expect((await deliveries(clan.groupID, bingo.bingoID)).has(`bingo:${bingo.bingoID}:end`)).toBe(true);

    for (const decision of ['accept', 'decline', 'hold'] as const) {
      const refused = await decide(m3, clan.groupID, pending.id, decision, decision === 'decline' ? 'Too late' : undefined);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(BINGO_FINAL_POSTED_MESSAGE);
    }
    const undo = await decide(clan.admin, clan.groupID, accepted.id, 'decline', 'Changed my mind');
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe(BINGO_FINAL_POSTED_MESSAGE);
    const claims = await call(t.app, `/api/runescape/getBingoClaims?groupID=${clan.groupID}&bingoID=${bingo.bingoID}`, { as: m3 });
    expect(claims.body.claims.find((c: { claimID: string }) => c.claimID === pending.id).status).toBe('pending');
    expect(await teamOf(bingo, 'Red')).toMatchObject({ points: 0, doneTiles: 0 });
    expect(await teamOf(bingo, 'Blue')).toMatchObject({ points: 1, doneTiles: 1 });
    expect((await getBingo(m1, clan.groupID, bingo.bingoID)).body.bingo.finalAt).toBe(iso(end + BINGO_REVIEW_HOURS * HOUR));
  }, 60_000);
});
