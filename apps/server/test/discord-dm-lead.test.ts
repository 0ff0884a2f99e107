import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord } from './discord-fixtures';
import { attend, createEvent } from './events-fixtures';
import { createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Reminders by Discord DM keep the installation's reminder time (EVENT_REMINDER_MINUTES), like the mails.

let t: TestApp;
let discord: DiscordFake;

beforeAll(async () => {
  discord = await createDiscordFake();
  t = await createTestApp({
    discordApiUrl: discord.url,
    discordApp: fakeDiscordApp,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
    discordDelivery: { pollMs: 3_600_000 },
    eventReminderLeadMs: 15 * 60_000,
  });
}, 60_000);
afterAll(async () => {
  discord.release();
  await t?.close();
  await discord?.close();
});

it('a DM reminder goes out at the configured lead, not an hour before', async () => {
  const owner = await createUser(t.app);
  const player: TestUser = await createUser(t.app);
  const group = await createGroup(t.app, owner, { groupName: 'Quarter hour' });
  await join(t.app, group, player);
  const event = await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Late start', startIn: 90 * 60_000 });
  expect((await attend(t.app, player, event._id)).status).toBe(200);
  const discordId = await linkDiscord(t.app, discord, player);
  const on = await t.app.inject({
    method: 'POST',
    url: '/api/auth/discord/dmReminders',
    headers: player.auth,
    payload: { dmReminders: true },
  });
  expect(on.statusCode).toBe(200);
  const dms = () => [...discord.messages.values()].filter((m) => m.channel_id === `9${discordId}` && m.content?.includes('Late start'));

  // 45 minutes before the start: within the hour, but not yet within the quarter hour.
  t.clock.advance(45 * 60_000);
  await t.app.discordDeliveries.settled();
  await t.app.discordDeliveries.settled();
  expect(dms()).toEqual([]);
  t.clock.advance(31 * 60_000);
  await t.app.discordDeliveries.settled();
  await t.app.discordDeliveries.settled();
  expect(dms()).toHaveLength(1);
});
