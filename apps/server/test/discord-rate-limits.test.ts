import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newDelivery } from '../src/features/discord/discord.repo';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import { rateLimited } from '../src/integrations/discord-webhook';
import '../src/features/discord/discord-app.tables';
import { createDiscordFake, FAKE_WEBHOOK, fakeWebhookUrl, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, nextChannelId } from './discord-fixtures';
import { call, createCast, groupWithCast, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

// Discord's rate limits: a 429 of one webhook's or channel's limit holds up only the posts to that
// webhook or channel, for as long as Discord says (ten minutes at most), while the others are sent;
// only Discord's global limit holds up everything. A 429 that names no wait is retried with backoff.

const BACKOFF_BASE_MS = 2000;
const MAX_RETRY_AFTER_MS = 10 * 60_000;
const OTHER_WEBHOOK = { id: '1187654321098765499', token: FAKE_WEBHOOK.token };

describe('rateLimited: what a 429 says', () => {
  it.each([
    ['the body says global', '{"retry_after": 2.5, "global": true}', {}, 2500, true],
    ['X-RateLimit-Global says global', '{"retry_after": 1, "global": false}', { 'x-ratelimit-global': 'true' }, 1000, true],
    ['X-RateLimit-Scope says global', '', { 'x-ratelimit-scope': 'global', 'retry-after': '3' }, 3000, true],
    ["a route's limit", '{"retry_after": 0.25, "global": false}', { 'x-ratelimit-scope': 'user' }, 250, false],
    ["a resource's shared limit", '{"retry_after": 5, "global": false}', { 'x-ratelimit-scope': 'shared' }, 5000, false],
    ['only Retry-After', 'not JSON', { 'retry-after': '4' }, 4000, false],
    ['only X-RateLimit-Reset-After', '', { 'x-ratelimit-reset-after': '1.5' }, 1500, false],
    ['no wait at all', '{"message": "You are being rate limited.", "global": false}', {}, undefined, false],
  ])('%s', (_, body, headers: Record<string, string>, retryAfterMs, global) => {
    expect(rateLimited(body, new Headers(headers))).toEqual({
      ok: false,
      retry: true,
      retryAfterMs,
      global,
      error: 'Discord said 429 Too Many Requests',
    });
  });
});

describe("Discord's rate limits in the outbox", () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;
  let seq = 0;

  beforeAll(async () => {
    discord = await createDiscordFake();
    discord.webhooks.set(OTHER_WEBHOOK.id, OTHER_WEBHOOK.token);
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: BACKOFF_BASE_MS },
      deps: { changes: createInProcessGroupChanges() },
    });
    cast = await createCast(t.app);
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

  async function groupWithWebhook(webhook = FAKE_WEBHOOK) {
    const group = await groupWithCast(t.app, cast, true);
    const set = await call(t.app, `/api/groups/${group._id}/discordWebhook`, {
      method: 'POST',
      as: cast.admin,
      payload: { webhookUrl: fakeWebhookUrl(webhook) },
    });
    expect(set.status).toBe(200);
    return group._id;
  }

  /** Queues a webhook post saying `content`, due `dueAgo` ms ago (the longest due is sent first). */
  async function queuePost(groupId: string, content: string, dueAgo = 0): Promise<string> {
    const row = newDelivery(groupId, `created:test:${(seq += 1)}`, { content, allowed_mentions: { parse: [] } }, t.clock.now() - dueAgo);
    await t.database.db.insertInto('discord_deliveries').values(row).execute();
    return row.id;
  }

  /** Queues a bot post in a channel, as a drafted game's or a result's is queued. */
  async function queueBotPost(groupId: string, channelId: string, content: string, dueAgo = 0): Promise<string> {
    const message = { content, allowed_mentions: { parse: [] } };
    const row = newDelivery(groupId, `bot:post:test:${(seq += 1)}`, { channelId, message }, t.clock.now() - dueAgo);
    await t.database.db.insertInto('discord_deliveries').values(row).execute();
    return row.id;
  }

  const job = (id: string) =>
    t.database.db
      .selectFrom('discord_deliveries')
      .select(['attempts', 'rate_limits', 'next_attempt_at', 'sent_at', 'failed_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const postedSince = (before: number) => discord.posts.slice(before).map((p) => p.payload.content);
  const tick = () => t.app.discordDeliveries.tick();

  it("one webhook's 429 holds up only that webhook's posts; another group's post goes out at once", async () => {
    const [a, b] = [await groupWithWebhook(), await groupWithWebhook(OTHER_WEBHOOK)];
    const [calls, before] = [discord.calls, discord.posts.length];
    discord.retryAfterSeconds = 60;
    discord.setMode(429, undefined, { only: `/webhooks/${FAKE_WEBHOOK.id}/` });
    const a1 = await queuePost(a, 'A1', 3);
    await queuePost(b, 'B1', 2);
    const a2 = await queuePost(a, 'A2', 1);
    await tick();
    // A1 turned back, B1 sent after it, A2 (the same webhook) given back untried.
    expect(postedSince(before)).toEqual(['B1']);
    expect(discord.calls - calls).toBe(2);
    const due = t.clock.now() + 60_000;
    expect(await job(a1)).toEqual({ attempts: 0, rate_limits: 1, next_attempt_at: due, sent_at: null, failed_at: null });
    expect(await job(a2)).toEqual({ attempts: 0, rate_limits: 0, next_attempt_at: due, sent_at: null, failed_at: null });

    discord.setMode('ok');
    await queuePost(b, 'B2');
    t.clock.advance(59_999);
    await tick();
    expect(postedSince(before)).toEqual(['B1', 'B2']);
    t.clock.advance(1);
    await tick();
    expect(postedSince(before)).toEqual(['B1', 'B2', 'A1', 'A2']);
    expect((await job(a2)).attempts).toBe(1);
  });

  it("one channel's 429 holds up only the bot's posts in that channel", async () => {
    const group = await groupWithCast(t.app, cast, true);
    const [limited, free] = [nextChannelId(), nextChannelId()];
    const calls = discord.botCalls.length;
    discord.retryAfterSeconds = 60;
    discord.setMode(429, undefined, { only: `/channels/${limited}/` });
    const first = await queueBotPost(group._id, limited, 'First', 3);
    await queueBotPost(group._id, free, 'Elsewhere', 2);
    const second = await queueBotPost(group._id, limited, 'Second', 1);
    await tick();
    expect(discord.botCalls.slice(calls)).toEqual([`POST ${free}`]);
    const due = t.clock.now() + 60_000;
    expect(await job(first)).toMatchObject({ attempts: 0, rate_limits: 1, next_attempt_at: due, sent_at: null });
    expect(await job(second)).toMatchObject({ attempts: 0, rate_limits: 0, next_attempt_at: due, sent_at: null });

    discord.setMode('ok');
    t.clock.advance(60_000);
    await tick();
    expect(discord.botCalls.slice(calls)).toEqual([`POST ${free}`, `POST ${limited}`, `POST ${limited}`]);
    const contents = [...discord.messages.values()].filter((m) => m.channel_id === limited).map((m) => m.content);
    expect(contents).toEqual(['First', 'Second']);
  });

  it("Discord's global limit holds up every post of the instance until its wait is over", async () => {
    const [a, b] = [await groupWithWebhook(), await groupWithWebhook(OTHER_WEBHOOK)];
    const [calls, before] = [discord.calls, discord.posts.length];
    discord.retryAfterSeconds = 30;
    discord.setMode(429, 1, { only: `/webhooks/${FAKE_WEBHOOK.id}/`, global: true });
    await queuePost(a, 'A1', 2);
    const b1 = await queuePost(b, 'B1', 1);
    await tick();
    expect(discord.calls - calls).toBe(1);
    expect(await job(b1)).toMatchObject({ attempts: 0, rate_limits: 0, next_attempt_at: t.clock.now() + 30_000 });
    // Due now, but the whole instance waits.
    await queuePost(b, 'B2');
    t.clock.advance(29_999);
    await tick();
    expect(discord.calls - calls).toBe(1);
    t.clock.advance(1);
    await tick();
    expect(postedSince(before).sort()).toEqual(['A1', 'B1', 'B2']);
  });

  it('a 429 that names no wait is retried after the backoff, not at every pass', async () => {
    const group = await groupWithWebhook();
    const [calls, before] = [discord.calls, discord.posts.length];
    discord.retryAfterSeconds = null;
    discord.setMode(429, 1);
    const id = await queuePost(group, 'No wait said');
    await tick();
    await tick();
    expect(discord.calls - calls).toBe(1);
    t.clock.advance(BACKOFF_BASE_MS - 1);
    await tick();
    expect(discord.calls - calls).toBe(1);
    t.clock.advance(1);
    await tick();
    expect(discord.calls - calls).toBe(2);
    expect(postedSince(before)).toEqual(['No wait said']);
    expect(await job(id)).toMatchObject({ attempts: 1, rate_limits: 1 });
  });

  it.each([false, true])('a retry_after of a week is waited out for ten minutes at most (global: %s)', async (global) => {
    const group = await groupWithWebhook();
    const [calls, before] = [discord.calls, discord.posts.length];
    discord.retryAfterSeconds = 7 * 24 * 60 * 60;
    discord.setMode(429, 1, { global });
    const id = await queuePost(group, `A week? (${global})`);
    await tick();
    expect((await job(id)).next_attempt_at).toBe(t.clock.now() + MAX_RETRY_AFTER_MS);
    t.clock.advance(MAX_RETRY_AFTER_MS - 1);
    await tick();
    expect(discord.calls - calls).toBe(1);
    t.clock.advance(1);
    await tick();
    expect(postedSince(before)).toEqual([`A week? (${global})`]);
  });
});
