import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { hiscoresJson } from './fakes/osrs-hiscores-fixtures';
import { createOsrsHiscoresFake, type OsrsHiscoresFake } from './fakes/osrs-hiscores-fake';
import { createSteamApiFake, steamPlayer, type SteamApiFake } from './fakes/steam-fake';
import { createTestApp, createUser, type TestApp } from './test-app';

const OWNER_HOME = '198.51.100.20';
const OWNER_PHONE = '198.51.100.77';
const GUESSER = '203.0.113.7';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, remoteAddress });

const requestReset = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/users/resetPassword', payload: { email }, remoteAddress });

const mailsTo = (app: TestApp, email: string) => app.mailer.sent.filter((mail) => mail.to === email).length;

describe('login: guesses cannot lock the owner out', () => {
  it('ten wrong passwords lock the guessing address out of the account, not the owner at another address', async () => {
    t = await createTestApp();
    const { user, password } = await createUser(t.app);
    for (let i = 0; i < 10; i += 1) expect((await login(t.app, user.email, 'guess guess', GUESSER)).statusCode).toBe(400);

    const guesser = await login(t.app, user.email, password, GUESSER);
    expect(guesser.statusCode).toBe(429);
    expect(guesser.headers['retry-after']).toBe(String(15 * 60));

    expect((await login(t.app, user.email, password, OWNER_PHONE)).statusCode).toBe(200);
    expect((await login(t.app, user.email, password, OWNER_PHONE)).statusCode).toBe(200);
  });

  it('bounds the passwords a distributed guesser can try, and still lets the owner in from a known address', async () => {
    const usersLimits = {
      loginPerIp: { max: 1000, windowMs: 15 * 60_000 },
      loginPerAccountAddress: { max: 3, windowMs: 15 * 60_000 },
      loginPerAccount: { max: 5, windowMs: 15 * 60_000 },
      loginNewAddressesPerAccount: { max: 4, windowMs: 15 * 60_000 },
      resetPerIp: { max: 1000, windowMs: 60 * 60_000 },
      resetPerAccountAddress: { max: 5, windowMs: 60 * 60_000 },
      resetPerAccount: { max: 20, windowMs: 60 * 60_000 },
    };
    t = await createTestApp({ usersLimits });
    const { user, password } = await createUser(t.app);
    // The owner has logged in from home before the attack.
    expect((await login(t.app, user.email, password, OWNER_HOME)).statusCode).toBe(200);

    let checked = 0;
    for (let host = 1; host <= 30; host += 1) {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const res = await login(t.app, user.email, `guess ${host} ${attempt}`, `203.0.113.${host}`);
        if (res.statusCode !== 400) {
          expect(res.statusCode).toBe(429);
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          break;
        }
        checked += 1;
      }
    }
    // At most the account's budget plus one guess for each of a few new addresses, not 30 x 3.
    expect(checked).toBeGreaterThan(usersLimits.loginPerAccount.max);
    expect(checked).toBeLessThanOrEqual(usersLimits.loginPerAccount.max + usersLimits.loginNewAddressesPerAccount.max);
    // Past that bound even the right password from yet another address is not checked...
    expect((await login(t.app, user.email, password, '203.0.113.200')).statusCode).toBe(429);
    // ...but the owner's own address still gets in.
    expect((await login(t.app, user.email, password, OWNER_HOME)).statusCode).toBe(200);

    // A new window starts a new budget for everyone.
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(t.app, user.email, password, '203.0.113.200')).statusCode).toBe(200);
  });

  it('counts the addresses of one IPv6 /64 as one address', async () => {
    t = await createTestApp({
      usersLimits: {
        loginPerIp: { max: 2, windowMs: 60_000 },
        loginPerAccountAddress: { max: 100, windowMs: 60_000 },
        loginPerAccount: { max: 100, windowMs: 60_000 },
        loginNewAddressesPerAccount: { max: 100, windowMs: 60_000 },
        resetPerIp: { max: 100, windowMs: 60_000 },
        resetPerAccountAddress: { max: 100, windowMs: 60_000 },
        resetPerAccount: { max: 100, windowMs: 60_000 },
      },
    });
    const { user } = await createUser(t.app);
    expect((await login(t.app, user.email, 'guess guess', '2001:db8:1:2::1')).statusCode).toBe(400);
    expect((await login(t.app, user.email, 'guess guess', '2001:db8:1:2:ffff:ffff:ffff:9')).statusCode).toBe(400);
    expect((await login(t.app, user.email, 'guess guess', '2001:0db8:0001:0002::abcd')).statusCode).toBe(429);
    expect((await login(t.app, user.email, 'guess guess', '2001:db8:1:3::1')).statusCode).toBe(400);
  });
});

describe('password reset: requests by others cannot block the owner', () => {
  it('the owner can still ask for a link from their own address after others asked many times', async () => {
    t = await createTestApp();
    const { user } = await createUser(t.app);
    for (let host = 1; host <= 6; host += 1) {
      for (let i = 0; i < 6; i += 1) await requestReset(t.app, user.email, `203.0.113.${host}`);
    }
    const flood = mailsTo(t, user.email);
    const owner = await requestReset(t.app, user.email, OWNER_HOME);
    expect(owner.statusCode).toBe(200);
    expect(mailsTo(t, user.email)).toBe(flood + 1);
    // The mails others can cause are bounded too: the account's budget plus one per new address.
    expect(flood).toBeLessThanOrEqual(20 + 6);
    const again = await requestReset(t.app, user.email, '203.0.113.1');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('holds one address to its own quota and says when to retry', async () => {
    t = await createTestApp();
    const { user } = await createUser(t.app);
    for (let i = 0; i < 5; i += 1) expect((await requestReset(t.app, user.email, OWNER_HOME)).statusCode).toBe(200);
    const refused = await requestReset(t.app, user.email, OWNER_HOME);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(60 * 60));
    t.clock.advance(20 * 60_000);
    expect((await requestReset(t.app, user.email, OWNER_HOME)).headers['retry-after']).toBe(String(40 * 60));
    // Another address of the owner is not held by that quota.
    expect((await requestReset(t.app, user.email, OWNER_PHONE)).statusCode).toBe(200);
  });
});

describe('every 429 says when to retry', () => {
  let steam: SteamApiFake;
  let osrs: OsrsHiscoresFake;
  const STEAM_ID = '76561197960435530';
  beforeAll(async () => {
    steam = await createSteamApiFake({ apiKey: 'fake-steam-key' });
    steam.players.set(STEAM_ID, steamPlayer(STEAM_ID, 'Robin'));
    osrs = await createOsrsHiscoresFake();
    osrs.setPlayer('Zezima', hiscoresJson({ defaultXp: 1_000_000 }));
  });
  afterAll(async () => {
    await steam.close();
    await osrs.close();
  });

  it('the general request limit', async () => {
    t = await createTestApp({ rateLimitPerMinute: 2 });
    for (let i = 0; i < 2; i += 1) expect((await t.app.inject({ method: 'GET', url: '/api/users/current' })).statusCode).toBe(401);
    const refused = await t.app.inject({ method: 'GET', url: '/api/users/current' });
    expect(refused.statusCode).toBe(429);
    const seconds = Number(refused.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
  });

  it('Steam profile lookups', async () => {
    t = await createTestApp({ steamApiKey: 'fake-steam-key', steamApiUrl: steam.url, upstreamRateLimit: { max: 1, windowMs: 60_000 } });
    const { auth } = await createUser(t.app);
    const get = () => t!.app.inject({ method: 'GET', url: `/api/steam/getProfile/${STEAM_ID}`, headers: auth });
    expect((await get()).statusCode).toBe(200);
    t.clock.advance(15_000);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many lookups in a short time. Please wait a minute and try again.');
    expect(refused.headers['retry-after']).toBe('45');
  });

  it('Steam sign-in', async () => {
    t = await createTestApp({ upstreamRateLimit: { max: 1, windowMs: 60_000 } });
    const { auth } = await createUser(t.app);
    const start = () => t!.app.inject({ method: 'POST', url: '/api/auth/steam/start', headers: auth });
    expect((await start()).statusCode).toBe(200);
    const refused = await start();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('OSRS hiscores lookups', async () => {
    t = await createTestApp({ osrsHiscoresUrl: osrs.url, upstreamRateLimit: { max: 1, windowMs: 60_000 } });
    const { auth } = await createUser(t.app);
    const get = () => t!.app.inject({ method: 'GET', url: '/api/runescape/getOSRSDetails/Zezima/normal', headers: auth });
    expect((await get()).statusCode).toBe(200);
    const refused = await get();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many lookups in a short time. Please wait a minute and try again.');
    expect(refused.headers['retry-after']).toBe('60');
  });
});
