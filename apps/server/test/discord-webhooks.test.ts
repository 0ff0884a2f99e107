import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_WEBHOOK_URL_MESSAGE } from '@smm/shared/discord/schemas';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import '../src/features/discord/discord.tables';
import { createDiscordFake, FAKE_WEBHOOK, fakeWebhookUrl, type DiscordFake } from './fakes/discord-fake';
import { attend, createEvent, HOUR, iso } from './events-fixtures';
import { call, createCast, groupWithCast, type Cast } from './groups-fixtures';
import { createTestApp, type TestApp } from './test-app';

// The group's Discord webhook: set by Administrators and never shown again in full; new, changed
// and cancelled events and reminders are posted there once each, through a queue that retries
// and never holds up or fails the call that made the change.

const BACKOFF_BASE_MS = 2000;

describe('Discord webhook', () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;
  const changes = createInProcessGroupChanges();
  /** How many delivery passes looked for due posts (each claims what is due in one statement). */
  let passes = 0;
  const pending = async () =>
    (
      await t.database.db
        .selectFrom('discord_deliveries')
        .select('id')
        .where('sent_at', 'is', null)
        .where('failed_at', 'is', null)
        .execute()
    ).length;

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      upstreamTimeoutMs: 60_000,
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: BACKOFF_BASE_MS },
      deps: { changes },
      onQuery: (query) => {
        if (/^update "discord_deliveries" set "claimed_by"/.test(query.sql)) passes += 1;
      },
    });
    cast = await createCast(t.app);
  });
  afterEach(() => discord.release());
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  async function groupWithWebhook() {
    const group = await groupWithCast(t.app, cast, true);
    const set = await call(t.app, `/api/groups/${group._id}/discordWebhook`, {
      method: 'POST',
      as: cast.admin,
      payload: { webhookUrl: fakeWebhookUrl() },
    });
    expect(set.status).toBe(200);
    return group;
  }

  it('Administrators set it; it is shown masked, never in full, and only to Administrators', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const url = `/api/groups/${group._id}/discordWebhook`;
    expect((await call(t.app, url, { as: cast.admin })).body).toEqual({ webhookUrl: null });
    for (const host of ['discord.com', 'discordapp.com', 'ptb.discord.com', 'canary.discord.com']) {
      const set = await call(t.app, url, { method: 'POST', as: cast.owner, payload: { webhookUrl: fakeWebhookUrl(FAKE_WEBHOOK, host) } });
      expect(set.status).toBe(200);
    }
    const shown = await call(t.app, url, { as: cast.admin });
    expect(shown.body).toEqual({ webhookUrl: `…/webhooks/${FAKE_WEBHOOK.id}/••••${FAKE_WEBHOOK.token.slice(-4)}` });
    expect(JSON.stringify(shown.body)).not.toContain(FAKE_WEBHOOK.token.slice(0, 10));

    expect((await call(t.app, url, { as: cast.member })).status).toBe(403);
    expect((await call(t.app, url, { method: 'POST', as: cast.member, payload: { webhookUrl: fakeWebhookUrl() } })).status).toBe(403);
    expect((await call(t.app, url, { as: cast.outsider })).status).toBe(404);
    expect((await call(t.app, `/api/groups/${group._id}/removeDiscordWebhook`, { method: 'POST', as: cast.member })).status).toBe(403);

    for (const bad of [
      'http://discord.com/api/webhooks/1187654321098765432/abcdefghijklmnopqrstuvwxyz',
      'https://evil.example/api/webhooks/1187654321098765432/abcdefghijklmnopqrstuvwxyz',
      'https://discord.com.evil.example/api/webhooks/1187654321098765432/abcdefghijklmnopqrstuvwxyz',
      'https://discord.com/api/webhooks/notanid/abcdefghijklmnopqrstuvwxyz',
      '',
    ]) {
      const refused = await call(t.app, url, { method: 'POST', as: cast.owner, payload: { webhookUrl: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.fields.webhookUrl).toBe(bad ? DISCORD_WEBHOOK_URL_MESSAGE : 'Webhook URL is required');
    }
    expect((await call(t.app, url, { method: 'POST', as: cast.owner, payload: {} })).status).toBe(400);

    const removed = await call(t.app, `/api/groups/${group._id}/removeDiscordWebhook`, { method: 'POST', as: cast.admin });
    expect(removed.body).toEqual({ webhookUrl: null });
    expect((await call(t.app, url, { as: cast.admin })).body).toEqual({ webhookUrl: null });
  });

  it('posts exactly one well-formed message per new, changed and cancelled event, and none for sign-ups', async () => {
    const group = await groupWithWebhook();
    const before = discord.posts.length;
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Raid @everyone night' });
    const start = t.clock.now() + 48 * HOUR;
    const edited = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: cast.member,
      payload: { eventName: 'Raid night', startDate: iso(start), endDate: iso(start + 2 * HOUR), userID: cast.member.user.id },
    });
    expect(edited.status).toBe(200);
    expect((await attend(t.app, cast.admin, event._id)).status).toBe(200);
    expect((await call(t.app, `/api/events/deleteEvent?eventID=${event._id}`, { method: 'POST', as: cast.member })).status).toBe(200);

    await t.app.discordDeliveries.settled();
    expect(await pending()).toBe(0);
    const posts = discord.posts.slice(before);
    expect(posts.map((p) => p.payload.embeds?.[0]?.title)).toEqual([
      'New event: Raid @everyone night',
      'Event changed: Raid night',
      'Event cancelled: Raid night',
    ]);
    expect(discord.rejected).toEqual([]);
    for (const post of posts) {
      expect(post.webhookId).toBe(FAKE_WEBHOOK.id);
      expect(post.payload.allowed_mentions).toEqual({ parse: [] });
      expect(post.payload.content).toContain(group.groupName);
    }
    expect(posts[1]!.payload.embeds?.[0]?.description).toContain(`<t:${Math.floor(start / 1000)}:F>`);
  });

  it('a hanging webhook neither slows nor fails the event call; the post goes out once Discord answers', async () => {
    const group = await groupWithWebhook();
    const before = discord.posts.length;
    discord.setMode('hang');
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Blocked?' });
    // The call has answered; the post is still being held by Discord.
    await discord.waitForHanging(1);
    expect(discord.hanging).toBe(1);
    const second = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Still not blocked' });
    expect(second.eventName).toBe('Still not blocked');
    expect(discord.hanging).toBe(1);
    discord.release();
    await t.app.discordDeliveries.settled();
    expect(await pending()).toBe(0);
    expect(discord.posts.slice(before).map((p) => p.payload.embeds?.[0]?.title)).toEqual([
      'New event: Blocked?',
      'New event: Still not blocked',
    ]);
  });

  it('a failing webhook (500) is retried with backoff and the post goes out once', async () => {
    const group = await groupWithWebhook();
    const before = discord.posts.length;
    const callsBefore = discord.calls;
    discord.setMode(500, 2);
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Retried' });
    expect(event.eventName).toBe('Retried');
    await t.app.discordDeliveries.settled();
    expect(discord.calls - callsBefore).toBe(1);
    expect(await pending()).toBe(1);

    // Not before the backoff: the first retry waits the base delay, the second twice that.
    t.clock.advance(BACKOFF_BASE_MS - 1);
    await t.app.discordDeliveries.tick();
    expect(discord.calls - callsBefore).toBe(1);
    t.clock.advance(1);
    await t.app.discordDeliveries.tick();
    expect(discord.calls - callsBefore).toBe(2);
    t.clock.advance(2 * BACKOFF_BASE_MS);
    await t.app.discordDeliveries.tick();
    expect(discord.calls - callsBefore).toBe(3);
    expect(await pending()).toBe(0);
    expect(discord.posts.slice(before).map((p) => p.payload.embeds?.[0]?.title)).toEqual(['New event: Retried']);
  });

  it("a 429 is retried after Discord's retry_after, not before", async () => {
    const group = await groupWithWebhook();
    const callsBefore = discord.calls;
    discord.retryAfterSeconds = 30;
    discord.setMode(429, 1);
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Rate limited' });
    await t.app.discordDeliveries.settled();
    expect(discord.calls - callsBefore).toBe(1);
    t.clock.advance(29_999);
    await t.app.discordDeliveries.tick();
    expect(discord.calls - callsBefore).toBe(1);
    t.clock.advance(1);
    await t.app.discordDeliveries.tick();
    expect(discord.calls - callsBefore).toBe(2);
    expect(discord.posts.at(-1)?.payload.embeds?.[0]?.title).toBe('New event: Rate limited');
  });

  it('429s in a row, more than the attempts, are all waited out: one call a pass, then the post', async () => {
    const group = await groupWithWebhook();
    const callsBefore = discord.calls;
    discord.retryAfterSeconds = 0.5;
    discord.setMode(429, 10);
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Busy webhook' });
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Busy webhook again' });
    await t.app.discordDeliveries.settled();
    for (let pass = 1; pass <= 10; pass++) {
      expect(discord.calls - callsBefore).toBe(pass);
      t.clock.advance(500);
      await t.app.discordDeliveries.tick();
    }
    expect(discord.calls - callsBefore).toBe(12);
    expect(await pending()).toBe(0);
    expect(
      discord.posts
        .slice(-2)
        .map((p) => p.payload.embeds?.[0]?.title)
        .sort(),
    ).toEqual(['New event: Busy webhook', 'New event: Busy webhook again']);
  });

  it('a reminder is posted once per event, however many attendees are reminded', async () => {
    const group = await groupWithWebhook();
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Soon', startIn: 30 * 60_000 });
    await attend(t.app, cast.member, event._id);
    await attend(t.app, cast.admin, event._id);
    await t.app.discordDeliveries.settled();
    const before = discord.posts.length;
    const job = createEventMailJob({
      db: t.database.db,
      clock: t.clock,
      mailer: t.mailer,
      log: t.app.log,
      publicUrl: 'http://smm.test',
      changes,
    });
    expect((await job.tick()).remindersQueued).toBe(2);
    await job.tick();
    await t.app.discordDeliveries.settled();
    expect(discord.posts.slice(before).map((p) => p.payload.embeds?.[0]?.title)).toEqual(['Starting soon: Soon']);
  });

  it('a new event in a group without a webhook costs no delivery pass: only a queued post wakes the queue', async () => {
    const group = await groupWithCast(t.app, cast, true);
    passes = 0;
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Quiet' });
    // settled() waits for the change to be looked at, then runs one pass of its own.
    await t.app.discordDeliveries.settled();
    expect(passes).toBe(1);

    const posted = await groupWithWebhook();
    passes = 0;
    await createEvent(t.app, cast.member, posted._id, t.clock.now(), { eventName: 'Loud' });
    await t.app.discordDeliveries.settled();
    expect(passes).toBe(2);
  });

  it('nothing is posted for a group without a webhook, and a removed webhook stops queued posts', async () => {
    const group = await groupWithWebhook();
    const callsBefore = discord.calls;
    discord.setMode(500, 1);
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Queued' });
    await t.app.discordDeliveries.settled();
    expect(discord.calls - callsBefore).toBe(1);
    await call(t.app, `/api/groups/${group._id}/removeDiscordWebhook`, { method: 'POST', as: cast.owner });
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Unheard' });
    t.clock.advance(BACKOFF_BASE_MS);
    await t.app.discordDeliveries.settled();
    expect(discord.calls - callsBefore).toBe(1);
    expect(await pending()).toBe(0);
  });
});
