import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_CHANNEL_MESSAGE } from '@smm/shared/discord/app-schemas';
import { buildApp } from '../src/app';
import {
  CHANNEL_LINK_FIRST_MESSAGE,
  CHANNEL_NOT_MEMBER_MESSAGE,
  CHANNEL_TAKEN_MESSAGE,
  CHANNEL_UNSEEN_MESSAGE,
} from '../src/features/discord/discord-channel.service';
import { newDelivery } from '../src/features/discord/discord.repo';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import '../src/features/discord/discord-app.tables';
import { signInteraction, type FakeChannelMessage } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord, nextChannelId, nextInteractionId } from './discord-fixtures';
import { createGameFrom, draftFor } from './civ-games-fixtures';
import { playGame } from './civ-ladder-fixtures';
import { attend, createEvent, HOUR, iso, setNotifications } from './events-fixtures';
import { call, createCast, createGroup, groupWithCast, join, setRole, type Cast } from './groups-fixtures';
import { createTestApp, createUser, memoryMailer, type TestApp } from './test-app';

// A group's Discord channel: the bot posts each new event there with Attend, Maybe and Not coming
// buttons and the seats left, keeps the message up to date through the Discord outbox, and a
// press by a linked member signs them up with exactly the website's rules.

const BACKOFF_BASE_MS = 2000;
/** A channel the fake does not list is a text channel named "events" of its one server, Game Night. */
const NAMED = { channelName: 'events', guildName: 'Game Night' };

describe('Discord bot in a group channel', () => {
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
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: BACKOFF_BASE_MS },
      deps: { changes },
    });
    cast = await createCast(t.app);
    // Those who connect channels below are members of the channels' Discord server.
    for (const role of ['owner', 'admin', 'outsider'] as const) await linkDiscord(t.app, discord, cast[role]);
  }, 60_000);
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  function press(discordId: string, customId: string) {
    const body = JSON.stringify({
      id: nextInteractionId(),
      type: 3,
      token: 'interaction-token',
      channel_id: '1',
      guild_id: '2',
      member: { user: { id: discordId, username: 'x' } },
      data: { custom_id: customId, component_type: 2 },
    });
    return t.app.inject({ method: 'POST', url: '/api/discord/interactions', payload: body, headers: signInteraction(body, t.clock.now()) });
  }

  async function groupWithChannel() {
    const group = await groupWithCast(t.app, cast, true);
    const channelID = nextChannelId();
    const set = await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } });
    expect(set.body).toEqual({ channelID, ...NAMED, pausedReason: null });
    return { group, channelID };
  }

  const messagesIn = (channelID: string): FakeChannelMessage[] => [...discord.messages.values()].filter((m) => m.channel_id === channelID);

  it('Administrators connect a channel; members cannot, outsiders see nothing, and a channel serves one group', async () => {
    const { group, channelID } = await groupWithChannel();
    const url = `/api/groups/${group._id}/discordChannel`;
    expect((await call(t.app, url, { as: cast.owner })).body).toEqual({ channelID, ...NAMED, pausedReason: null });
    expect((await call(t.app, url, { as: cast.member })).status).toBe(403);
    expect((await call(t.app, url, { method: 'POST', as: cast.member, payload: { channelID: nextChannelId() } })).status).toBe(403);
    expect((await call(t.app, url, { as: cast.outsider })).status).toBe(404);
    const bad = await call(t.app, url, { method: 'POST', as: cast.owner, payload: { channelID: '#general' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.channelID).toBe(DISCORD_CHANNEL_MESSAGE);

    // Only a member of the channel's Discord server connects it, through their linked account.
    const stranger = await linkDiscord(t.app, discord, cast.owner);
    discord.strangers.add(stranger);
    const notMember = await call(t.app, url, { method: 'POST', as: cast.owner, payload: { channelID: nextChannelId() } });
    expect(notMember.status).toBe(400);
    expect(notMember.body.fields.channelID).toBe(CHANNEL_NOT_MEMBER_MESSAGE);
    discord.strangers.delete(stranger);
    const unlinkedAdmin = await createUser(t.app);
    await join(t.app, group, unlinkedAdmin);
    await setRole(t.app, group._id, cast.owner, unlinkedAdmin, 'Administrator');
    const unlinked = await call(t.app, url, { method: 'POST', as: unlinkedAdmin, payload: { channelID: nextChannelId() } });
    expect(unlinked.body.fields.channelID).toBe(CHANNEL_LINK_FIRST_MESSAGE);

    // The bot must see the channel: Discord is asked first.
    const unseen = nextChannelId();
    discord.hiddenChannels.add(unseen);
    const hidden = await call(t.app, url, { method: 'POST', as: cast.owner, payload: { channelID: unseen } });
    expect(hidden.status).toBe(400);
    expect(hidden.body.fields.channelID).toBe(CHANNEL_UNSEEN_MESSAGE);
    discord.setMode(500, 1);
    expect((await call(t.app, url, { method: 'POST', as: cast.owner, payload: { channelID: nextChannelId() } })).status).toBe(502);
    expect((await call(t.app, url, { as: cast.owner })).body).toEqual({ channelID, ...NAMED, pausedReason: null });
    const stored = await t.database.db
      .selectFrom('discord_channels')
      .select('guild_id')
      .where('channel_id', '=', channelID)
      .executeTakeFirst();
    expect(stored?.guild_id).toBe('1290000000000000001');

    const other = await createGroup(t.app, cast.outsider);
    const taken = await call(t.app, `/api/groups/${other._id}/discordChannel`, {
      method: 'POST',
      as: cast.outsider,
      payload: { channelID },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.fields.channelID).toBe(CHANNEL_TAKEN_MESSAGE);

    const none = { channelID: null, channelName: null, guildName: null, pausedReason: null };
    expect((await call(t.app, `/api/groups/${group._id}/removeDiscordChannel`, { method: 'POST', as: cast.admin })).body).toEqual(none);
    expect((await call(t.app, url, { as: cast.admin })).body).toEqual(none);
  });

  it('posts a new event with its buttons and seats left, edits it as sign-ups and the event change, and deletes it with the event', async () => {
    const { group, channelID } = await groupWithChannel();
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Raid **night**', maxNumberOfMembers: 3 });
    await t.app.discordDeliveries.settled();
    const [message] = messagesIn(channelID);
    expect(message).toBeDefined();
    expect(message!.embeds?.[0]?.footer?.text).toBe('3 seats left');
    expect(message!.content).toContain('Raid \\*\\*night\\*\\*');
    expect(message!.components?.[0]?.components.map((b) => [b.label, b.custom_id])).toEqual([
      ['Attend', `rsvp:attend:${event._id}`],
      ['Maybe', `rsvp:maybe:${event._id}`],
      ['Not coming', `rsvp:unattend:${event._id}`],
      ['Open', undefined],
    ]);

    expect((await attend(t.app, cast.admin, event._id)).status).toBe(200);
    await t.app.discordDeliveries.settled();
    expect(message!.embeds?.[0]?.footer?.text).toBe('2 seats left');
    expect(message!.embeds?.[0]?.description).toContain(`**Attending (1/3)**: ${cast.admin.user.username}`);

    const start = t.clock.now() + 48 * HOUR;
    const edited = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: cast.member,
      payload: { eventName: 'Raid night', startDate: iso(start), endDate: iso(start + 2 * HOUR), userID: cast.member.user.id },
    });
    expect(edited.status).toBe(200);
    await t.app.discordDeliveries.settled();
    expect(message!.embeds?.[0]?.title).toBe('Raid night');
    expect(message!.embeds?.[0]?.description).toContain(`<t:${Math.floor(start / 1000)}:F>`);

    expect((await call(t.app, `/api/events/deleteEvent?eventID=${event._id}`, { method: 'POST', as: cast.member })).status).toBe(200);
    await t.app.discordDeliveries.settled();
    expect(message!.deleted).toBe(true);
    expect(messagesIn(channelID)).toHaveLength(1);
    expect(await t.database.db.selectFrom('discord_event_messages').select('event_id').where('event_id', '=', event._id).execute()).toEqual(
      [],
    );
  });

  it('a member who leaves the group gives up their seat in the post too', async () => {
    const { group, channelID } = await groupWithChannel();
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Leaving night', maxNumberOfMembers: 3 });
    const leaver = await createUser(t.app);
    await join(t.app, group, leaver);
    expect((await attend(t.app, leaver, event._id)).status).toBe(200);
    await t.app.discordDeliveries.settled();
    const [message] = messagesIn(channelID);
    expect(message!.embeds?.[0]?.footer?.text).toBe('2 seats left');
    const left = await call(t.app, '/api/groups/leaveGroup', {
      method: 'POST',
      as: leaver,
      payload: { groupID: group._id, userID: leaver.user.id },
    });
    expect(left.status).toBe(200);
    await t.app.discordDeliveries.settled();
    expect(message!.embeds?.[0]?.footer?.text).toBe('3 seats left');
    expect(message!.embeds?.[0]?.description ?? '').not.toContain(leaver.user.username);
  });

  it('an event called off keeps its post, marked Cancelled, with its buttons disabled', async () => {
    const { group, channelID } = await groupWithChannel();
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Raid night', maxNumberOfMembers: 3 });
    await t.app.discordDeliveries.settled();
    expect(
      (await call(t.app, '/api/events/cancelEvent', { method: 'POST', as: cast.member, payload: { eventID: event._id } })).status,
    ).toBe(200);
    await t.app.discordDeliveries.settled();
    const [message] = messagesIn(channelID);
    expect(message!.deleted).toBeFalsy();
    expect(message!.embeds?.[0]?.title).toBe('Cancelled: Raid night');
    expect(message!.embeds?.[0]?.footer?.text).toBe('This event was called off.');
    expect(message!.components?.[0]?.components.map((b) => [b.label, b.disabled ?? false])).toEqual([
      ['Attend', true],
      ['Maybe', true],
      ['Not coming', true],
      ['Open', false],
    ]);
  });

  it('50 linked members pressing Attend at once on 12 seats: 12 get a seat, the others hear why not, and the post says full', async () => {
    const { group, channelID } = await groupWithChannel();
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Twelve seats', maxNumberOfMembers: 12 });
    const players: string[] = [];
    for (let i = 0; i < 50; i++) {
      const user = await createUser(t.app);
      await join(t.app, group, user);
      players.push(await linkDiscord(t.app, discord, user));
    }
    const answers = await Promise.all(players.map((id) => press(id, `rsvp:attend:${event._id}`)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ type: 4, data: { flags: 64 } });
    }
    const contents = answers.map((a) => (a.json() as { data: { content: string } }).data.content);
    expect(contents.filter((c) => c === 'You are attending Twelve seats.')).toHaveLength(12);
    expect(contents.filter((c) => c !== 'You are attending Twelve seats.').every((c) => /full/i.test(c))).toBe(true);
    const seats = await t.database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', event._id).execute();
    expect(seats).toHaveLength(12);

    await t.app.discordDeliveries.settled();
    const [message] = messagesIn(channelID);
    expect(message!.embeds?.[0]?.footer?.text).toBe('Full: no seats left');
    expect(message!.embeds?.[0]?.description).toContain('**Attending (12/12)**');
    // However many presses, the message was edited from the final state, a few times at most.
    expect(message!.edits).toBeLessThan(50);

    // Not coming gives the seat up and is kept as the member's answer; Maybe, from someone without a seat, is kept too.
    const seated = answers.findIndex((a) => (a.json() as { data: { content: string } }).data.content.startsWith('You are attending'));
    const unseated = answers.findIndex((a) => !(a.json() as { data: { content: string } }).data.content.startsWith('You are attending'));
    const leaving = await press(players[seated]!, `rsvp:unattend:${event._id}`);
    expect((leaving.json() as { data: { content: string } }).data.content).toBe('You are not coming to Twelve seats.');
    const maybe = await press(players[unseated]!, `rsvp:maybe:${event._id}`);
    expect(maybe.json()).toMatchObject({ type: 4, data: { content: 'You answered Maybe to Twelve seats.', flags: 64 } });
    const answersKept = await t.database.db
      .selectFrom('event_responses')
      .innerJoin('discord_links', 'discord_links.user_id', 'event_responses.user_id')
      .select(['discord_links.discord_id', 'event_responses.response'])
      .where('event_id', '=', event._id)
      .orderBy('event_responses.response')
      .execute();
    expect(answersKept).toEqual([
      { discord_id: players[unseated], response: 'maybe' },
      { discord_id: players[seated], response: 'not_coming' },
    ]);
    await t.app.discordDeliveries.settled();
    expect(message!.embeds?.[0]?.footer?.text).toBe('1 seat left');
    expect(message!.embeds?.[0]?.description).toContain('**Attending (11/12)**');
  }, 120_000);

  it('a linked user who is not a member hears the website refusal; an unlinked one where to sign in', async () => {
    const { group } = await groupWithChannel();
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Members only' });
    const stranger = await linkDiscord(t.app, discord, cast.outsider);
    const refused = await press(stranger, `rsvp:attend:${event._id}`);
    expect(refused.json()).toMatchObject({ type: 4, data: { flags: 64 } });
    expect((refused.json() as { data: { content: string } }).data.content).not.toContain('attending');
    const unlinked = await press('999999999999999999', `rsvp:attend:${event._id}`);
    expect((unlinked.json() as { data: { content: string } }).data.content).toContain('http://smm.test/login');
    expect(await t.database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', event._id).execute()).toEqual([]);
  });

  it('a 429 from Discord is retried after its retry_after, not before', async () => {
    const { group, channelID } = await groupWithChannel();
    const callsBefore = discord.calls;
    discord.retryAfterSeconds = 12.5;
    discord.setMode(429, 1);
    await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Rate limited' });
    await t.app.discordDeliveries.settled();
    expect(discord.calls - callsBefore).toBe(1);
    expect(messagesIn(channelID)).toHaveLength(0);
    t.clock.advance(12_499);
    await t.app.discordDeliveries.tick();
    expect(discord.calls - callsBefore).toBe(1);
    t.clock.advance(1);
    await t.app.discordDeliveries.tick();
    expect(discord.calls - callsBefore).toBe(2);
    expect(messagesIn(channelID).map((m) => m.embeds?.[0]?.title)).toEqual(['Rate limited']);
  });

  it('reminds by DM the attendees who asked for it, once per event start, also those who turned mail off', async () => {
    const { group } = await groupWithChannel();
    const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Soon', startIn: 90 * 60_000 });
    const wantsDm = await createUser(t.app);
    const dmInsteadOfMail = await createUser(t.app);
    const mailOnly = await createUser(t.app);
    for (const user of [wantsDm, dmInsteadOfMail, mailOnly]) {
      await join(t.app, group, user);
      expect((await attend(t.app, user, event._id)).status).toBe(200);
    }
    const ids = [await linkDiscord(t.app, discord, wantsDm), await linkDiscord(t.app, discord, dmInsteadOfMail)];
    const mailId = await linkDiscord(t.app, discord, mailOnly);
    for (const user of [wantsDm, dmInsteadOfMail]) {
      const on = await t.app.inject({
        method: 'POST',
        url: '/api/auth/discord/dmReminders',
        headers: user.auth,
        payload: { dmReminders: true },
      });
      expect(on.statusCode).toBe(200);
    }
    expect((await setNotifications(t.app, dmInsteadOfMail, group._id, false)).status).toBe(200);
    const dms = () =>
      [...discord.messages.values()].filter((m) => m.channel_id.startsWith('9') && m.content?.includes('Reminder: **Soon**'));

    // Not before the hour before the start.
    await t.app.discordDeliveries.settled();
    expect(dms()).toEqual([]);
    t.clock.advance(31 * 60_000);
    await t.app.discordDeliveries.settled();
    await t.app.discordDeliveries.settled();
    expect(
      dms()
        .map((m) => m.channel_id)
        .sort(),
    ).toEqual(ids.map((id) => `9${id}`).sort());
    expect(dms().some((m) => m.channel_id === `9${mailId}`)).toBe(false);
    // The mail job's reminders are its own: the mail of the member who turned mail off is not sent.
    const job = createEventMailJob({
      db: t.database.db,
      clock: t.clock,
      mailer: t.mailer,
      log: t.app.log,
      publicUrl: 'http://smm.test',
      changes,
    });
    await job.tick();
    await job.stop();
    const reminded = t.mailer.sent.filter((m) => m.subject.includes('Soon')).map((m) => m.to);
    expect(reminded).toContain(mailOnly.user.email);
    expect(reminded).not.toContain(dmInsteadOfMail.user.email);
  });

  it('announces a game drafted by the server in the channel once, with its players but not their leaders', async () => {
    const { group, channelID } = await groupWithChannel();
    const players = [cast.owner, cast.admin, cast.member];
    const { draft, body } = await draftFor(t.app, group, cast.owner, players);
    await t.app.discordDeliveries.settled();
    expect(messagesIn(channelID)).toEqual([]);
    const game = (await createGameFrom(t.app, cast.owner, { ...body, gameName: 'Deity FFA' })) as { _id: string };
    await t.app.discordDeliveries.settled();
    const posted = messagesIn(channelID);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.embeds?.[0]?.title).toBe('Drafted: Deity FFA');
    expect(posted[0]!.embeds?.[0]?.description).toBe(`Free for all, 3 players: ${draft.players.map((p) => p.username).join(', ')}`);
    expect(posted[0]!.components?.[0]?.components[0]?.url).toBe(`http://smm.test/civGroup/civGame?groupID=${group._id}&gameID=${game._id}`);
    const leaders = draft.players.flatMap((p) => p.civChoices.map((c) => c.leader));
    for (const leader of leaders) expect(JSON.stringify(posted[0])).not.toContain(leader);
  });

  it("announces a finished game's result once: the winner, the victory type and the placements", async () => {
    const { group, channelID } = await groupWithChannel();
    const before = messagesIn(channelID).length;
    const game = await playGame(t.app, t.clock, group, cast.owner, {
      players: [cast.owner, cast.admin, cast.member],
      out: [[cast.member], [cast.admin]],
      gameName: 'Deity night',
      victoryType: 'Culture',
    });
    await t.app.discordDeliveries.settled();
    await t.app.discordDeliveries.settled();
    const results = messagesIn(channelID)
      .slice(before)
      .filter((m) => m.embeds?.[0]?.title === 'Result: Deity night');
    expect(results).toHaveLength(1);
    expect(results[0]!.embeds?.[0]?.description).toBe(
      `Won by **${cast.owner.user.username}** (Culture victory)\n\n1. ${cast.owner.user.username}\n2. ${cast.admin.user.username}\n3. ${cast.member.user.username}`,
    );
    expect(results[0]!.components?.[0]?.components[0]?.url).toBe(
      `http://smm.test/civGroup/civGame?groupID=${group._id}&gameID=${game._id}`,
    );
    // Renaming the finished game announces nothing more.
    await call(t.app, '/api/civilization/updateGame', {
      method: 'POST',
      as: cast.owner,
      payload: { gameID: game._id, gameName: 'Renamed' },
    });
    await t.app.discordDeliveries.settled();
    expect(messagesIn(channelID).filter((m) => m.embeds?.[0]?.title?.startsWith('Result:'))).toHaveLength(1);
  });

  it('two instances on one database post each message once', async () => {
    const second = await buildApp({
      database: t.database,
      mailer: memoryMailer(),
      clock: t.clock,
      changes,
      config: {
        publicUrl: 'http://smm.test',
        adminEmail: 'admin@smm.test',
        tokenTtlSeconds: 3600,
        logLevel: 'silent',
        discordApiUrl: discord.url,
        discordApp: fakeDiscordApp,
        discordDelivery: { pollMs: 3_600_000, backoffBaseMs: BACKOFF_BASE_MS },
      },
    });
    await second.ready();
    try {
      const { group, channelID } = await groupWithChannel();
      // Both instances hear the change (one feed) and both run their delivery passes at once.
      const event = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Once' });
      await Promise.all([t.app.discordDeliveries.settled(), second.discordDeliveries.settled()]);
      await attend(t.app, cast.admin, event._id);
      await Promise.all([t.app.discordDeliveries.settled(), second.discordDeliveries.settled()]);
      const posted = messagesIn(channelID);
      expect(posted).toHaveLength(1);
      expect(posted[0]!.embeds?.[0]?.description).toContain('(1/');
      expect(discord.botCalls.filter((c) => c === `POST ${channelID}`)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('a late update of an event that has ended posts no new message, and still edits the one posted', async () => {
    const group = await groupWithCast(t.app, cast, true);
    // Created before the channel was connected: never posted.
    const unposted = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Never posted', length: HOUR });
    const channelID = nextChannelId();
    await call(t.app, `/api/groups/${group._id}/discordChannel`, { method: 'POST', as: cast.admin, payload: { channelID } });
    const posted = await createEvent(t.app, cast.member, group._id, t.clock.now(), { eventName: 'Posted', length: HOUR });
    await t.app.discordDeliveries.settled();
    const [message] = messagesIn(channelID);
    expect(messagesIn(channelID).map((m) => m.embeds?.[0]?.title)).toEqual(['Posted']);
    const edits = message!.edits;

    // Both events are over when their updates run (they waited on Discord, or on the application).
    t.clock.advance(26 * HOUR);
    const now = t.clock.now();
    await t.database.db
      .insertInto('discord_deliveries')
      .values(
        [unposted, posted].map((event) => newDelivery(group._id, `bot:event:${event._id}`, { eventId: event._id, change: 'late' }, now)),
      )
      .execute();
    const calls = discord.botCalls.length;
    await t.app.discordDeliveries.tick();
    expect(discord.botCalls.slice(calls).filter((c) => c.includes(channelID))).toEqual([`PATCH ${channelID}/${message!.id}`]);
    expect(messagesIn(channelID)).toHaveLength(1);
    expect(message!.edits).toBe(edits + 1);
    const left = await t.database.db
      .selectFrom('discord_deliveries')
      .select('id')
      .where('dedupe_key', 'in', [`bot:event:${unposted._id}`, `bot:event:${posted._id}`])
      .execute();
    expect(left).toEqual([]);
  });
});
