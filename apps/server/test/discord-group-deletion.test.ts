import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import '../src/features/discord/discord-app.tables';
import type { FakeChannelMessage } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord, nextChannelId, sendInteraction } from './discord-fixtures';
import { playGame } from './civ-ladder-fixtures';
import { createEvent } from './events-fixtures';
import { call, createCast, groupWithCast, type Cast } from './groups-fixtures';
import { createTestApp, memoryMailer, TEST_APP_CONFIG, type TestApp } from './test-app';

// Deleting a group takes the bot's event posts (with their sign-up buttons) out of its Discord
// channel: their removals are queued in the deletion's own transaction, in jobs of no group that
// outlive the cascade, and sent by the outbox once, with its retries, on whichever instance runs
// next. Announcements (drafted games, results, competition and bingo tables) stay as the record.

const BACKOFF_BASE_MS = 2000;
const delivery = { pollMs: 3_600_000, backoffBaseMs: BACKOFF_BASE_MS };

describe('Deleting a group with a Discord channel', () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;
  const changes = createInProcessGroupChanges();

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: delivery,
      deps: { changes },
    });
    cast = await createCast(t.app);
    await linkDiscord(t.app, discord, cast.admin);
  }, 60_000);
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  /**
   * Another server on the same database (a second instance, or this one restarted): on the same feed
   * of changes as the first, it hears the first one's changes too; on its own, only its own.
   */
  async function instance(feed = createInProcessGroupChanges()): Promise<FastifyInstance> {
    const app = await buildApp({
      database: t.database,
      mailer: memoryMailer(),
      clock: t.clock,
      changes: feed,
      config: { ...TEST_APP_CONFIG, discordApiUrl: discord.url, discordApp: fakeDiscordApp, discordDelivery: delivery },
    });
    await app.ready();
    return app;
  }

  async function groupWithPosts(count: number) {
    const group = await groupWithCast(t.app, cast, true);
    const channelID = nextChannelId();
    expect(
      (await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } })).status,
    ).toBe(200);
    const events = [];
    for (let i = 0; i < count; i++)
      events.push(await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: `Night ${i + 1}` }));
    await t.app.discordDeliveries.settled();
    const posts = messagesIn(channelID);
    expect(posts.map((m) => m.embeds?.[0]?.title).sort()).toEqual(events.map((e) => e.eventName).sort());
    return { group, channelID, events, posts };
  }

  const messagesIn = (channelID: string): FakeChannelMessage[] => [...discord.messages.values()].filter((m) => m.channel_id === channelID);
  const deletesOf = (posts: FakeChannelMessage[]) =>
    discord.botCalls.filter((c) => posts.some((m) => c === `DELETE ${m.channel_id}/${m.id}`));
  const deleteGroup = (app: FastifyInstance, groupID: string) =>
    call(app, `/api/groups/deleteGroup/${groupID}`, { method: 'POST', as: cast.owner });
  const removalsQueued = () =>
    t.database.db
      .selectFrom('discord_deliveries')
      .select(['dedupe_key', 'group_id', 'sent_at', 'failed_at', 'attempts'])
      .where('dedupe_key', 'like', 'bot:remove:%')
      .execute();

  it("removes its event posts from the channel, each once, and keeps the game's result announcement", async () => {
    const { group, channelID, events, posts } = await groupWithPosts(3);
    await playGame(t.app, t.clock, group, cast.owner, {
      players: [cast.owner, cast.admin, cast.member],
      out: [[cast.member], [cast.admin]],
      gameName: 'Last game',
    });
    await t.app.discordDeliveries.settled();
    await t.app.discordDeliveries.settled();
    const result = messagesIn(channelID).find((m) => m.embeds?.[0]?.title === 'Result: Last game');
    expect(result).toBeDefined();

    expect((await deleteGroup(t.app, group._id)).status).toBe(200);
    // Queued with the deletion, in jobs of no group: the cascade took the group's own rows.
    const queued = (await removalsQueued()).filter((r) => posts.some((m) => r.dedupe_key === `bot:remove:${channelID}:${m.id}`));
    expect(queued).toHaveLength(3);
    expect(queued.every((r) => r.group_id === null)).toBe(true);
    expect(await t.database.db.selectFrom('discord_event_messages').select('event_id').where('group_id', '=', group._id).execute()).toEqual(
      [],
    );

    await t.app.discordDeliveries.settled();
    expect(posts.every((m) => m.deleted)).toBe(true);
    expect(deletesOf(posts).sort()).toEqual(posts.map((m) => `DELETE ${channelID}/${m.id}`).sort());
    expect(result!.deleted).toBe(false);
    // Nothing more is sent on later passes.
    t.clock.advance(60 * 60_000);
    await t.app.discordDeliveries.settled();
    expect(deletesOf(posts)).toHaveLength(3);
    // A press on an old copy of a post (the client had it open) changes nothing.
    const linked = await linkDiscord(t.app, discord, cast.member);
    const pressed = await sendInteraction(t.app, t.clock.now(), {
      type: 3,
      channel_id: channelID,
      member: { user: { id: linked } },
      data: { custom_id: `rsvp:attend:${events[0]!._id}`, component_type: 2 },
    });
    expect(pressed.json()).toMatchObject({ type: 4, data: { flags: 64 } });
  });

  it('removes them after a restart between the deletion and the send, with the outbox retries', async () => {
    const { group, channelID, posts } = await groupWithPosts(2);
    // A server of its own (the first one does not hear it): its pass meets a failing Discord, then it stops.
    const first = await instance();
    discord.setMode(500);
    expect((await deleteGroup(first, group._id)).status).toBe(200);
    await first.discordDeliveries.settled();
    await first.close();
    discord.setMode('ok');
    expect(posts.some((m) => m.deleted)).toBe(false);
    const waiting = (await removalsQueued()).filter((r) => r.dedupe_key.startsWith(`bot:remove:${channelID}:`));
    expect(waiting).toHaveLength(2);
    expect(waiting.every((r) => r.sent_at === null && r.failed_at === null && r.attempts === 1)).toBe(true);

    const restarted = await instance();
    try {
      // Not before the backoff.
      await restarted.discordDeliveries.tick();
      expect(deletesOf(posts)).toEqual([]);
      t.clock.advance(BACKOFF_BASE_MS);
      await restarted.discordDeliveries.tick();
      expect(posts.every((m) => m.deleted)).toBe(true);
      expect(deletesOf(posts)).toHaveLength(2);
      // Another instance's pass finds nothing left to do.
      await t.app.discordDeliveries.settled();
      expect(deletesOf(posts)).toHaveLength(2);
    } finally {
      await restarted.close();
    }
  });

  it('two instances passing at once after the deletion send each removal once', async () => {
    const { group, posts } = await groupWithPosts(4);
    const second = await instance(changes);
    try {
      expect((await deleteGroup(second, group._id)).status).toBe(200);
      await Promise.all([t.app.discordDeliveries.settled(), second.discordDeliveries.settled(), t.app.discordDeliveries.tick()]);
      expect(posts.every((m) => m.deleted)).toBe(true);
      expect(deletesOf(posts)).toHaveLength(4);
    } finally {
      await second.close();
    }
  });

  it('removes an event post that Discord answered while the group was being deleted', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const channelID = nextChannelId();
    await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } });
    // The post is on its way to Discord when the group goes.
    discord.setMode('hang');
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'In flight' });
    await discord.waitForHanging(1);
    expect((await deleteGroup(t.app, group._id)).status).toBe(200);
    discord.release();
    await t.app.discordDeliveries.settled();
    await t.app.discordDeliveries.settled();
    const posted = messagesIn(channelID);
    expect(posted.map((m) => [m.embeds?.[0]?.title, m.deleted])).toEqual([['In flight', true]]);
    expect(deletesOf(posted)).toHaveLength(1);
  });

  it('a group without a channel or posts queues nothing', async () => {
    const group = await groupWithCast(t.app, cast, true);
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Unposted' });
    const before = (await removalsQueued()).length;
    const calls = discord.calls;
    expect((await deleteGroup(t.app, group._id)).status).toBe(200);
    await t.app.discordDeliveries.settled();
    expect((await removalsQueued()).length).toBe(before);
    expect(discord.calls).toBe(calls);
  });
});
