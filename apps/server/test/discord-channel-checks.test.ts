import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../src/features/discord/discord-app.tables';
import {
  CHANNEL_CHECKS_PER_PASS,
  CHANNEL_NAMES_PER_PASS,
  PAUSED_STRANGER,
  PAUSED_UNLINKED,
  pausedNotManager,
} from '../src/features/discord/discord-channel-checks';
import { CHANNEL_CHECK_EVERY_MS } from '../src/features/discord/discord-deliveries';
import { FAKE_PERMISSIONS } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord } from './discord-fixtures';
import { createEvent } from './events-fixtures';
import { call, createGroup, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// A channel connected before connecting asked who may manage its Discord server is checked by the
// bot against its connector's linked Discord account: confirmed when they own or may manage the
// server; otherwise paused with the reason, shown in Group Settings, and the bot posts nothing new
// there until an Administrator who may manage the server connects it again. The check reads the
// channel and its server anyway: it keeps their names, which Group Settings shows.

const COMMUNITY = '1296000000000000001';
const CHANNELS = Array.from({ length: 8 }, (_, i) => String(1296000000000000100n + BigInt(i)));
const MANAGERS = '1296000000000000011';

interface Person {
  user: TestUser;
  discordId: string | null;
  group: string;
}

describe('checks of channels connected before the manage-server rule', () => {
  let t: TestApp;
  let discord: DiscordFake;
  const people = {} as Record<'owner' | 'plain' | 'unlinked' | 'stranger' | 'guildless' | 'unreachable', Person>;
  let channelOf: Record<keyof typeof people, string>;

  const setting = async (who: Person) => {
    const res = await call(t.app, `/api/groups/${who.group}/discordChannel`, { as: who.user });
    expect(res.status).toBe(200);
    return res.body as { channelID: string | null; channelName: string | null; guildName: string | null; pausedReason: string | null };
  };
  const postedIn = (channelID: string) => [...discord.messages.values()].filter((m) => m.channel_id === channelID).length;
  const storedCheck = (who: Person) =>
    t.database.db
      .selectFrom('discord_channels')
      .select(['checked_at', 'paused_reason'])
      .where('group_id', '=', who.group)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: 2000 },
    });
    for (const name of ['owner', 'plain', 'unlinked', 'stranger', 'guildless', 'unreachable'] as const) {
      const user = await createUser(t.app);
      const discordId = name === 'unlinked' ? null : await linkDiscord(t.app, discord, user);
      people[name] = { user, discordId, group: (await createGroup(t.app, user, { groupName: `${name}'s group` }))._id };
    }
    discord.strangers.add(people.stranger.discordId!);
    discord.guilds.set(COMMUNITY, {
      id: COMMUNITY,
      name: 'The Community',
      ownerId: people.owner.discordId!,
      channels: CHANNELS.map((id, position) => ({ id, name: `channel-${position}`, type: 0, position })),
      roles: [{ id: MANAGERS, name: 'Managers', permissions: String(FAKE_PERMISSIONS.manageGuild | FAKE_PERMISSIONS.everyone) }],
      memberRoles: new Map([[people.unreachable.discordId!, [MANAGERS]]]),
    });
    channelOf = {
      owner: CHANNELS[0]!,
      plain: CHANNELS[1]!,
      unlinked: CHANNELS[2]!,
      stranger: CHANNELS[3]!,
      guildless: CHANNELS[4]!,
      unreachable: CHANNELS[5]!,
    };
    // As connected before the rule: nobody checked, the server of one not even stored.
    for (const [name, who] of Object.entries(people) as [keyof typeof people, Person][])
      await t.database.db
        .insertInto('discord_channels')
        .values({
          group_id: who.group,
          channel_id: channelOf[name],
          guild_id: name === 'guildless' ? null : COMMUNITY,
          set_by: who.user.user.id,
          updated_at: t.clock.now() - 30 * 24 * 3600_000,
        })
        .execute();
  }, 60_000);
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  it('confirms the owner’s channel and pauses the others, each with its reason, while Discord is reached', async () => {
    // Discord cannot be reached for one of them: it stays unchecked, and posting goes on there meanwhile.
    discord.setMode(500, Infinity, { only: `/members/${people.unreachable.discordId}` });
    await t.app.discordDeliveries.settled();
    discord.setMode('ok');

    expect(await setting(people.owner)).toEqual({
      channelID: channelOf.owner,
      channelName: 'channel-0',
      guildName: 'The Community',
      pausedReason: null,
    });
    expect((await storedCheck(people.owner)).checked_at).toBe(t.clock.now());
    expect(await setting(people.plain)).toEqual({
      channelID: channelOf.plain,
      channelName: 'channel-1',
      guildName: 'The Community',
      pausedReason: pausedNotManager('The Community'),
    });
    expect(await setting(people.guildless)).toEqual({
      channelID: channelOf.guildless,
      channelName: 'channel-4',
      guildName: 'The Community',
      pausedReason: pausedNotManager('The Community'),
    });
    // Nothing was asked of Discord for a connector with no linked account: no names to keep.
    expect(await setting(people.unlinked)).toEqual({
      channelID: channelOf.unlinked,
      channelName: null,
      guildName: null,
      pausedReason: PAUSED_UNLINKED,
    });
    // The bot sees the channel, but the server did not answer for a stranger: the channel's name only.
    expect(await setting(people.stranger)).toEqual({
      channelID: channelOf.stranger,
      channelName: 'channel-3',
      guildName: null,
      pausedReason: PAUSED_STRANGER,
    });
    expect(pausedNotManager('The Community')).toBe(
      'Paused: whoever connected this channel cannot manage The Community on Discord (it takes owning the server, Manage Server or Administrator). ' +
        'An Administrator who owns that Discord server, or has Manage Server or Administrator there, connects it again to resume.',
    );
    expect(await storedCheck(people.unreachable)).toEqual({ checked_at: null, paused_reason: null });
    // Not settled: a row connected before the names were kept still has none, and shows its ID alone.
    expect(await setting(people.unreachable)).toEqual({
      channelID: channelOf.unreachable,
      channelName: null,
      guildName: null,
      pausedReason: null,
    });
  });

  it('posts new events in a confirmed channel and in none that is paused', async () => {
    for (const name of ['owner', 'plain', 'unlinked', 'stranger', 'guildless'] as const)
      await createEvent(t.app, people[name].user, people[name].group, t.clock.now(), { eventName: `${name}'s raid` });
    await t.app.discordDeliveries.settled();
    expect(postedIn(channelOf.owner)).toBe(1);
    for (const name of ['plain', 'unlinked', 'stranger', 'guildless'] as const) expect(postedIn(channelOf[name])).toBe(0);
  });

  it('checks a channel Discord could not tell about at a later pass', async () => {
    await t.app.discordDeliveries.settled();
    expect((await storedCheck(people.unreachable)).checked_at).toBeNull();
    t.clock.advance(CHANNEL_CHECK_EVERY_MS);
    await t.app.discordDeliveries.settled();
    expect(await storedCheck(people.unreachable)).toEqual({ checked_at: t.clock.now(), paused_reason: null });
    expect(await setting(people.unreachable)).toEqual({
      channelID: channelOf.unreachable,
      channelName: 'channel-5',
      guildName: 'The Community',
      pausedReason: null,
    });
  });

  it('reads the names of channels checked before names were kept, once, and leaves unseen ones at their ID', async () => {
    const confirmed = async (groupName: string, channelId: string) => {
      const user = await createUser(t.app);
      const group = (await createGroup(t.app, user, { groupName }))._id;
      await t.database.db
        .insertInto('discord_channels')
        .values({
          group_id: group,
          channel_id: channelId,
          guild_id: COMMUNITY,
          set_by: user.user.id,
          updated_at: t.clock.now() - 24 * 3600_000,
          checked_at: t.clock.now() - 24 * 3600_000,
        })
        .execute();
      return { user, discordId: null, group };
    };
    const named = await confirmed('Confirmed before the names', CHANNELS[6]!);
    // A channel the bot no longer sees: Discord answers 404 for it.
    discord.hiddenChannels.add('1296000000000000999');
    const unseen = await confirmed('Its channel deleted on Discord', '1296000000000000999');
    const shown = { channelID: CHANNELS[6], channelName: null, guildName: null, pausedReason: null };
    expect(await setting(named)).toEqual(shown);
    t.clock.advance(CHANNEL_CHECK_EVERY_MS);
    await t.app.discordDeliveries.settled();
    expect(await setting(named)).toEqual({ ...shown, channelName: 'channel-6', guildName: 'The Community' });
    // The server is named though the channel is not; neither check nor pause changed.
    expect(await setting(unseen)).toEqual({ ...shown, channelID: '1296000000000000999', guildName: 'The Community' });
    expect(await storedCheck(named)).toEqual({ checked_at: t.clock.now() - CHANNEL_CHECK_EVERY_MS - 24 * 3600_000, paused_reason: null });
    // Read once: later passes ask Discord nothing more about them.
    const before = discord.calls;
    t.clock.advance(CHANNEL_CHECK_EVERY_MS);
    await t.app.discordDeliveries.settled();
    expect(discord.calls).toBe(before);
  });

  it('resumes once an Administrator who may manage the server connects the channel again', async () => {
    discord.guilds.get(COMMUNITY)!.memberRoles!.set(people.plain.discordId!, [MANAGERS]);
    const again = await call(t.app, `/api/groups/${people.plain.group}/discordChannel`, {
      method: 'POST',
      as: people.plain.user,
      payload: { channelID: channelOf.plain },
    });
    expect(again.status).toBe(200);
    const resumed = { channelID: channelOf.plain, channelName: 'channel-1', guildName: 'The Community', pausedReason: null };
    expect(again.body).toEqual(resumed);
    expect(await setting(people.plain)).toEqual(resumed);
    await createEvent(t.app, people.plain.user, people.plain.group, t.clock.now(), { eventName: 'Back on' });
    await t.app.discordDeliveries.settled();
    expect(postedIn(channelOf.plain)).toBe(1);
    // A later pass leaves a confirmed channel alone, whatever its connector's rights become.
    discord.guilds.get(COMMUNITY)!.memberRoles!.set(people.plain.discordId!, []);
    t.clock.advance(CHANNEL_CHECK_EVERY_MS);
    await t.app.discordDeliveries.settled();
    expect(await setting(people.plain)).toEqual(resumed);
  });

  // Channels Discord keeps failing to answer for (every call about one server fails, pass after pass) go to
  // the back of the pass's queue: a pass's worth of them does not hold back a channel connected after them.
  it.each([
    {
      step: 'checks',
      perPass: CHANNEL_CHECKS_PER_PASS,
      server: '1296000000000000003',
      firstChannel: 1296000000000000200n,
      calmChannel: '1296000000000000401',
      column: 'checked_at' as const,
      // Not checked yet, by a connector with a linked Discord account.
      checkedBefore: false,
    },
    {
      step: 'name reads',
      perPass: CHANNEL_NAMES_PER_PASS,
      server: '1296000000000000004',
      firstChannel: 1296000000000000300n,
      calmChannel: '1296000000000000400',
      column: 'names_read_at' as const,
      // Checked before names were kept.
      checkedBefore: true,
    },
  ])('the $step take channels Discord keeps failing for after the others, and do them once it answers', async (c) => {
    const connector = await createUser(t.app);
    await linkDiscord(t.app, discord, connector);
    const connected = async (groupName: string, channelId: string, guildId: string) => {
      const group = (await createGroup(t.app, connector, { groupName }))._id;
      await t.database.db
        .insertInto('discord_channels')
        .values({
          group_id: group,
          channel_id: channelId,
          guild_id: guildId,
          set_by: connector.user.id,
          updated_at: t.clock.now() - 3600_000,
          checked_at: c.checkedBefore ? t.clock.now() - 3600_000 : null,
        })
        .execute();
      return group;
    };
    const doneAt = async (group: string) =>
      (await t.database.db.selectFrom('discord_channels').select(c.column).where('group_id', '=', group).executeTakeFirstOrThrow())[
        c.column
      ];
    const stormy: string[] = [];
    for (let i = 0; i < c.perPass; i++) stormy.push(await connected(`Stormy ${c.step} ${i}`, String(c.firstChannel + BigInt(i)), c.server));
    discord.setMode(500, Infinity, { only: `/guilds/${c.server}` });
    t.clock.advance(CHANNEL_CHECK_EVERY_MS);
    await t.app.discordDeliveries.settled();
    const calm = await connected(`Calm ${c.step}`, c.calmChannel, COMMUNITY);
    t.clock.advance(CHANNEL_CHECK_EVERY_MS);
    await t.app.discordDeliveries.settled();
    expect(await doneAt(calm)).toBe(t.clock.now());
    for (const group of stormy) expect(await doneAt(group)).toBeNull();
    discord.setMode('ok');
    t.clock.advance(CHANNEL_CHECK_EVERY_MS);
    await t.app.discordDeliveries.settled();
    for (const group of stormy) expect(await doneAt(group)).toBe(t.clock.now());
  });

  it('shows a paused channel only to Administrators, as the channel itself', async () => {
    const member = await createUser(t.app);
    const res = await call(t.app, `/api/groups/${people.stranger.group}/discordChannel`, { as: member });
    expect([403, 404]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toContain('Paused');
  });
});
