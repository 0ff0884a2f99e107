import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { newDelivery } from '../src/features/discord/discord.repo';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import '../src/features/discord/discord-app.tables';
import type { FakeChannelMessage } from './fakes/discord-app-fake';
import { createDiscordFake, fakeWebhookUrl, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord, nextChannelId } from './discord-fixtures';
import { createEvent } from './events-fixtures';
import { call, createCast, groupWithCast, type Cast } from './groups-fixtures';
import { createTestApp, memoryMailer, TEST_APP_CONFIG, type TestApp } from './test-app';

// The removals of the bot's posts (a deleted group's, a deleted series' or event's) are not lost:
// Discord's rate limit is waited out as Discord says without spending the outbox's attempts, and
// holds up the channel's other removals rather than being hammered on; while the Discord application is off they wait,
// and are sent once the bot is back.

const MAX_RATE_LIMITS = 50;
const delivery = { pollMs: 3_600_000, backoffBaseMs: 2000 };

describe("Removing the bot's posts", () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: delivery,
      deps: { changes: createInProcessGroupChanges() },
    });
    cast = await createCast(t.app);
    await linkDiscord(t.app, discord, cast.admin);
  }, 60_000);
  afterEach(() => {
    discord.release();
    discord.retryAfterSeconds = 1.5;
  });
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  /** Another server on the same database and its own feed of changes; without `discordApp`, the Discord application is off there. */
  async function instance(discordApp: typeof fakeDiscordApp | undefined): Promise<FastifyInstance> {
    const app = await buildApp({
      database: t.database,
      mailer: memoryMailer(),
      clock: t.clock,
      changes: createInProcessGroupChanges(),
      config: { ...TEST_APP_CONFIG, discordApiUrl: discord.url, discordDelivery: delivery, ...(discordApp ? { discordApp } : {}) },
    });
    await app.ready();
    return app;
  }

  async function groupWithPosts(count: number) {
    const group = await groupWithCast(t.app, cast, true);
    const channelID = nextChannelId();
    await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } });
    const events = [];
    for (let i = 0; i < count; i++)
      events.push(await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: `Night ${i + 1}` }));
    await t.app.discordDeliveries.settled();
    const posts = [...discord.messages.values()].filter((m) => m.channel_id === channelID);
    expect(posts).toHaveLength(count);
    return { group, channelID, events, posts };
  }

  const deletesOf = (posts: FakeChannelMessage[]) =>
    discord.botCalls.filter((c) => posts.some((m) => c === `DELETE ${m.channel_id}/${m.id}`));
  const deleteGroup = (app: FastifyInstance, groupID: string) =>
    call(app, `/api/groups/deleteGroup/${groupID}`, { method: 'POST', as: cast.owner });
  const jobs = (keyPrefix: string) =>
    t.database.db
      .selectFrom('discord_deliveries')
      .select(['dedupe_key', 'sent_at', 'failed_at', 'attempts', 'rate_limits', 'last_error'])
      .where('dedupe_key', 'like', `${keyPrefix}%`)
      .orderBy('id')
      .execute();

  it("waits out each 429 for Discord's retry_after, holds up the channel's other removals, and spends no attempt", async () => {
    const { group, channelID, posts } = await groupWithPosts(3);
    const calls = discord.calls;
    // More 429s in a row than the outbox's 8 attempts: they all fall on the first removal.
    const rateLimits = 10;
    discord.retryAfterSeconds = 0.25;
    discord.setMode(429, rateLimits);
    expect((await deleteGroup(t.app, group._id)).status).toBe(200);
    await t.app.discordDeliveries.settled();
    // One call, not one per removal: the channel's other removals wait with the first.
    expect(discord.calls - calls).toBe(1);
    for (let pass = 1; pass < rateLimits; pass++) {
      // Not before Discord's wait (fractional seconds) is over, even when asked.
      t.clock.advance(249);
      await t.app.discordDeliveries.tick();
      expect(discord.calls - calls).toBe(pass);
      t.clock.advance(1);
      await t.app.discordDeliveries.tick();
      expect(discord.calls - calls).toBe(pass + 1);
    }
    t.clock.advance(250);
    await t.app.discordDeliveries.tick();
    expect(posts.every((m) => m.deleted)).toBe(true);
    expect(deletesOf(posts)).toHaveLength(3);
    expect(discord.calls - calls).toBe(rateLimits + 3);
    const removals = await jobs(`bot:remove:${channelID}:`);
    expect(removals.every((r) => r.sent_at !== null && r.failed_at === null)).toBe(true);
    // One attempt each, the one Discord took; the 429s are counted apart.
    expect(removals.map((r) => r.attempts)).toEqual([1, 1, 1]);
    expect(removals.reduce((sum, r) => sum + r.rate_limits, 0)).toBe(rateLimits);
  });

  it(`gives a removal up at its ${MAX_RATE_LIMITS}th 429, and sends nothing more for it`, async () => {
    const { group, channelID, posts } = await groupWithPosts(1);
    const calls = discord.calls;
    discord.retryAfterSeconds = 1;
    discord.setMode(429);
    expect((await deleteGroup(t.app, group._id)).status).toBe(200);
    await t.app.discordDeliveries.settled();
    for (let pass = 1; pass < MAX_RATE_LIMITS; pass++) {
      t.clock.advance(1000);
      await t.app.discordDeliveries.tick();
    }
    expect(discord.calls - calls).toBe(MAX_RATE_LIMITS);
    const [removal] = await jobs(`bot:remove:${channelID}:`);
    expect(removal).toMatchObject({
      sent_at: null,
      attempts: 0,
      rate_limits: MAX_RATE_LIMITS,
      last_error: 'Discord said 429 Too Many Requests',
    });
    expect(removal!.failed_at).not.toBeNull();
    discord.setMode('ok');
    t.clock.advance(60 * 60_000);
    await t.app.discordDeliveries.tick();
    expect(discord.calls - calls).toBe(MAX_RATE_LIMITS);
    expect(posts[0]!.deleted).toBe(false);
  });

  it('a deleted group: its removals wait while the Discord application is off, and are sent once it is back', async () => {
    const { group, channelID, posts } = await groupWithPosts(2);
    const off = await instance(undefined);
    try {
      expect((await deleteGroup(off, group._id)).status).toBe(200);
      t.clock.advance(60 * 60_000);
      await off.discordDeliveries.tick();
      expect(deletesOf(posts)).toEqual([]);
      expect(await jobs(`bot:remove:${channelID}:`)).toEqual([
        expect.objectContaining({ sent_at: null, failed_at: null, attempts: 0 }),
        expect.objectContaining({ sent_at: null, failed_at: null, attempts: 0 }),
      ]);
    } finally {
      await off.close();
    }
    const back = await instance(fakeDiscordApp);
    try {
      await back.discordDeliveries.tick();
      expect(posts.every((m) => m.deleted)).toBe(true);
      expect(deletesOf(posts)).toHaveLength(2);
    } finally {
      await back.close();
    }
  });

  it('an event deleted while the Discord application is off: its post is removed once it is back', async () => {
    const { events, posts } = await groupWithPosts(2);
    const off = await instance(undefined);
    try {
      const deleted = await call(off, `/api/events/deleteEvent?eventID=${events[0]!._id}`, { method: 'POST', as: cast.member });
      expect(deleted.status).toBe(200);
      await off.discordDeliveries.settled();
      await off.discordDeliveries.tick();
      expect(deletesOf(posts)).toEqual([]);
    } finally {
      await off.close();
    }
    await t.app.discordDeliveries.tick();
    expect(posts.map((m) => [m.embeds?.[0]?.title, m.deleted])).toEqual([
      ['Night 1', true],
      ['Night 2', false],
    ]);
  });

  it("the bot's DMs queued when the application goes off are given up, not sent to the group's webhook", async () => {
    const group = await groupWithCast(t.app, cast, true);
    const set = await call(t.app, `/api/groups/${group._id}/discordWebhook`, {
      method: 'POST',
      as: cast.admin,
      payload: { webhookUrl: fakeWebhookUrl() },
    });
    expect(set.status).toBe(200);
    const key = `bot:dm:reminder:${group._id}:test`;
    const message = { content: 'Starts soon', allowed_mentions: { parse: [] } };
    await t.database.db
      .insertInto('discord_deliveries')
      .values(newDelivery(group._id, key, { discordId: '123456789012345678', message }, t.clock.now()))
      .execute();
    const calls = discord.calls;
    const off = await instance(undefined);
    try {
      await off.discordDeliveries.tick();
    } finally {
      await off.close();
    }
    expect(discord.calls).toBe(calls);
    expect(await jobs(key)).toEqual([expect.objectContaining({ sent_at: null, last_error: 'the Discord application is off' })]);
    expect((await jobs(key))[0]!.failed_at).not.toBeNull();
  });
});
