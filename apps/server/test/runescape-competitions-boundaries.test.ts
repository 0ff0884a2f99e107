import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../src/features/discord/discord.tables';
import '../src/features/discord/discord-app.tables';
import { fakeDiscordApp } from './discord-fixtures';
import { createDiscordFake, fakeWebhookUrl, type DiscordFake } from './fakes/discord-fake';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { hiscoresJson } from './fakes/osrs-hiscores-fixtures';
import { call } from './groups-fixtures';
import {
  createClanWithCast,
  createCompetition,
  DAY,
  getCompetition,
  HOUR,
  iso,
  linkAs,
  MINUTE,
  participantRows,
  post,
  trainingPlayers,
} from './runescape-competitions-fixtures';
import { createTestApp, type TestApp } from './test-app';

// The competitions job with a hand-moved clock and the hiscores fake (both games): each
// participant's snapshot within a minute of the start and of the end, a failed lookup tried again
// until its deadline, the standings of a two-metric teams competition, the table kept once
// finished, and each Discord post sent once.

let hiscores: OsrsHiscoresFake;
let discord: DiscordFake;
let t: TestApp;
let players: ReturnType<typeof trainingPlayers>;

beforeAll(async () => {
  hiscores = await createOsrsHiscoresFake();
  discord = await createDiscordFake();
  t = await createTestApp({
    osrsHiscoresUrl: hiscores.url,
    discordApiUrl: discord.url,
    discordApp: fakeDiscordApp,
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
  await discord?.close();
});
beforeEach(() => {
  hiscores.requests.length = 0;
});

const tick = () => t.app.runescapeCompetitions.tick();
/** Moves the clock to `at` and runs the job there. */
async function tickAt(at: number) {
  t.clock.set(at);
  return tick();
}

describe('an Old School teams competition on two metrics', () => {
  it('snapshots everyone within a minute of the start and the end, ranks people and teams exactly, keeps the final table, and posts each announcement once', async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 3);
    const [m1, m2, m3] = clan.members as [(typeof clan.members)[0], (typeof clan.members)[0], (typeof clan.members)[0]];
    players.osrs('Team Owner', { defaultXp: 1_000_000 });
    players.osrs('Team One', { defaultXp: 1_000_000, scores: { Zulrah: 10 } });
    players.osrs('Team Two', { defaultXp: 2_000_000 });
    players.osrs('Team Three', { defaultXp: 500_000 });
    await linkAs(t.app, clan.owner, clan.groupID, 'Team Owner');
    await linkAs(t.app, m1, clan.groupID, 'Team One');
    await linkAs(t.app, m2, clan.groupID, 'Team Two');
    await linkAs(t.app, m3, clan.groupID, 'Team Three');
    const webhook = await call(t.app, `/api/groups/${clan.groupID}/discordWebhook`, {
      method: 'POST',
      as: clan.admin,
      payload: { webhookUrl: fakeWebhookUrl() },
    });
    expect(webhook.status).toBe(200);
    hiscores.requests.length = 0;

    const start = t.clock.now() + HOUR;
    const end = start + 2 * DAY;
    const created = await createCompetition(t.app, clan.admin, {
      groupID: clan.groupID,
      name: 'Zulrah and Attack week',
      startsAt: iso(start),
      endsAt: iso(end),
      metrics: ['attack', 'zulrah'],
      kind: 'teams',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.competition.competitionID as string;
    // Everyone linked takes part (the Administrator has no account).
    expect(created.body.participants.map((p: { playerName: string }) => p.playerName).sort()).toEqual([
      'Team One',
      'Team Owner',
      'Team Three',
      'Team Two',
    ]);
    const teams = await post(t.app, clan.admin, 'setCompetitionTeams', {
      groupID: clan.groupID,
      competitionID: id,
      teams: [
        { name: 'Red', userIDs: [m1.user.id, m2.user.id] },
        { name: 'Blue', userIDs: [m3.user.id, clan.owner.user.id] },
      ],
    });
    expect(teams.status, JSON.stringify(teams.body)).toBe(200);

    // Before the start nothing is asked of the hiscores.
    expect((await tickAt(start - MINUTE)).taken).toBe(0);
    expect(hiscores.requests).toHaveLength(0);

    // Within a minute of the start: one lookup per participant, each stored as their start.
    const started = await tickAt(start + 20_000);
    expect(started).toMatchObject({ leader: true, taken: 4, failed: 0 });
    expect(hiscores.requests.map((r) => r.player).sort()).toEqual(['Team One', 'Team Owner', 'Team Three', 'Team Two']);
    for (const row of (await participantRows(t.database.db, id)).values()) {
      expect(row.start_status).toBe('taken');
      expect(row.start_taken_at! - start).toBeGreaterThanOrEqual(0);
      expect(row.start_taken_at! - start).toBeLessThan(MINUTE);
    }
    // Asked once: later passes do not ask again for the start.
    hiscores.requests.length = 0;
    await tickAt(start + 40_000);
    expect(hiscores.requests).toHaveLength(0);

    // They train: Attack experience and Zulrah kills (Team Three's first kills take Zulrah from unranked).
    players.osrs('Team One', { defaultXp: 1_000_000, xp: { Attack: 1_001_000 }, scores: { Zulrah: 15 } });
    players.osrs('Team Two', { defaultXp: 2_000_000, xp: { Attack: 2_000_500 } });
    players.osrs('Team Three', { defaultXp: 500_000, xp: { Attack: 502_000 }, scores: { Zulrah: 7 } });

    // The live table during the competition follows the refreshes.
    const refreshed = await tickAt(start + 2 * HOUR);
    expect(refreshed.refreshed).toBe(3);
    const live = await getCompetition(t.app, m1, clan.groupID, id);
    expect(live.body.competition.status).toBe('ongoing');
    expect(live.body.participants.find((p: { userID: string }) => p.userID === m1.user.id).gains).toEqual({ attack: 1000, zulrah: 5 });

    // One day and one hour before the end.
    await tickAt(end - DAY + 10_000);
    await tickAt(end - HOUR + 10_000);

    // Within a minute of the end: each participant's end snapshot.
    hiscores.requests.length = 0;
    const ended = await tickAt(end + 15_000);
    expect(ended).toMatchObject({ taken: 4, failed: 0 });
    expect(hiscores.requests).toHaveLength(4);
    for (const row of (await participantRows(t.database.db, id)).values()) {
      expect(row.end_status).toBe('taken');
      expect(row.end_taken_at! - end).toBeGreaterThanOrEqual(0);
      expect(row.end_taken_at! - end).toBeLessThan(MINUTE);
    }

    const final = await getCompetition(t.app, m2, clan.groupID, id);
    expect(final.status).toBe(200);
    expect(final.body.competition.status).toBe('finished');
    const table = final.body.participants.map(
      (p: { username: string; userID: string; gains: unknown; total: number; rank: number; team: string }) => ({
        userID: p.userID,
        gains: p.gains,
        total: p.total,
        rank: p.rank,
        team: p.team,
      }),
    );
    expect(table).toEqual([
      { userID: m3.user.id, gains: { attack: 2000, zulrah: 7 }, total: 2007, rank: 1, team: 'Blue' },
      { userID: m1.user.id, gains: { attack: 1000, zulrah: 5 }, total: 1005, rank: 2, team: 'Red' },
      { userID: m2.user.id, gains: { attack: 500, zulrah: null }, total: 500, rank: 3, team: 'Red' },
      { userID: clan.owner.user.id, gains: { attack: 0, zulrah: null }, total: 0, rank: 4, team: 'Blue' },
    ]);
    expect(final.body.teams).toEqual([
      { name: 'Blue', gains: { attack: 2000, zulrah: 7 }, total: 2007, rank: 1, members: [m3.user.id, clan.owner.user.id] },
      { name: 'Red', gains: { attack: 1500, zulrah: 5 }, total: 1505, rank: 2, members: [m1.user.id, m2.user.id] },
    ]);
    // The chart: the top participants from 0 at their start to their final total.
    const chartOf = (userID: string) => final.body.chart.find((s: { userID: string }) => s.userID === userID);
    expect(chartOf(m3.user.id).points[0].total).toBe(0);
    expect(chartOf(m3.user.id).points.at(-1).total).toBe(2007);
    expect(final.body.chart).toHaveLength(4);

    // Later training and snapshots change nothing in a finished competition.
    players.osrs('Team Two', { defaultXp: 2_000_000, xp: { Attack: 9_000_000 } });
    await linkAs(t.app, m2, clan.groupID, 'Team Two');
    await tickAt(end + 3 * HOUR);
    const kept = await getCompetition(t.app, m2, clan.groupID, id);
    expect(kept.body.participants).toEqual(final.body.participants);
    expect(kept.body.teams).toEqual(final.body.teams);
    expect(kept.body.chart).toEqual(final.body.chart);

    // Discord: the start, one day left, one hour left and the end with the podium, once each.
    await t.app.discordDeliveries.settled();
    await tickAt(end + 4 * HOUR);
    await t.app.discordDeliveries.settled();
    const titles = discord.posts
      .filter((p) => JSON.stringify(p.payload).includes('Zulrah and Attack week'))
      .map((p) => p.payload.embeds?.[0]?.title);
    expect(titles).toEqual([
      'Competition started: Zulrah and Attack week',
      'One day left: Zulrah and Attack week',
      'One hour left: Zulrah and Attack week',
      'Competition over: Zulrah and Attack week',
    ]);
    const podium = discord.posts.at(-1)!.payload.embeds![0]!.description!;
    expect(podium).toContain('🥇 Blue: 2,007');
    expect(podium).toContain('🥈 Red: 1,505');
  }, 60_000);
});

describe('a RuneScape 3 competition', () => {
  it('reads the RuneScape 3 hiscores at both boundaries, within a minute, and measures their skills', async () => {
    const clan = await createClanWithCast(t.app, 'RuneScape', 2);
    const [a, b] = clan.members as [(typeof clan.members)[0], (typeof clan.members)[0]];
    players.rs3('Rs Alpha', { Necromancy: 1_000_000 });
    players.rs3('Rs Beta', { Invention: 80_000_000 });
    await linkAs(t.app, a, clan.groupID, 'Rs Alpha', 'rs3');
    await linkAs(t.app, b, clan.groupID, 'Rs Beta', 'rs3');
    const start = t.clock.now() + 10 * MINUTE;
    const end = start + 3 * HOUR;
    const created = await createCompetition(t.app, clan.owner, {
      groupID: clan.groupID,
      name: 'Necromancy rush',
      startsAt: iso(start),
      endsAt: iso(end),
      metrics: ['necromancy', 'invention', 'overall'],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.competition.competitionID as string;
    // An Old School metric is not one of RuneScape 3's.
    const wrong = await createCompetition(t.app, clan.owner, {
      groupID: clan.groupID,
      name: 'x',
      startsAt: iso(start),
      endsAt: iso(end),
      metrics: ['sailing'],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fields.metrics).toBe('Unknown metric for RuneScape: sailing');

    const ours = () => hiscores.requests.filter((r) => r.player.startsWith('Rs '));
    hiscores.requests.length = 0;
    await tickAt(start + 30_000);
    expect(ours()).toHaveLength(2);
    expect(ours().every((r) => r.url.includes('/m=hiscore/index_lite.ws'))).toBe(true);
    players.rs3('Rs Alpha', { Necromancy: 1_250_000 });
    players.rs3('Rs Beta', { Invention: 80_100_000 });
    hiscores.requests.length = 0;
    await tickAt(end + 45_000);
    // The refresh during the competition and the end snapshot: at least the end's two lookups.
    expect(ours().length).toBeGreaterThanOrEqual(2);
    const rows = await participantRows(t.database.db, id);
    for (const row of rows.values()) {
      expect(row.start_taken_at! - start).toBeLessThan(MINUTE);
      expect(row.end_taken_at! - end).toBeLessThan(MINUTE);
    }
    const final = await getCompetition(t.app, a, clan.groupID, id);
    expect(
      final.body.participants.map((p: { userID: string; gains: unknown; total: number; rank: number }) => [
        p.userID,
        p.gains,
        p.total,
        p.rank,
      ]),
    ).toEqual([
      [a.user.id, { necromancy: 250_000, invention: 0, overall: 250_000 }, 500_000, 1],
      [b.user.id, { necromancy: null, invention: 100_000, overall: 100_000 }, 200_000, 2],
    ]);
  }, 60_000);
});

describe('a lookup that fails at a boundary', () => {
  it('is tried again until the deadline after the boundary, then marked failed; one that recovers is taken', async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 2);
    const [a, b] = clan.members as [(typeof clan.members)[0], (typeof clan.members)[0]];
    players.osrs('Flaky One', { defaultXp: 100_000 });
    players.osrs('Down One', { defaultXp: 100_000 });
    await linkAs(t.app, a, clan.groupID, 'Flaky One');
    await linkAs(t.app, b, clan.groupID, 'Down One');
    const start = t.clock.now() + HOUR;
    const created = await createCompetition(t.app, clan.admin, {
      groupID: clan.groupID,
      name: 'Flaky',
      startsAt: iso(start),
      endsAt: iso(start + DAY),
      metrics: ['overall'],
    });
    const id = created.body.competition.competitionID as string;
    const outage = { status: 503, body: 'Service Unavailable', contentType: 'text/plain' };
    hiscores.setReply('Flaky One', outage);
    hiscores.setReply('Down One', outage);

    expect(await tickAt(start + 10_000)).toMatchObject({ taken: 0, failed: 0 });
    let rows = await participantRows(t.database.db, id);
    expect([rows.get(a.user.id)!.start_status, rows.get(a.user.id)!.start_attempts]).toEqual(['pending', 1]);
    // Not asked again before its retry is due.
    hiscores.requests.length = 0;
    await tickAt(start + 30_000);
    expect(hiscores.requests).toHaveLength(0);
    await tickAt(start + 2 * MINUTE);
    expect(hiscores.requests.length).toBe(2);
    rows = await participantRows(t.database.db, id);
    expect(rows.get(b.user.id)!.start_attempts).toBe(2);

    // One comes back and is taken at its next retry; the other stays down past the deadline.
    hiscores.setReply('Flaky One', {
      status: 200,
      body: JSON.stringify(hiscoresJson({ defaultXp: 100_000 })),
      contentType: 'application/json',
    });
    await tickAt(start + 6 * MINUTE);
    rows = await participantRows(t.database.db, id);
    expect(rows.get(a.user.id)!.start_status).toBe('taken');
    expect(rows.get(b.user.id)!.start_status).toBe('pending');
    for (let at = start + 10 * MINUTE; at <= start + 31 * MINUTE; at += 5 * MINUTE) await tickAt(at);
    await tickAt(start + 31 * MINUTE);
    rows = await participantRows(t.database.db, id);
    expect(rows.get(b.user.id)!.start_status).toBe('failed');
    const detail = await getCompetition(t.app, a, clan.groupID, id);
    expect(detail.body.participants.find((p: { userID: string }) => p.userID === b.user.id)).toMatchObject({
      startSnapshot: 'failed',
      gains: { overall: null },
      total: 0,
    });
    expect(detail.body.participants.find((p: { userID: string }) => p.userID === a.user.id)).toMatchObject({
      startSnapshot: 'taken',
      endSnapshot: 'pending',
    });
  }, 60_000);
});

describe('a group with the Discord application', () => {
  it("posts in the group's channel through the bot rather than a webhook, once", async () => {
    const clan = await createClanWithCast(t.app, 'Old School RuneScape', 1);
    players.osrs('Bot Watcher', { defaultXp: 100_000 });
    await linkAs(t.app, clan.members[0]!, clan.groupID, 'Bot Watcher');
    const channelId = '1399999999999999001';
    await t.database.db
      .insertInto('discord_channels')
      .values({
        group_id: clan.groupID,
        channel_id: channelId,
        guild_id: null,
        set_by: null,
        updated_at: t.clock.now(),
        checked_at: t.clock.now(),
      })
      .execute();
    const start = t.clock.now() + HOUR;
    const created = await createCompetition(t.app, clan.admin, {
      groupID: clan.groupID,
      name: 'Bot cup',
      startsAt: iso(start),
      endsAt: iso(start + 2 * HOUR),
      metrics: ['overall'],
    });
    expect(created.status).toBe(200);
    const webhookPosts = discord.posts.length;
    await tickAt(start + 5_000);
    await tickAt(start + 10_000);
    await t.app.discordDeliveries.settled();
    const inChannel = [...discord.messages.values()].filter((m) => m.channel_id === channelId);
    expect(inChannel).toHaveLength(1);
    expect(JSON.stringify(inChannel[0])).toContain('Competition started: Bot cup');
    expect(discord.posts.length).toBe(webhookPosts);
  }, 60_000);
});
