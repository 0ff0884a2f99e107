import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { claimDue, newDelivery, PARKED_AT } from '../src/features/discord/discord.repo';
import { UNPARK_EVERY_MS } from '../src/features/discord/discord-deliveries';
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
// parked where no poll reads them again, and are sent once the bot is back. A removal counts as done
// only once Discord took it or the message was gone already (404): a refused bot token (401) holds it
// until the server runs with a valid one, and a channel the bot lost access to (403) gives it up.

const MAX_RATE_LIMITS = 50;
const TOKEN_RECHECK_MS = 10 * 60_000;
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
    discord.lockedChannels.clear();
    discord.botTokenReset = false;
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
  /** When the jobs still waiting are due. */
  const dueTimes = async (keyPrefix: string) =>
    (
      await t.database.db
        .selectFrom('discord_deliveries')
        .select('next_attempt_at')
        .where('dedupe_key', 'like', `${keyPrefix}%`)
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .orderBy('id')
        .execute()
    ).map((r) => r.next_attempt_at);

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

  it('while the Discord application is off, waiting removals and updates are parked: no claim meets them, and the bot sends them once back', async () => {
    const { group, channelID, posts } = await groupWithPosts(2);
    const other = await groupWithPosts(1);
    const events = other.events;
    const off = await instance(undefined);
    try {
      const start = t.clock.now() + 48 * 60 * 60_000;
      const iso = (ms: number) => new Date(ms).toISOString();
      const edited = await call(off, `/api/events/updateEvent?eventID=${events[0]!._id}`, {
        method: 'POST',
        as: cast.member,
        payload: { eventName: 'Night 1, moved', startDate: iso(start), endDate: iso(start + 2 * 60 * 60_000), userID: cast.member.user.id },
      });
      expect(edited.status).toBe(200);
      expect((await deleteGroup(off, group._id)).status).toBe(200);
      await off.discordDeliveries.settled();
      await off.discordDeliveries.tick();
      // Parked: the largest safe integer reads back exactly as written, on either engine.
      expect(await dueTimes(`bot:remove:${channelID}:`)).toEqual([PARKED_AT, PARKED_AT]);
      expect(await dueTimes(`bot:event:${events[0]!._id}`)).toEqual([PARKED_AT]);
      expect(await jobs(`bot:remove:${channelID}:`)).toEqual(
        posts.map(() => expect.objectContaining({ sent_at: null, failed_at: null, attempts: 0 })),
      );
      // A year on, a claim still finds none of them.
      t.clock.advance(365 * 24 * 60 * 60_000);
      await off.discordDeliveries.tick();
      const claimed = await claimDue(t.database.db, 'test', t.clock.now(), 60_000, 1000);
      expect(claimed.filter((row) => row.dedupe_key.startsWith('bot:'))).toEqual([]);
      expect(deletesOf(posts)).toEqual([]);
    } finally {
      await off.close();
    }
    const back = await instance(fakeDiscordApp);
    try {
      await back.discordDeliveries.tick();
      expect(posts.every((m) => m.deleted)).toBe(true);
      expect(deletesOf(posts)).toHaveLength(2);
      expect(other.posts[0]!.embeds?.[0]?.title).toBe('Night 1, moved');
      const removals = await jobs(`bot:remove:${channelID}:`);
      expect(removals.every((r) => r.sent_at !== null && r.failed_at === null && r.attempts === 1)).toBe(true);
      expect(await dueTimes(`bot:`)).not.toContain(PARKED_AT);
    } finally {
      await back.close();
    }
  });

  it('a bot token Discord refuses (401): the removals are not counted as done, wait parked without spending attempts, and are sent once the token is valid', async () => {
    const { group, channelID, posts } = await groupWithPosts(2);
    const refused = await instance({ ...fakeDiscordApp, botToken: 'a-token-reset-by-the-owner' });
    const errors = vi.spyOn(refused.log, 'error');
    try {
      expect((await deleteGroup(refused, group._id)).status).toBe(200);
      await refused.discordDeliveries.settled();
      // Once refused, nothing more is sent with that token; every ten minutes one call asks whether
      // Discord takes it again.
      const calls = discord.calls;
      t.clock.advance(TOKEN_RECHECK_MS - 1);
      await refused.discordDeliveries.tick();
      expect(discord.calls - calls).toBe(0);
      t.clock.advance(1);
      await refused.discordDeliveries.tick();
      await refused.discordDeliveries.tick();
      expect(discord.calls - calls).toBe(1);
      expect(posts.some((m) => m.deleted)).toBe(false);
      expect(await jobs(`bot:remove:${channelID}:`)).toEqual(
        posts.map(() =>
          expect.objectContaining({
            sent_at: null,
            failed_at: null,
            attempts: 0,
            last_error: 'Discord refused the bot token (401 Unauthorized)',
          }),
        ),
      );
      expect(await dueTimes(`bot:remove:${channelID}:`)).toEqual([PARKED_AT, PARKED_AT]);
      expect(errors).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('Discord refused the bot token (401)'));
    } finally {
      await refused.close();
    }
    const fixed = await instance(fakeDiscordApp);
    try {
      await fixed.discordDeliveries.tick();
      expect(posts.every((m) => m.deleted)).toBe(true);
      expect(deletesOf(posts)).toHaveLength(2);
      expect(await jobs(`bot:remove:${channelID}:`)).toEqual(
        posts.map(() => expect.objectContaining({ failed_at: null, attempts: 1, sent_at: expect.any(Number) as unknown })),
      );
    } finally {
      await fixed.close();
    }
  });

  it("an event's post update refused with 401 keeps the post, waits parked, and is sent once Discord takes the token again", async () => {
    const { events, posts } = await groupWithPosts(1);
    const [event, post] = [events[0]!, posts[0]!];
    const edits = post.edits;
    discord.botTokenReset = true;
    const start = t.clock.now() + 72 * 60 * 60_000;
    const iso = (ms: number) => new Date(ms).toISOString();
    const updated = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: cast.member,
      payload: { eventName: 'Night 1, later', startDate: iso(start), endDate: iso(start + 2 * 60 * 60_000), userID: cast.member.user.id },
    });
    expect(updated.status).toBe(200);
    await t.app.discordDeliveries.settled();
    expect(post.edits).toBe(edits);
    expect(await dueTimes(`bot:event:${event._id}`)).toEqual([PARKED_AT]);
    // The post is still known: it is edited, not posted anew, once the token is taken again.
    expect(
      await t.database.db.selectFrom('discord_event_messages').select('message_id').where('event_id', '=', event._id).execute(),
    ).toEqual([{ message_id: post.id }]);
    discord.botTokenReset = false;
    t.clock.advance(TOKEN_RECHECK_MS);
    await t.app.discordDeliveries.tick();
    expect(post.edits).toBe(edits + 1);
    expect(post.embeds?.[0]?.title).toBe('Night 1, later');
    expect(await dueTimes(`bot:event:${event._id}`)).toEqual([]);
  });

  it("with the bot token refused, the bot's announcements are given up, as while the application is off", async () => {
    const group = await groupWithCast(t.app, cast, true);
    const key = `bot:post:test:${group._id}`;
    const message = { content: 'A game was drafted', allowed_mentions: { parse: [] } };
    await t.database.db
      .insertInto('discord_deliveries')
      .values(newDelivery(group._id, key, { channelId: nextChannelId(), message }, t.clock.now()))
      .execute();
    discord.botTokenReset = true;
    await t.app.discordDeliveries.tick();
    const [post] = await jobs(key);
    expect(post).toMatchObject({ sent_at: null, last_error: 'Discord refused the bot token (401 Unauthorized)' });
    expect(post!.failed_at).not.toBeNull();
    // Taken again at the next check: the announcement given up stays so.
    discord.botTokenReset = false;
    t.clock.advance(TOKEN_RECHECK_MS);
    await t.app.discordDeliveries.tick();
    expect((await jobs(key))[0]!.sent_at).toBeNull();
  });

  it('a channel the bot lost access to (403 Missing Access): the removal is given up, not counted as sent', async () => {
    const { group, channelID, posts } = await groupWithPosts(1);
    discord.lockedChannels.add(channelID);
    const calls = discord.calls;
    expect((await deleteGroup(t.app, group._id)).status).toBe(200);
    await t.app.discordDeliveries.settled();
    t.clock.advance(60 * 60_000);
    await t.app.discordDeliveries.tick();
    // Given up at once: trying again cannot help until the bot is let in again.
    expect(discord.calls - calls).toBe(1);
    expect(posts[0]!.deleted).toBe(false);
    const [removal] = await jobs(`bot:remove:${channelID}:`);
    expect(removal).toMatchObject({
      sent_at: null,
      attempts: 1,
      last_error: `the bot has lost access to channel ${channelID} (Discord answered 403 Missing Access): the message was left in place`,
    });
    expect(removal!.failed_at).not.toBeNull();
  });

  it('a message already gone (404 Unknown Message) counts its removal as done', async () => {
    const { group, channelID, posts } = await groupWithPosts(1);
    posts[0]!.deleted = true;
    expect((await deleteGroup(t.app, group._id)).status).toBe(200);
    await t.app.discordDeliveries.settled();
    const [removal] = await jobs(`bot:remove:${channelID}:`);
    expect(removal).toMatchObject({ failed_at: null, attempts: 1, last_error: null });
    expect(removal!.sent_at).not.toBeNull();
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
    // An instance with the bot makes due what one without it parked within UNPARK_EVERY_MS.
    await t.app.discordDeliveries.tick();
    expect(deletesOf(posts)).toEqual([]);
    t.clock.advance(UNPARK_EVERY_MS);
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
