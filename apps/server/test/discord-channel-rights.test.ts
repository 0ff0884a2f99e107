import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canManageGuild, manageServerNeeded } from '../src/features/discord/discord-permissions';
import '../src/features/discord/discord-app.tables';
import { FAKE_GUILD_ID, FAKE_PERMISSIONS } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord, nextChannelId } from './discord-fixtures';
import { call, createGroup, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Who may point the bot at a Discord server's channel: whoever owns the server or may manage it
// (a role granting Manage Server or Administrator), as Discord asks of whoever adds a bot. A plain
// member of a server the bot was added to by another community may neither connect its channels
// nor take one before the community's own group does.

const COMMUNITY = '1295000000000000001';
const CHANNELS = ['1295000000000000002', '1295000000000000003', '1295000000000000004', '1295000000000000005'];
const ROLES = { managers: '1295000000000000011', admins: '1295000000000000012', moderators: '1295000000000000013' };

interface Person {
  user: TestUser;
  discordId: string;
  group: string;
}

describe('Discord channel rights', () => {
  let t: TestApp;
  let discord: DiscordFake;
  const people: Record<'owner' | 'manager' | 'admin' | 'moderator' | 'plain', Person> = {} as never;

  const connect = (who: Person, channelID: string) =>
    call(t.app, `/api/groups/${who.group}/discordChannel`, { method: 'POST', as: who.user, payload: { channelID } });
  const offered = async (who: Person) => {
    const res = await call(t.app, `/api/groups/${who.group}/discordChannelChoices`, { as: who.user });
    expect(res.status).toBe(200);
    return (res.body as { guilds: { guildID: string }[] }).guilds.map((g) => g.guildID);
  };

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: 2000 },
    });
    for (const name of ['owner', 'manager', 'admin', 'moderator', 'plain'] as const) {
      const user = await createUser(t.app);
      const discordId = await linkDiscord(t.app, discord, user);
      people[name] = { user, discordId, group: (await createGroup(t.app, user, { groupName: `${name}'s group` }))._id };
    }
    // Another community's server: the bot is in it, and so is everyone here, with different rights.
    discord.guilds.set(COMMUNITY, {
      id: COMMUNITY,
      name: 'The Community',
      ownerId: people.owner.discordId,
      channels: CHANNELS.map((id, position) => ({ id, name: `channel-${position}`, type: 0, position })),
      roles: [
        { id: ROLES.managers, name: 'Managers', permissions: String(FAKE_PERMISSIONS.manageGuild | FAKE_PERMISSIONS.everyone) },
        { id: ROLES.admins, name: 'Admins', permissions: String(FAKE_PERMISSIONS.administrator) },
        { id: ROLES.moderators, name: 'Moderators', permissions: String(FAKE_PERMISSIONS.manageChannels | (1n << 40n)) },
      ],
      memberRoles: new Map([
        [people.manager.discordId, [ROLES.moderators, ROLES.managers]],
        [people.admin.discordId, [ROLES.admins]],
        [people.moderator.discordId, [ROLES.moderators]],
      ]),
    });
  }, 60_000);
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  it('refuses a plain member of the server with 403 naming the right needed, and does not offer it', async () => {
    for (const who of [people.plain, people.moderator]) {
      const refused = await connect(who, CHANNELS[0]!);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(manageServerNeeded('The Community'));
      expect(refused.body.message).toBe('You need Manage Server (or to own the server) in The Community to connect its channels');
      expect(refused.body.fields.channelID).toBe(refused.body.message);
      expect(await offered(who)).not.toContain(COMMUNITY);
    }
    const stored = await t.database.db.selectFrom('discord_channels').select('group_id').where('channel_id', '=', CHANNELS[0]!).execute();
    expect(stored).toEqual([]);
  });

  it('lets the owner, a Manage Server role and an Administrator role connect, and offers them the server', async () => {
    const cases: [Person, string, string][] = [
      [people.owner, CHANNELS[1]!, 'channel-1'],
      [people.manager, CHANNELS[2]!, 'channel-2'],
      [people.admin, CHANNELS[3]!, 'channel-3'],
    ];
    for (const [who, channelID, channelName] of cases) {
      expect(await offered(who)).toContain(COMMUNITY);
      const before = discord.calls;
      const res = await connect(who, channelID);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ channelID, channelName, guildName: 'The Community', pausedReason: null });
      // The channel, the server and the membership: the same few calls whatever the server's size.
      expect(discord.calls - before).toBe(3);
      const stored = await t.database.db
        .selectFrom('discord_channels')
        .select(['group_id', 'guild_id'])
        .where('channel_id', '=', channelID)
        .executeTakeFirst();
      expect(stored).toEqual({ group_id: who.group, guild_id: COMMUNITY });
    }
  });

  it('a plain member cannot take a channel first: the rightful group connects it', async () => {
    const channelID = CHANNELS[0]!;
    expect((await connect(people.plain, channelID)).status).toBe(403);
    const rightful = await connect(people.owner, channelID);
    expect(rightful.status).toBe(200);
    expect(rightful.body).toEqual({ channelID, channelName: 'channel-0', guildName: 'The Community', pausedReason: null });
    // Still refused for want of the right, not told the channel is taken.
    expect((await connect(people.plain, channelID)).status).toBe(403);
  });

  it('a member of the default server without a managing role is refused there too', async () => {
    const game = discord.guilds.get(FAKE_GUILD_ID)!;
    game.memberRoles!.set(people.plain.discordId, []);
    try {
      const refused = await connect(people.plain, nextChannelId());
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(manageServerNeeded('Game Night'));
      expect(await offered(people.plain)).toEqual([]);
    } finally {
      game.memberRoles!.delete(people.plain.discordId);
    }
    expect((await connect(people.plain, nextChannelId())).status).toBe(200);
  });
});

describe('canManageGuild', () => {
  const guild = (everyone: bigint, roles: Record<string, bigint>) => ({
    id: '10',
    name: 'Server',
    owner_id: '1',
    roles: [{ id: '10', permissions: String(everyone) }, ...Object.entries(roles).map(([id, bits]) => ({ id, permissions: String(bits) }))],
  });

  it('is true for the owner, Manage Server or Administrator from any held role or @everyone, and false otherwise', () => {
    const plain = guild(FAKE_PERMISSIONS.everyone, { 20: FAKE_PERMISSIONS.manageGuild, 21: FAKE_PERMISSIONS.administrator, 22: 1n << 45n });
    expect(canManageGuild(plain, '1', [])).toBe(true);
    expect(canManageGuild(plain, '2', [])).toBe(false);
    expect(canManageGuild(plain, '2', ['22'])).toBe(false);
    expect(canManageGuild(plain, '2', ['22', '20'])).toBe(true);
    expect(canManageGuild(plain, '2', ['21'])).toBe(true);
    // A role the server no longer has grants nothing.
    expect(canManageGuild(plain, '2', ['99'])).toBe(false);
    expect(canManageGuild(guild(FAKE_PERMISSIONS.manageGuild | (1n << 50n), {}), '2', [])).toBe(true);
    expect(canManageGuild(guild(FAKE_PERMISSIONS.manageChannels | (1n << 50n), {}), '2', [])).toBe(false);
  });
});
