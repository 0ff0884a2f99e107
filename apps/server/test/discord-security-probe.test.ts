import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordMadeEmail } from '@smm/shared/discord/app-schemas';
import '../src/features/discord/discord-app.tables';
import { ALREADY_HANDLED_ANSWER, CHANNEL_NOT_CONNECTED_ANSWER } from '../src/features/discord/discord-interactions.service';
import { signInteraction } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import {
  fakeDiscordApp,
  linkDiscord,
  nextChannelId,
  nextInteractionId,
  postInteraction,
  sendInteraction,
  signedInteraction,
  slashCommand,
  type AnswerBody,
} from './discord-fixtures';
import { attend, createEvent } from './events-fixtures';
import { call, createCast, createGroup, groupWithCast, join, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// What the Discord application lets a stranger do: forged, replayed and malformed interactions,
// presses and commands by people outside a private group, sign-ins finished elsewhere, channels
// and webhooks pointed where they should not be, and reminders to people who left.

describe('Discord application against misuse', () => {
  let t: TestApp;
  let discord: DiscordFake;
  let cast: Cast;
  const ids: Record<string, string> = {};
  let privateGroup: { _id: string; inviteLink: string };
  let privateChannel: string;
  let otherGroup: { _id: string; inviteLink: string };
  let otherChannel: string;

  const now = () => t.clock.now();
  const press = (discordId: string, customId: string, channelId: string, type = 3) =>
    sendInteraction(t.app, now(), {
      type,
      channel_id: channelId,
      member: { user: { id: discordId, username: 'x' } },
      data: { custom_id: customId, component_type: 2 },
    });
  const ask = async (name: string, discordId: string, channelId: string) =>
    (await sendInteraction(t.app, now(), slashCommand(name, discordId, channelId))).json() as AnswerBody;
  const seats = async (eventId: string) =>
    (await t.database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', eventId).execute()).map((r) => r.user_id);
  const answers = async (eventId: string) =>
    (await t.database.db.selectFrom('event_responses').select('user_id').where('event_id', '=', eventId).execute()).map((r) => r.user_id);

  async function connect(groupID: string, as: TestUser) {
    const channelID = nextChannelId();
    const res = await call(t.app, `/api/groups/${groupID}/discordChannel`, { method: 'POST', as, payload: { channelID } });
    expect(res.status).toBe(200);
    return channelID;
  }

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: 2000 },
    });
    cast = await createCast(t.app);
    privateGroup = await groupWithCast(t.app, cast, true);
    for (const role of ['owner', 'admin', 'member', 'outsider'] as const) ids[role] = await linkDiscord(t.app, discord, cast[role]);
    privateChannel = await connect(privateGroup._id, cast.admin);
    // The outsider runs a group of their own, in another server's channel.
    otherGroup = await createGroup(t.app, cast.outsider, { groupName: 'Elsewhere', isPrivate: false });
    otherChannel = await connect(otherGroup._id, cast.outsider);
  }, 60_000);
  afterAll(async () => {
    discord.release();
    await t.close();
    await discord.close();
  });

  describe('the interactions endpoint', () => {
    it('believes only a fresh signature over the exact bytes', async () => {
      const body = JSON.stringify({ id: nextInteractionId(), type: 1 });
      const good = signInteraction(body, now());
      const url = '/api/discord/interactions';
      const send = (payload: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, payload, headers });
      expect((await send(body, {})).statusCode).toBe(401);
      expect((await send(body, { ...good, 'x-signature-ed25519': '' })).statusCode).toBe(401);
      expect((await send(body, { ...good, 'x-signature-ed25519': 'zz'.repeat(64) })).statusCode).toBe(401);
      // A valid signature of another body, and of this body at another timestamp.
      const other = signInteraction(JSON.stringify({ type: 1 }), now());
      expect((await send(body, { ...good, 'x-signature-ed25519': other['x-signature-ed25519']! })).statusCode).toBe(401);
      expect((await send(body, { ...good, 'x-signature-timestamp': String(Number(good['x-signature-timestamp']) + 1) })).statusCode).toBe(
        401,
      );
      // Whitespace added after signing changes the bytes.
      expect((await send(`${body} `, good)).statusCode).toBe(401);
      // Signed long ago or far ahead: a captured request does not live on.
      expect((await send(body, signInteraction(body, now() - 6 * 60_000))).statusCode).toBe(401);
      expect((await send(body, signInteraction(body, now() + 6 * 60_000))).statusCode).toBe(401);
      expect((await send(body, good)).json()).toEqual({ type: 1 });
    });

    it('refuses malformed and oversized bodies without acting, and never answers 500', async () => {
      for (const body of ['{', 'null', '[]', '"x"', JSON.stringify({ type: 'x' }), JSON.stringify({ type: 3 })]) {
        const res = await postInteraction(t.app, { body, headers: signInteraction(body, now()) });
        expect(res.statusCode, body).toBe(400);
      }
      const huge = JSON.stringify({ type: 1, pad: 'x'.repeat(400 * 1024) });
      const res = await postInteraction(t.app, { body: huge, headers: signInteraction(huge, now()) });
      expect(res.statusCode).toBe(413);
    });

    it('answers unknown interaction types and components only to the sender, changing nothing', async () => {
      const event = await createEvent(t.app, cast.member, privateGroup._id, now(), { eventName: 'Quiet night' });
      for (const [customId, type] of [
        [`rsvp:attend:${event._id}`, 4],
        [`rsvp:attend:${event._id}`, 5],
        [`rsvp:attend:${event._id}`, 99],
        [`rsvp:delete:${event._id}`, 3],
        [`rsvp:attend:${event._id}/../x`, 3],
        [`rsvp:attend:${event._id}:extra`, 3],
        ['', 3],
      ] as const) {
        const res = await press(ids.member!, customId, privateChannel, type);
        expect(res.statusCode).toBe(200);
        expect((res.json() as AnswerBody).data?.flags, `${type} ${customId}`).toBe(64);
      }
      expect(await seats(event._id)).toEqual([]);
    });

    it('acts on each press once: a captured press sent again does nothing', async () => {
      const event = await createEvent(t.app, cast.owner, privateGroup._id, now(), { eventName: 'Once' });
      const signed = signedInteraction(now(), {
        type: 3,
        channel_id: privateChannel,
        member: { user: { id: ids.member!, username: 'x' } },
        data: { custom_id: `rsvp:attend:${event._id}`, component_type: 2 },
      });
      expect((await postInteraction(t.app, signed)).json()).toMatchObject({ data: { content: 'You are attending Once.' } });
      expect(
        (
          await call(t.app, '/api/events/unattendEvent', {
            method: 'POST',
            as: cast.member,
            payload: { eventID: event._id, userID: cast.member.user.id },
          })
        ).status,
      ).toBe(200);
      const again = (await postInteraction(t.app, signed)).json() as AnswerBody;
      expect(again.data?.content).toBe(ALREADY_HANDLED_ANSWER);
      expect(await seats(event._id)).toEqual([]);
    });
  });

  describe('presses on event posts', () => {
    it("a press in one server's channel on another (private) group's event acts only for that group's members", async () => {
      const event = await createEvent(t.app, cast.member, privateGroup._id, now(), { eventName: 'Secret raid' });
      // The outsider, in their own group's channel, points a button at the private group's event.
      for (const choice of ['attend', 'maybe', 'unattend']) {
        const res = (await press(ids.outsider!, `rsvp:${choice}:${event._id}`, otherChannel)).json() as AnswerBody;
        expect(res.data?.flags).toBe(64);
        expect(res.data?.content).not.toContain('Secret raid');
      }
      expect(await seats(event._id)).toEqual([]);
      expect(await answers(event._id)).toEqual([]);
      // A made-up event id reveals nothing either.
      const unknown = (await press(ids.outsider!, 'rsvp:attend:doesnotexist0000000000', otherChannel)).json() as AnswerBody;
      expect(unknown.data?.flags).toBe(64);
    });

    it("the answer to a press shows the event's name as written: no masked link or markdown from it", async () => {
      const event = await createEvent(t.app, cast.member, privateGroup._id, now(), {
        eventName: '[Claim seat](https://evil.example) **now**',
      });
      for (const [choice, start] of [
        ['attend', 'You are attending '],
        ['maybe', 'You answered Maybe to '],
        ['unattend', 'You are not coming to '],
      ] as const) {
        const res = (await press(ids.admin!, `rsvp:${choice}:${event._id}`, privateChannel)).json() as AnswerBody;
        expect(res.data?.content).toBe(`${start}\\[Claim seat\\]\\(https://evil.example\\) \\*\\*now\\*\\*.`);
      }
    });

    it('a member who left or was kicked from a private group can no longer answer its events from Discord', async () => {
      const leaver = await createUser(t.app);
      const kicked = await createUser(t.app);
      const leaverId = await linkDiscord(t.app, discord, leaver);
      const kickedId = await linkDiscord(t.app, discord, kicked);
      for (const user of [leaver, kicked]) await join(t.app, privateGroup, user);
      const event = await createEvent(t.app, cast.member, privateGroup._id, now(), { eventName: 'Members only' });
      expect(
        (
          await call(t.app, '/api/groups/leaveGroup', {
            method: 'POST',
            as: leaver,
            payload: { groupID: privateGroup._id, userID: leaver.user.id },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(t.app, '/api/groups/kickMember', {
            method: 'POST',
            as: cast.owner,
            payload: { groupID: privateGroup._id, userID: kicked.user.id },
          })
        ).status,
      ).toBe(200);
      for (const id of [leaverId, kickedId]) {
        for (const choice of ['attend', 'maybe', 'unattend']) {
          const res = (await press(id, `rsvp:${choice}:${event._id}`, privateChannel)).json() as AnswerBody;
          expect(res.data?.flags).toBe(64);
        }
        for (const name of ['next', 'availability', 'rankings', 'draft']) {
          const res = await ask(name, id, privateChannel);
          expect(res.data?.flags, name).toBe(64);
          expect(res.data?.embeds, name).toBeUndefined();
          expect(res.data?.components, name).toBeUndefined();
        }
      }
      expect(await seats(event._id)).toEqual([]);
      expect(await answers(event._id)).toEqual([]);
    });

    it('a Discord account unlinked from its user acts for nobody', async () => {
      const user = await createUser(t.app);
      await join(t.app, privateGroup, user);
      const id = await linkDiscord(t.app, discord, user);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/discord/unlink', headers: { authorization: user.token } })).statusCode,
      ).toBe(200);
      const event = await createEvent(t.app, cast.member, privateGroup._id, now(), { eventName: 'After unlink' });
      const res = (await press(id, `rsvp:attend:${event._id}`, privateChannel)).json() as AnswerBody;
      expect(res.data?.content).toContain('not linked');
      expect(await seats(event._id)).toEqual([]);
    });
  });

  describe('slash commands', () => {
    it("tell a non-member nothing about a private group's events, times, members or rankings", async () => {
      await createEvent(t.app, cast.member, privateGroup._id, now(), { eventName: 'Hidden plans' });
      await call(t.app, `/api/civilization/postPlayerAvailability/${privateGroup._id}/${cast.member.user.id}`, {
        method: 'POST',
        as: cast.member,
        payload: { day: 'Saturday', time: 'Evening', available: true },
      });
      for (const name of ['next', 'availability', 'rankings', 'draft']) {
        const res = await ask(name, ids.outsider!, privateChannel);
        expect(res.data?.flags, name).toBe(64);
        const text = JSON.stringify(res);
        expect(text, name).not.toContain('Hidden plans');
        for (const role of ['owner', 'admin', 'member'] as const) expect(text, name).not.toContain(cast[role].user.username);
      }
    });

    it('find the group from the channel only; a DM or an unconnected channel gets nothing', async () => {
      const dm = (
        await sendInteraction(t.app, now(), {
          type: 2,
          channel_id: nextChannelId(),
          user: { id: ids.member!, username: 'x' },
          data: { name: 'next', type: 1 },
          guild_id: undefined,
        })
      ).json() as AnswerBody;
      expect(dm.data).toMatchObject({ content: CHANNEL_NOT_CONNECTED_ANSWER, flags: 64 });
      // The same command in the other group's channel answers for that group, not the member's.
      const there = await ask('next', ids.member!, otherChannel);
      expect(JSON.stringify(there)).not.toContain('Hidden plans');
    });

    it('/availability of a big group still fits in one Discord message', async () => {
      const group = await groupWithCast(t.app, cast, false);
      const channel = await connect(group._id, cast.admin);
      const people: TestUser[] = [];
      for (let i = 0; i < 40; i++) {
        const user = await createUser(t.app, { username: `av${String(i).padStart(2, '0')}_${'w'.repeat(27)}` });
        await join(t.app, group, user);
        people.push(user);
      }
      for (const user of people)
        for (const [day, time] of [
          ['Saturday', 'Evening'],
          ['Sunday', 'Evening'],
          ['Friday', 'Evening'],
        ] as const) {
          const res = await call(t.app, `/api/civilization/postPlayerAvailability/${group._id}/${user.user.id}`, {
            method: 'POST',
            as: user,
            payload: { day, time, available: true },
          });
          expect(res.status).toBe(200);
        }
      const answer = await ask('availability', ids.member!, channel);
      const content = answer.data?.content ?? '';
      expect(content.length).toBeLessThanOrEqual(2000);
      const lines = content.split('\n');
      expect(lines).toHaveLength(4);
      for (const line of lines.slice(1)) expect(line).toMatch(/: 40 members \(.* and \d+ more\)$/);
    }, 60_000);
  });

  describe('sign-in and linking', () => {
    it('a link started by one user and finished in another browser links nobody', async () => {
      discord.consent = { id: '300000000000000001', username: 'victim', global_name: null };
      const started = await t.app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: { authorization: cast.member.token } });
      const back = new URL((await fetch((started.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
      const elsewhere = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      expect(elsewhere.headers.location).toBe('http://smm.test/profile?discordError=foreign');
      const link = await t.app.inject({ method: 'GET', url: '/api/auth/discord', headers: { authorization: cast.member.token } });
      expect((link.json() as { link: { discordID: string } }).link.discordID).toBe(ids.member);
    });

    it('a sign-in sends the browser back only to a page of this app', async () => {
      for (const returnTo of [
        '//evil.example/x',
        'https://evil.example/',
        '/\\evil.example',
        'javascript:alert(1)',
        '/%0d%0aSet-Cookie:x',
      ]) {
        discord.consent = { id: '300000000000000002', username: 'wanderer', global_name: null };
        const started = await t.app.inject({ method: 'POST', url: '/api/auth/discord/login', payload: { returnTo } });
        if (started.statusCode !== 200) continue;
        const cookie = String(started.headers['set-cookie']).split(';')[0]!;
        const back = new URL((await fetch((started.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
        const landed = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
        const location = new URL(String(landed.headers.location));
        expect(location.origin).toBe('http://smm.test');
        const to = new URLSearchParams(location.hash.slice(1)).get('returnTo');
        expect(to === null || (to.startsWith('/') && !to.startsWith('//') && !to.includes('\\')), returnTo).toBe(true);
      }
    });

    it("an account made by Discord cannot claim another user's email, in any case", async () => {
      discord.consent = { id: '300000000000000003', username: 'claimer', global_name: null };
      const started = await t.app.inject({ method: 'POST', url: '/api/auth/discord/login', payload: {} });
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const back = new URL((await fetch((started.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
      const landed = new URL(
        String((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } })).headers.location),
      );
      const grant = new URLSearchParams(landed.hash.slice(1)).get('grant');
      const token = (
        (await t.app.inject({ method: 'POST', url: '/api/auth/discord/session', payload: { grant }, headers: { cookie } })).json() as {
          token: string;
        }
      ).token;
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/discord/setPassword',
        headers: { authorization: token },
        payload: { email: cast.owner.user.email.toUpperCase(), password: 'another good password' },
      });
      expect(set.statusCode).toBe(409);
      // An account with a password cannot use this to change its email either.
      const existing = await t.app.inject({
        method: 'POST',
        url: '/api/auth/discord/setPassword',
        headers: { authorization: cast.member.token },
        payload: { email: 'fresh-address@example.com', password: 'another good password' },
      });
      expect(existing.statusCode).toBe(400);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: cast.owner.user.email, password: 'another good password' },
      });
      expect(login.statusCode).not.toBe(200);
    });
  });

  describe('accounts after Discord', () => {
    async function discordSession(id: string, username: string) {
      discord.consent = { id, username, global_name: null };
      const started = await t.app.inject({ method: 'POST', url: '/api/auth/discord/login', payload: {} });
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const back = new URL((await fetch((started.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
      const landed = new URL(
        String((await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } })).headers.location),
      );
      const grant = new URLSearchParams(landed.hash.slice(1)).get('grant');
      const session = await t.app.inject({ method: 'POST', url: '/api/auth/discord/session', payload: { grant }, headers: { cookie } });
      expect(session.statusCode).toBe(200);
      const token = (session.json() as { token: string }).token;
      const me = await t.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: token } });
      return { token, user: me.json() as { id: string; email: string } };
    }

    it('nobody signs in with the placeholder address of an account made by Discord', async () => {
      const { user } = await discordSession('300000000000000010', 'placeholder');
      expect(user.email).toBe(discordMadeEmail('300000000000000010'));
      for (const password of ['', 'x', 'correct horse battery'])
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password } })).statusCode,
        ).not.toBe(200);
    });

    it('after unlinking, the Discord account signs into a new account, and the old one keeps its password', async () => {
      const user = await createUser(t.app);
      const id = await linkDiscord(t.app, discord, user);
      expect((await discordSession(id, 'returning')).user.id).toBe(user.user.id);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/discord/unlink', headers: user.auth })).statusCode).toBe(200);
      const fresh = await discordSession(id, 'returning');
      expect(fresh.user.id).not.toBe(user.user.id);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: user.user.email, password: user.password },
      });
      expect(login.statusCode).toBe(200);
      // The old account cannot take the Discord account back while the new one has it.
      discord.consent = { id, username: 'returning', global_name: null };
      const started = await t.app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: user.auth });
      const cookie = String(started.headers['set-cookie']).split(';')[0]!;
      const back = new URL((await fetch((started.json() as { url: string }).url, { redirect: 'manual' })).headers.get('location')!);
      const landed = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
      expect(landed.headers.location).toBe('http://smm.test/profile?discordError=taken');
    });
  });

  describe("a group's channel and webhook", () => {
    it('take only Discord channel ids and Discord webhook URLs', async () => {
      const url = `/api/groups/${privateGroup._id}/discordChannel`;
      for (const channelID of ['1/../../guilds/1', '123456789012345678?x=1', '1'.repeat(40), '-1', '12345678901234567a'])
        expect((await call(t.app, url, { method: 'POST', as: cast.admin, payload: { channelID } })).status, channelID).toBe(400);
      const hook = `/api/groups/${privateGroup._id}/discordWebhook`;
      const token = 'a'.repeat(68);
      for (const webhookUrl of [
        `https://evil.example/api/webhooks/123456789012345678/${token}`,
        `https://discord.com.evil.example/api/webhooks/123456789012345678/${token}`,
        `https://discord.com@evil.example/api/webhooks/123456789012345678/${token}`,
        `http://discord.com/api/webhooks/123456789012345678/${token}`,
        `https://127.0.0.1/api/webhooks/123456789012345678/${token}`,
        `https://discord.com/api/webhooks/123456789012345678/${token}/../../../users/@me`,
        `https://discord.com/api/webhooks/123456789012345678/${token}#@evil.example`,
      ])
        expect((await call(t.app, hook, { method: 'POST', as: cast.owner, payload: { webhookUrl } })).status, webhookUrl).toBe(400);
      // Members cannot point the group's posts anywhere.
      expect(
        (
          await call(t.app, hook, {
            method: 'POST',
            as: cast.member,
            payload: { webhookUrl: `https://discord.com/api/webhooks/123456789012345678/${token}` },
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('reminders by DM', () => {
    const dmsAbout = (name: string) =>
      [...discord.messages.values()].filter((m) => m.channel_id.startsWith('9') && m.content?.includes(`Reminder: **${name}**`));

    it('go only to attendees who opted in and are still members', async () => {
      const [optedIn, optedOut, leaver] = [await createUser(t.app), await createUser(t.app), await createUser(t.app)];
      const event = await createEvent(t.app, cast.member, privateGroup._id, now(), { eventName: 'Opt in only', startIn: 90 * 60_000 });
      const discordIds: Record<string, string> = {};
      for (const [name, user] of Object.entries({ optedIn, optedOut, leaver })) {
        await join(t.app, privateGroup, user);
        expect((await attend(t.app, user, event._id)).status).toBe(200);
        discordIds[name] = await linkDiscord(t.app, discord, user);
      }
      for (const user of [optedIn, leaver])
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/auth/discord/dmReminders', headers: user.auth, payload: { dmReminders: true } }))
            .statusCode,
        ).toBe(200);
      expect(
        (
          await call(t.app, '/api/groups/leaveGroup', {
            method: 'POST',
            as: leaver,
            payload: { groupID: privateGroup._id, userID: leaver.user.id },
          })
        ).status,
      ).toBe(200);
      t.clock.advance(31 * 60_000);
      await t.app.discordDeliveries.settled();
      await t.app.discordDeliveries.settled();
      expect(dmsAbout('Opt in only').map((m) => m.channel_id)).toEqual([`9${discordIds.optedIn}`]);
    });

    it('a reminder held up by Discord is not sent to someone who left, unlinked or turned DMs off meanwhile', async () => {
      const [leaver, unlinker, switcher, stayer] = [
        await createUser(t.app),
        await createUser(t.app),
        await createUser(t.app),
        await createUser(t.app),
      ];
      const event = await createEvent(t.app, cast.member, privateGroup._id, now(), { eventName: 'Held up', startIn: 90 * 60_000 });
      const discordIds = new Map<TestUser, string>();
      for (const user of [leaver, unlinker, switcher, stayer]) {
        await join(t.app, privateGroup, user);
        expect((await attend(t.app, user, event._id)).status).toBe(200);
        discordIds.set(user, await linkDiscord(t.app, discord, user));
        expect(
          (await t.app.inject({ method: 'POST', url: '/api/auth/discord/dmReminders', headers: user.auth, payload: { dmReminders: true } }))
            .statusCode,
        ).toBe(200);
      }
      // Discord cannot open DM channels for a while: the reminders are queued and wait.
      discord.setMode(500, Infinity, { only: '/users/@me/channels' });
      t.clock.advance(31 * 60_000);
      await t.app.discordDeliveries.settled();
      expect(dmsAbout('Held up')).toEqual([]);
      const queued = await t.database.db
        .selectFrom('discord_deliveries')
        .select('dedupe_key')
        .where('dedupe_key', 'like', `bot:dm:reminder:${event._id}:%`)
        .execute();
      expect(queued).toHaveLength(4);

      expect(
        (
          await call(t.app, '/api/groups/leaveGroup', {
            method: 'POST',
            as: leaver,
            payload: { groupID: privateGroup._id, userID: leaver.user.id },
          })
        ).status,
      ).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/discord/unlink', headers: unlinker.auth })).statusCode).toBe(200);
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/discord/dmReminders',
            headers: switcher.auth,
            payload: { dmReminders: false },
          })
        ).statusCode,
      ).toBe(200);

      discord.setMode('ok');
      for (let i = 0; i < 4; i++) {
        t.clock.advance(60_000);
        await t.app.discordDeliveries.settled();
      }
      expect(dmsAbout('Held up').map((m) => m.channel_id)).toEqual([`9${discordIds.get(stayer)}`]);
    });
  });
});
