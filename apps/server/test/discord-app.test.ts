import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCORD_OFF_MESSAGE } from '@smm/shared/discord/app-schemas';
import '../src/features/discord/discord-app.tables';
import { FAKE_APP, signInteraction } from './fakes/discord-app-fake';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp } from './discord-fixtures';
import { call, createGroup } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// The installation's Discord application: sign in (or up) with Discord through OAuth2 with PKCE
// and a one-time state bound to the browser, link Discord while signed in, and the interactions
// endpoint that believes only Discord's Ed25519 signature.

interface Started {
  url: string;
  cookie: string;
}

/** Starts a sign-in (or, with `auth`, a link) the way the web app does: the consent page and the browser's cookie. */
async function start(app: FastifyInstance, auth?: string): Promise<Started> {
  const res = await app.inject({
    method: 'POST',
    url: auth ? '/api/auth/discord/link' : '/api/auth/discord/login',
    headers: auth ? { authorization: auth } : {},
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  const setCookie = String(res.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/);
  expect(setCookie).toMatch(/SameSite=Lax/);
  return { url: (res.json() as { url: string }).url, cookie: setCookie.split(';')[0]! };
}

/** The browser at Discord's consent page: where Discord sends it back (our callback, with code and state). */
async function consent(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The browser arriving back at the callback with `cookie`: where the app sends it next. */
async function arrive(app: FastifyInstance, callback: URL, cookie: string | undefined): Promise<URL> {
  const res = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  expect(res.headers['cache-control']).toBe('no-store');
  return new URL(String(res.headers.location));
}

/** The browser (its sign-in `cookie`, if any) exchanging the grant it landed with for a session. */
async function exchange(app: FastifyInstance, landing: URL, cookie: string | undefined) {
  const grant = new URLSearchParams(landing.hash.slice(1)).get('grant');
  return app.inject({ method: 'POST', url: '/api/auth/discord/session', payload: { grant }, headers: cookie ? { cookie } : {} });
}

/** The whole round trip: a session token for whoever the fake signs in. */
async function signIn(app: FastifyInstance): Promise<string> {
  const started = await start(app);
  const landing = await arrive(app, await consent(started.url), started.cookie);
  expect(landing.pathname).toBe('/discordSignIn');
  const session = await exchange(app, landing, started.cookie);
  expect(session.statusCode).toBe(200);
  return (session.json() as { token: string }).token;
}

const me = async (app: FastifyInstance, token: string) =>
  (await app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: token } })).json() as {
    id: string;
    username: string;
    email: string;
  };

describe('Discord application', () => {
  let t: TestApp;
  let discord: DiscordFake;

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({ discordApiUrl: discord.url, discordApp: fakeDiscordApp });
  });
  afterAll(async () => {
    await t.close();
    await discord.close();
  });

  describe('sign in with Discord', () => {
    it('a first sign-in makes an account with the Discord name and no password; the next one signs into it', async () => {
      discord.consent = { id: '100000000000000001', username: 'alva', global_name: 'Alva the Great' };
      const started = await start(t.app);
      const authorize = new URL(started.url);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${discord.url}/oauth2/authorize`);
      expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
        response_type: 'code',
        client_id: FAKE_APP.clientId,
        scope: 'identify',
        redirect_uri: 'http://smm.test/api/auth/discord/callback',
        code_challenge_method: 'S256',
      });
      const landing = await arrive(t.app, await consent(started.url), started.cookie);
      // The grant link opened in another browser, with no sign-in of its own or with one of its own, signs nobody in.
      expect((await exchange(t.app, landing, undefined)).statusCode).toBe(400);
      expect((await exchange(t.app, landing, (await start(t.app)).cookie)).statusCode).toBe(400);
      const session = await exchange(t.app, landing, started.cookie);
      expect(session.statusCode).toBe(200);
      expect(String(session.headers['set-cookie'])).toMatch(/^smm_discord_signin=; .*Max-Age=0/);
      const token = (session.json() as { token: string }).token;
      const user = await me(t.app, token);
      expect(user.username).toBe('Alva the Great');
      // No password: a login with any password fails, and unlinking would lock the account out.
      const login = await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: user.email, password: '' } });
      expect(login.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/discord/unlink', headers: { authorization: token } })).statusCode).toBe(
        400,
      );
      // The grant works once.
      expect((await exchange(t.app, landing, started.cookie)).statusCode).toBe(400);

      expect((await me(t.app, await signIn(t.app))).id).toBe(user.id);
      const link = await t.app.inject({ method: 'GET', url: '/api/auth/discord', headers: { authorization: token } });
      expect(link.json()).toEqual({ link: { discordID: '100000000000000001', discordUsername: 'alva', dmReminders: false } });
    });

    it('the account can get an email and a password, and then sign in with them', async () => {
      discord.consent = { id: '100000000000000002', username: 'bo', global_name: null };
      const token = await signIn(t.app);
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/discord/setPassword',
        headers: { authorization: token },
        payload: { email: 'Bo@Example.com', password: 'a good password' },
      });
      expect(set.statusCode).toBe(200);
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'bo@example.com', password: 'a good password' },
      });
      expect(login.statusCode).toBe(200);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/discord/setPassword',
        headers: { authorization: (set.json() as { token: string }).token },
        payload: { email: 'bo2@example.com', password: 'another password' },
      });
      expect(again.statusCode).toBe(400);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/auth/discord/setPassword',
        headers: { authorization: token },
        payload: { email: 'nope', password: '1' },
      });
      expect(bad.statusCode).toBe(400);
    });

    it('nobody registers the placeholder address a Discord sign-in would make, so nobody can keep a Discord user from signing up', async () => {
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: {
          username: 'squatter',
          email: 'discord-100000000000000009@discord.invalid',
          password: 'a good password',
          password2: 'a good password',
        },
      });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().fields.email).toBe('Use an email address that can receive mail');
      discord.consent = { id: '100000000000000009', username: 'ivo', global_name: null };
      expect((await me(t.app, await signIn(t.app))).username).toBe('ivo');
      // Nor can an account made by Discord give itself such an address.
      discord.consent = { id: '100000000000000010', username: 'jo', global_name: null };
      const set = await t.app.inject({
        method: 'POST',
        url: '/api/auth/discord/setPassword',
        headers: { authorization: await signIn(t.app) },
        payload: { email: 'someone@discord.invalid', password: 'a good password' },
      });
      expect(set.statusCode).toBe(400);
    });

    it('never takes over an existing account: a taken name is made unique, a matching email links nothing', async () => {
      const existing = await createUser(t.app, { username: 'Cato', email: 'cato@example.com' });
      discord.consent = { id: '100000000000000003', username: 'cato', global_name: 'Cato' };
      const user = await me(t.app, await signIn(t.app));
      expect(user.id).not.toBe(existing.user.id);
      expect(user.username).toBe('Cato2');
      expect(user.email).not.toBe('cato@example.com');
      const theirs = await t.app.inject({ method: 'GET', url: '/api/auth/discord', headers: existing.auth });
      expect(theirs.json()).toEqual({ link: null });
    });

    it('links and unlinks Discord while signed in; a Discord account linked to someone else is refused', async () => {
      const robin = await createUser(t.app);
      discord.consent = { id: '100000000000000004', username: 'robin', global_name: 'Robin' };
      const started = await start(t.app, robin.token);
      const landing = await arrive(t.app, await consent(started.url), started.cookie);
      expect(landing.toString()).toBe('http://smm.test/profile?discord=linked');
      // A sign-in with that Discord account now lands in Robin's account.
      expect((await me(t.app, await signIn(t.app))).id).toBe(robin.user.id);

      const other = await createUser(t.app);
      const second = await start(t.app, other.token);
      const refused = await arrive(t.app, await consent(second.url), second.cookie);
      expect(refused.toString()).toBe('http://smm.test/profile?discordError=taken');
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/discord', headers: other.auth })).json()).toEqual({ link: null });

      const dm = await t.app.inject({
        method: 'POST',
        url: '/api/auth/discord/dmReminders',
        headers: robin.auth,
        payload: { dmReminders: true },
      });
      expect(dm.json()).toMatchObject({ link: { dmReminders: true } });
      const unlinked = await t.app.inject({ method: 'POST', url: '/api/auth/discord/unlink', headers: robin.auth });
      expect(unlinked.json()).toEqual({ link: null });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/discord/dmReminders', headers: robin.auth, payload: { dmReminders: true } }))
          .statusCode,
      ).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/discord/link' })).statusCode).toBe(401);
    });

    it('refuses a replayed state, a state from another browser, a made-up state and a cancelled consent', async () => {
      discord.consent = { id: '100000000000000005', username: 'dara', global_name: null };
      const usersBefore = (await t.database.db.selectFrom('users').select('id').execute()).length;

      const started = await start(t.app);
      const callback = await consent(started.url);
      // Someone else's state (their browser has no cookie for it, or another one) is refused, and used up.
      expect((await arrive(t.app, callback, undefined)).toString()).toBe('http://smm.test/login?discordError=foreign');
      const other = await start(t.app);
      const foreign = await start(t.app);
      const foreignCallback = await consent(foreign.url);
      expect((await arrive(t.app, foreignCallback, other.cookie)).search).toBe('?discordError=foreign');
      // Replayed: the same callback again, even with the right cookie.
      expect((await arrive(t.app, foreignCallback, foreign.cookie)).search).toBe('?discordError=expired');
      expect((await arrive(t.app, callback, started.cookie)).search).toBe('?discordError=expired');

      const madeUp = new URL(callback);
      madeUp.searchParams.set('state', 'f'.repeat(64));
      expect((await arrive(t.app, madeUp, started.cookie)).search).toBe('?discordError=expired');
      madeUp.searchParams.delete('state');
      expect((await arrive(t.app, madeUp, started.cookie)).search).toBe('?discordError=invalid');

      const expiring = await start(t.app);
      const late = await consent(expiring.url);
      t.clock.advance(11 * 60 * 1000);
      expect((await arrive(t.app, late, expiring.cookie)).search).toBe('?discordError=expired');

      discord.consent = 'deny';
      const denied = await start(t.app);
      expect((await arrive(t.app, await consent(denied.url), denied.cookie)).search).toBe('?discordError=cancelled');

      expect((await t.database.db.selectFrom('users').select('id').execute()).length).toBe(usersBefore);
      const badGrant = await t.app.inject({ method: 'POST', url: '/api/auth/discord/session', payload: { grant: 'a'.repeat(64) } });
      expect(badGrant.statusCode).toBe(400);
    });

    it('says when Discord is down, without signing in', async () => {
      discord.consent = { id: '100000000000000006', username: 'eli', global_name: null };
      const started = await start(t.app);
      const callback = await consent(started.url);
      discord.setMode(500, 1);
      expect((await arrive(t.app, callback, started.cookie)).search).toBe('?discordError=unavailable');
    });
  });

  describe('interactions endpoint', () => {
    const post = (payload: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/discord/interactions', payload, headers });
    const ping = JSON.stringify({ id: '1', type: 1, application_id: FAKE_APP.clientId, token: 'x', version: 1 });

    it('answers a signed PING with PONG', async () => {
      const res = await post(ping, signInteraction(ping, t.clock.now()));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ type: 1 });
    });

    it('refuses unsigned, wrongly signed, tampered and stale requests with 401', async () => {
      expect((await post(ping, { 'content-type': 'application/json' })).statusCode).toBe(401);
      const otherKey = generateKeyPairSync('ed25519').privateKey;
      expect((await post(ping, signInteraction(ping, t.clock.now(), otherKey))).statusCode).toBe(401);
      const signed = signInteraction(ping, t.clock.now());
      expect((await post(ping.replace('"type":1', '"type":2'), signed)).statusCode).toBe(401);
      expect(
        (await post(ping, { ...signed, 'x-signature-timestamp': String(Number(signed['x-signature-timestamp']) + 1) })).statusCode,
      ).toBe(401);
      expect((await post(ping, signInteraction(ping, t.clock.now() - 60 * 60 * 1000))).statusCode).toBe(401);
      expect((await post(ping, { ...signed, 'x-signature-ed25519': 'zz' })).statusCode).toBe(401);
    });

    it('answers a press by someone without a linked account only to them, with where to sign in', async () => {
      const press = JSON.stringify({
        id: '2',
        type: 3,
        token: 'tok',
        channel_id: '1300000000000000001',
        guild_id: '1300000000000000002',
        member: { user: { id: '555555555555555555', username: 'stranger' } },
        data: { custom_id: 'rsvp:attend:x', component_type: 2 },
      });
      const res = await post(press, signInteraction(press, t.clock.now()));
      expect(res.statusCode).toBe(200);
      const body = res.json() as { type: number; data: { content: string; flags: number } };
      expect(body.type).toBe(4);
      expect(body.data.flags).toBe(64);
      expect(body.data.content).toContain('http://smm.test/login');
    });
  });
});

describe('Discord application in the API document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('publishes every Discord endpoint, also when Discord is off', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/api/discord/status', 'get'],
      ['/api/discord/interactions', 'post'],
      ['/api/auth/discord/login', 'post'],
      ['/api/auth/discord/link', 'post'],
      ['/api/auth/discord/callback', 'get'],
      ['/api/auth/discord/session', 'post'],
      ['/api/auth/discord', 'get'],
      ['/api/auth/discord/unlink', 'post'],
      ['/api/auth/discord/dmReminders', 'post'],
      ['/api/auth/discord/setPassword', 'post'],
      ['/api/groups/{id}/discordChannel', 'get'],
      ['/api/groups/{id}/discordChannel', 'post'],
      ['/api/groups/{id}/removeDiscordChannel', 'post'],
    ] as const)
      expect(doc.paths[path], `${method} ${path}`).toHaveProperty(method);
  });
});

describe('Discord application switched off', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says so, refuses sign-in with 503 and every interaction with 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/discord/status' })).json()).toEqual({ enabled: false, installUrl: null });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/discord/login', payload: {} });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toMatchObject({ message: DISCORD_OFF_MESSAGE });
    const ping = JSON.stringify({ type: 1 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/discord/interactions',
          payload: ping,
          headers: signInteraction(ping, t.clock.now()),
        })
      ).statusCode,
    ).toBe(401);
    // No bot to post: a group cannot connect a channel.
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner);
    const connect = await call(t.app, `/api/groups/${group._id}/discordChannel`, {
      method: 'POST',
      as: owner,
      payload: { channelID: '1300000000000000001' },
    });
    expect(connect.status).toBe(503);
    expect(connect.body.message).toBe(DISCORD_OFF_MESSAGE);
  });
});

describe('Discord sign-ins in a short time', () => {
  let t: TestApp;
  let discord: DiscordFake;
  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({ discordApiUrl: discord.url, discordApp: fakeDiscordApp, upstreamRateLimit: { max: 2, windowMs: 60_000 } });
  });
  afterAll(async () => {
    await t.close();
    await discord.close();
  });

  it('are limited per client address and per user, with when to try again', async () => {
    const login = () => t.app.inject({ method: 'POST', url: '/api/auth/discord/login', payload: {} });
    expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    const refused = await login();
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const user = await createUser(t.app);
    const link = () => t.app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: user.auth });
    expect((await link()).statusCode).toBe(200);
    expect((await link()).statusCode).toBe(200);
    expect((await link()).statusCode).toBe(429);
    // Another user's links are counted apart.
    const other = await createUser(t.app);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/discord/link', headers: other.auth })).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await login()).statusCode).toBe(200);
  });
});
