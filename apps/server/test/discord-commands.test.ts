import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextSlotOccurrence } from '@smm/shared/civilization/availability';
import { CHANNEL_NOT_CONNECTED_ANSWER } from '../src/features/discord/discord-interactions.service';
import '../src/features/discord/discord-app.tables';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { playGame } from './civ-ladder-fixtures';
import { fakeDiscordApp, linkDiscord, nextChannelId, sendInteraction, slashCommand, type AnswerBody } from './discord-fixtures';
import { createEvent, HOUR } from './events-fixtures';
import { call, createCast, createGroup, groupWithCast, join, type Cast } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Slash commands in a group's connected channel: /next, /availability, /rankings and /draft,
// answered for the linked member who asks, with the website's access rules.

describe('Discord slash commands', () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;
  let channelID: string;
  let groupID: string;
  const ids: Record<string, string> = {};

  const ask = async (name: string, discordId: string, channel = channelID) =>
    (await sendInteraction(t.app, t.clock.now(), slashCommand(name, discordId, channel))).json() as AnswerBody;

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    });
    cast = await createCast(t.app);
    const group = await groupWithCast(t.app, cast, true);
    groupID = group._id;
    channelID = nextChannelId();
    for (const role of ['owner', 'admin', 'member', 'outsider'] as const) ids[role] = await linkDiscord(t.app, discord, cast[role]);
    expect(
      (await call(t.app, `/api/groups/${groupID}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } })).status,
    ).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await discord.close();
  });

  it('registers the four commands with Discord when the server starts', async () => {
    await expect.poll(() => discord.commands.map((c) => c.name)).toEqual(['next', 'availability', 'rankings', 'draft']);
  });

  it('/next shows the next event to the channel, with its buttons', async () => {
    const empty = await ask('next', ids.member!);
    expect(empty.data?.content).toBe('No upcoming events. Plan one on the website.');
    const later = await createEvent(t.app, cast.member, groupID, t.clock.now(), { eventName: 'Later', startIn: 72 * HOUR });
    const sooner = await createEvent(t.app, cast.member, groupID, t.clock.now(), { eventName: 'Sooner', startIn: 24 * HOUR });
    const answer = await ask('next', ids.member!);
    expect(answer.type).toBe(4);
    expect(answer.data?.flags).toBeUndefined();
    expect(answer.data?.embeds?.[0]?.title).toBe('Sooner');
    expect(answer.data?.components?.[0]?.components.map((b) => b.custom_id)).toContain(`rsvp:attend:${sooner._id}`);
    expect(JSON.stringify(answer)).not.toContain(later._id);
  });

  it("/availability gives the best times of the week, for Discord to show in the reader's zone, only to the asker", async () => {
    for (const [who, slots] of [
      [
        'member',
        [
          ['Saturday', 'Evening'],
          ['Monday', 'Morning'],
        ],
      ],
      ['admin', [['Saturday', 'Evening']]],
      [
        'owner',
        [
          ['Saturday', 'Evening'],
          ['Monday', 'Morning'],
        ],
      ],
    ] as const) {
      for (const [day, time] of slots) {
        const res = await call(t.app, `/api/civilization/postPlayerAvailability/${groupID}/${cast[who].user.id}`, {
          method: 'POST',
          as: cast[who],
          payload: { day, time, available: true },
        });
        expect(res.status).toBe(200);
      }
    }
    const answer = await ask('availability', ids.member!);
    expect(answer.data?.flags).toBe(64);
    const lines = answer.data?.content?.split('\n') ?? [];
    const saturday = nextSlotOccurrence({ day: 'Saturday', time: 'Evening' }, 'UTC', t.clock.now());
    const monday = nextSlotOccurrence({ day: 'Monday', time: 'Morning' }, 'UTC', t.clock.now());
    expect(lines[0]).toBe('**Best times this week** (in your time zone):');
    expect(lines[1]).toBe(
      `<t:${saturday.startDate / 1000}:F> to <t:${saturday.endDate / 1000}:t>: 3 members (${[cast.admin, cast.member, cast.owner]
        .map((u) => u.user.username)
        .sort()
        .join(', ')})`,
    );
    expect(lines[2]).toMatch(new RegExp(`^<t:${monday.startDate / 1000}:F> to <t:${monday.endDate / 1000}:t>: 2 members`));
  });

  it('/rankings lists the top 10 by rating', async () => {
    expect((await ask('rankings', ids.member!)).data?.content).toBe('No ranked games yet.');
    const group = await createGroup(t.app, cast.owner, { groupName: 'Ladder' });
    const players = [cast.owner];
    for (let i = 0; i < 11; i++) {
      const player = await createUser(t.app);
      await join(t.app, group, player);
      players.push(player);
    }
    const full = (await call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as: cast.owner })).body;
    // Twelve players, one finishing order: the owner wins, the first new player goes out first.
    await playGame(t.app, t.clock, full, cast.owner, { players: [cast.owner, ...players.slice(1)], out: players.slice(1).map((p) => [p]) });
    const channel = nextChannelId();
    expect(
      (await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: cast.owner, payload: { channelID: channel } }))
        .status,
    ).toBe(200);
    const answer = await ask('rankings', ids.owner!, channel);
    const lines = answer.data?.content?.split('\n') ?? [];
    expect(lines[0]).toBe('**Rankings - FFA** (top 10):');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(new RegExp(`^1\\. ${cast.owner.user.username}: rating -?\\d+\\.\\d, 1 win in 1 game$`));
    // The last one out of the game is second; the first one out is not in the top 10.
    expect(lines[2]).toContain(players[11]!.user.username);
    expect(answer.data?.content).not.toContain(players[1]!.user.username);
  }, 60_000);

  it('/draft links to the draft of the next event, only for the asker', async () => {
    const answer = await ask('draft', ids.member!);
    expect(answer.data?.flags).toBe(64);
    const url = new URL(answer.data?.components?.[0]?.components[0]?.url ?? '');
    expect(url.pathname).toBe('/civGroup/events');
    expect(url.searchParams.get('groupID')).toBe(groupID);
    expect(url.searchParams.get('draft')).toBe('1');
    expect(answer.data?.content).toContain('Sooner');
  });

  it('refuses outside the group, in an unconnected channel and without a linked account, only to the asker', async () => {
    const outsider = await ask('next', ids.outsider!);
    expect(outsider.data?.flags).toBe(64);
    expect(outsider.data?.embeds).toBeUndefined();
    const elsewhere = await ask('next', ids.member!, nextChannelId());
    expect(elsewhere.data).toMatchObject({ content: CHANNEL_NOT_CONNECTED_ANSWER, flags: 64 });
    const stranger = await ask('next', '999999999999999998');
    expect(stranger.data?.flags).toBe(64);
    expect(stranger.data?.content).toContain('http://smm.test/login');
  });
});

describe('Discord interactions that take too long', () => {
  let t: TestApp;
  let discord: DiscordFake;

  beforeAll(async () => {
    discord = await createDiscordFake();
    // No time at all: every answer is deferred and followed up.
    t = await createTestApp({ discordApiUrl: discord.url, discordApp: fakeDiscordApp, discordInteractionDeadlineMs: 0 });
  });
  afterAll(async () => {
    await t.close();
    await discord.close();
  });

  it('are answered "thinking…" at once, then the answer replaces it', async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const channel = nextChannelId();
    const discordId = await linkDiscord(t.app, discord, owner);
    await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: owner, payload: { channelID: channel } });
    await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Deferred night' });
    const res = await sendInteraction(t.app, t.clock.now(), slashCommand('next', discordId, channel, 'token-of-this-one'));
    expect(res.json()).toEqual({ type: 5, data: { flags: 0, allowed_mentions: { parse: [] } } });
    await discord.waitForFollowUps(1);
    expect(discord.followUps[0]!.token).toBe('token-of-this-one');
    expect((discord.followUps[0]!.body.embeds as { title: string }[])[0]!.title).toBe('Deferred night');

    const ping = JSON.stringify({ type: 1 });
    const pong = await sendInteraction(t.app, t.clock.now(), JSON.parse(ping) as Record<string, unknown>);
    expect(pong.json()).toEqual({ type: 1 });
  });
});
