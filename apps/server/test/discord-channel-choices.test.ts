import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_OFF_MESSAGE } from '@smm/shared/discord/app-schemas';
import { CHOICE_GUILDS_MAX } from '../src/features/discord/discord-channel.service';
import '../src/features/discord/discord-app.tables';
import { FAKE_GUILD_ID } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord } from './discord-fixtures';
import { call, createCast, groupWithCast, join, setRole, type Cast } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// The channel picker of Group Settings: of the servers the bot is in, those the Administrator's
// linked Discord account may manage (each fake server's members hold a Manage Server role unless a
// test says otherwise), with their text and announcement channels.

const LIMIT = 4;

describe('Discord channel choices', () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;
  let adminDiscordId: string;

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: LIMIT, windowMs: 60_000 },
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: 2000 },
    });
    cast = await createCast(t.app);
    adminDiscordId = await linkDiscord(t.app, discord, cast.admin);
    // Another community's server, where the Administrator is not a member, and one where they are.
    discord.guilds.set('1291000000000000001', {
      id: '1291000000000000001',
      name: 'Strangers',
      channels: [{ id: '1291000000000000002', name: 'secret', type: 0, position: 0 }],
      members: new Set(['1']),
    });
    discord.guilds.set('1292000000000000001', {
      id: '1292000000000000001',
      name: 'Raid Team',
      channels: [
        { id: '1292000000000000003', name: 'voice', type: 2, position: 0 },
        { id: '1292000000000000002', name: 'raids', type: 0, position: 1 },
      ],
      members: new Set([adminDiscordId]),
    });
  }, 60_000);
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  it('lists only the servers the caller is a member of and may manage, with only their text and announcement channels', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const listed = await call(t.app, `/api/groups/${group._id}/discordChannelChoices`, { as: cast.admin });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      linked: true,
      guilds: [
        {
          guildID: FAKE_GUILD_ID,
          name: 'Game Night',
          channels: [
            { channelID: '1290000000000000003', name: 'general' },
            { channelID: '1290000000000000004', name: 'events' },
            { channelID: '1290000000000000005', name: 'announcements' },
          ],
        },
        { guildID: '1292000000000000001', name: 'Raid Team', channels: [{ channelID: '1292000000000000002', name: 'raids' }] },
      ],
    });
  });

  it('refuses members and outsiders, and says when the caller has not linked Discord', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const url = `/api/groups/${group._id}/discordChannelChoices`;
    expect((await call(t.app, url, { as: cast.member })).status).toBe(403);
    expect((await call(t.app, url, { as: cast.outsider })).status).toBe(404);
    expect((await call(t.app, url)).status).toBe(401);
    const unlinked = await createUser(t.app);
    await join(t.app, group, unlinked);
    await setRole(t.app, group._id, cast.owner, unlinked, 'Administrator');
    expect((await call(t.app, url, { as: unlinked })).body).toEqual({ linked: false, guilds: [] });
  });

  it('connects a picked channel end to end', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const listed = await call(t.app, `/api/groups/${group._id}/discordChannelChoices`, { as: cast.admin });
    const picked = (listed.body as { guilds: { name: string; channels: { channelID: string }[] }[] }).guilds.find(
      (g) => g.name === 'Raid Team',
    )!.channels[0]!.channelID;
    const url = `/api/groups/${group._id}/discordChannel`;
    expect((await call(t.app, url, { method: 'POST', as: cast.admin, payload: { channelID: picked } })).body).toEqual({
      channelID: picked,
      channelName: 'raids',
      guildName: 'Raid Team',
      pausedReason: null,
    });
    const stored = await t.database.db
      .selectFrom('discord_channels')
      .select('guild_id')
      .where('channel_id', '=', picked)
      .executeTakeFirst();
    expect(stored?.guild_id).toBe('1292000000000000001');
    // A channel of a server the Administrator is not in is refused, even when the bot sees it.
    const foreign = await call(t.app, url, { method: 'POST', as: cast.admin, payload: { channelID: '1291000000000000002' } });
    expect(foreign.status).toBe(400);
    // A voice channel is not offered, nor accepted.
    const voice = await call(t.app, url, { method: 'POST', as: cast.admin, payload: { channelID: '1292000000000000003' } });
    expect(voice.status).toBe(400);
    expect((await call(t.app, url, { as: cast.admin })).body).toEqual({
      channelID: picked,
      channelName: 'raids',
      guildName: 'Raid Team',
      pausedReason: null,
    });
  });

  it('asks Discord about at most the first servers, and answers 429 with Retry-After when asked too often', async () => {
    for (let i = 0; i < CHOICE_GUILDS_MAX + 5; i += 1) {
      const id = String(1293000000000000000n + BigInt(i) * 10n);
      discord.guilds.set(id, { id, name: `Server ${i}`, channels: [] });
    }
    const admin = await createUser(t.app);
    await linkDiscord(t.app, discord, admin);
    const group = await groupWithCast(t.app, { ...cast, owner: admin }, true);
    const url = `/api/groups/${group._id}/discordChannelChoices`;
    const before = discord.calls;
    expect((await call(t.app, url, { as: admin })).status).toBe(200);
    // One list of servers, then for each considered server the member's roles, the server's roles and its channels.
    expect(discord.calls - before).toBeLessThanOrEqual(1 + 3 * CHOICE_GUILDS_MAX);
    for (let i = 1; i < LIMIT; i += 1) expect((await call(t.app, url, { as: admin })).status).toBe(200);
    const refused = await t.app.inject({ method: 'GET', url, headers: { authorization: admin.token } });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 503 when Discord cannot be reached', async () => {
    const group = await groupWithCast(t.app, cast, true);
    discord.setMode(500, 1);
    const failed = await call(t.app, `/api/groups/${group._id}/discordChannelChoices`, { as: cast.admin });
    expect(failed.status).toBe(503);
  });
});

describe('Discord channel choices without a Discord application', () => {
  it('answers 503', async () => {
    const t = await createTestApp();
    try {
      const cast = await createCast(t.app);
      const group = await groupWithCast(t.app, cast, true);
      const off = await call(t.app, `/api/groups/${group._id}/discordChannelChoices`, { as: cast.admin });
      expect(off.status).toBe(503);
      expect(off.body.message).toBe(DISCORD_OFF_MESSAGE);
    } finally {
      await t.close();
    }
  }, 60_000);
});
