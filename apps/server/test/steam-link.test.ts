import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSteamOpenIdFake, type SteamOpenIdFake } from './fakes/steam-fake';
import { createTestApp, createUser, type TestApp } from './test-app';

let serial = 0;
/** Each test signs in as its own Steam account, since one account links to one user only. */
let ROBIN = '';
const OTHER = '76561198000000001';
const PUBLIC_URL = 'http://smm.test';

let t: TestApp;
let openId: SteamOpenIdFake;

beforeAll(async () => {
  // The fake stamps its nonces with the app's clock, as a real Steam would with real time.
  openId = await createSteamOpenIdFake({ now: () => t.clock.now() });
  t = await createTestApp({
    steamOpenIdUrl: openId.endpoint,
    upstreamTimeoutMs: 300,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
  });
});
afterAll(async () => {
  await t.close();
  await openId.close();
});
beforeEach(() => {
  serial += 1;
  ROBIN = `765611979604${String(serial).padStart(5, '0')}`;
  openId.loginSteamId = ROBIN;
  openId.loginMode = 'id_res';
  openId.rejectReplays = true;
  openId.isValidOverride = null;
  openId.override = null;
  openId.checks.length = 0;
});

type Auth = { authorization: string };

const tokenPayload = (token: string) =>
  JSON.parse(Buffer.from(token.replace(/^Bearer /, '').split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** "Link Steam Account": the Steam page the server sends the browser to. */
async function startSignIn(auth: Auth): Promise<URL> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/steam/start', headers: auth });
  expect(res.statusCode).toBe(200);
  return new URL(res.json().url);
}

/** The browser on Steam's login page: where Steam sends it back to. */
async function steamRedirect(loginUrl: URL): Promise<URL> {
  const res = await fetch(loginUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** The browser arriving back at the callback: where the server sends it next. */
async function callback(url: URL): Promise<URL> {
  const res = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string);
}

const link = (auth: Auth, steamID: string, userID: string) =>
  t.app.inject({ method: 'POST', url: `/api/auth/steamlink/${steamID}/${userID}`, headers: auth });

const currentSteamId = async (auth: Auth) =>
  (await t.app.inject({ method: 'GET', url: '/api/users/current', headers: auth })).json().steamID as string | null;

/** A callback URL whose Steam fields are replaced by `fields` (a forged or altered assertion). */
function withFields(url: URL, fields: Record<string, string>): URL {
  const copy = new URL(url);
  for (const [key, value] of Object.entries(fields)) copy.searchParams.set(key, value);
  return copy;
}

describe('Steam OpenID linking', () => {
  it('links the account after Steam confirms the assertion, and returns a token with steamID', async () => {
    const { user, auth } = await createUser(t.app);
    const login = await startSignIn(auth);
    expect(`${login.origin}${login.pathname}`).toBe(openId.endpoint);
    expect(login.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(login.searchParams.get('openid.realm')).toBe(PUBLIC_URL);
    expect(login.searchParams.get('openid.return_to')).toMatch(/^http:\/\/smm\.test\/api\/auth\/steam\/callback\?state=[0-9a-f]{64}$/);

    const back = await callback(await steamRedirect(login));
    expect(back.toString()).toBe(`${PUBLIC_URL}/steamlink?steamID=${ROBIN}`);
    // Verified with Steam itself, with every field it signed.
    expect(openId.checks).toHaveLength(1);
    expect(openId.checks[0]?.get('openid.mode')).toBe('check_authentication');
    expect(openId.checks[0]?.get('openid.claimed_id')).toBe(`https://steamcommunity.com/openid/id/${ROBIN}`);
    expect(openId.checks[0]?.has('state')).toBe(false);
    // Nothing is saved before the /steamlink page asks for it.
    expect(await currentSteamId(auth)).toBeNull();

    const res = await link(auth, ROBIN, user.id);
    expect(res.statusCode).toBe(200);
    const token = res.json().token as string;
    expect(token).toMatch(/^Bearer /);
    expect(tokenPayload(token)).toMatchObject({ id: user.id, steamID: ROBIN });
    expect(await currentSteamId({ authorization: token })).toBe(ROBIN);
    // Opening /steamlink again keeps working once linked.
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(200);
  });

  it('unlinks, returning a token without steamID; the used grant cannot link again', async () => {
    const { user, auth } = await createUser(t.app);
    await callback(await steamRedirect(await startSignIn(auth)));
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(200);

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/steamunlink', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(tokenPayload(res.json().token)).toMatchObject({ id: user.id, steamID: null });
    expect(await currentSteamId(auth)).toBeNull();
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
    expect(await currentSteamId(auth)).toBeNull();
  });

  it('requires a signed-in user to start and to link', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/steam/start' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `/api/auth/steamlink/${ROBIN}/someone` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/steamunlink' })).statusCode).toBe(401);
  });

  it('goes back to the profile when the user cancels on Steam', async () => {
    const { auth } = await createUser(t.app);
    openId.loginMode = 'cancel';
    const back = await callback(await steamRedirect(await startSignIn(auth)));
    expect(back.toString()).toBe(`${PUBLIC_URL}/profile?steamError=cancelled`);
    expect(openId.checks).toHaveLength(0);
  });
});

describe('a Steam ID is never linked without a verified assertion for it', () => {
  it('refuses an assertion Steam does not confirm (is_valid:false)', async () => {
    const { user, auth } = await createUser(t.app);
    openId.isValidOverride = false;
    const back = await callback(await steamRedirect(await startSignIn(auth)));
    expect(back.toString()).toBe(`${PUBLIC_URL}/profile?steamError=invalid`);
    expect(openId.checks).toHaveLength(1);
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
    expect(await currentSteamId(auth)).toBeNull();
  });

  it('refuses an assertion altered to claim another Steam ID (bad signature)', async () => {
    const { user, auth } = await createUser(t.app);
    const genuine = await steamRedirect(await startSignIn(auth));
    const claimed = `https://steamcommunity.com/openid/id/${OTHER}`;
    const back = await callback(withFields(genuine, { 'openid.claimed_id': claimed, 'openid.identity': claimed }));
    expect(back.searchParams.get('steamError')).toBe('invalid');
    expect(openId.checks).toHaveLength(1);
    expect((await link(auth, OTHER, user.id)).statusCode).toBe(403);
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
    expect(await currentSteamId(auth)).toBeNull();
  });

  it.each([
    ['claimed_id is left out of the signature', { 'openid.signed': 'signed,op_endpoint,identity,return_to,response_nonce,assoc_handle' }],
    ['another provider made it', { 'openid.op_endpoint': 'https://evil.example/openid/login' }],
    ['it was made for another return address', { 'openid.return_to': `${PUBLIC_URL}/api/auth/steam/callback?state=${'0'.repeat(64)}` }],
    [
      'the claimed id is not a Steam account',
      { 'openid.claimed_id': 'https://evil.example/id/76561197960435530', 'openid.identity': 'https://evil.example/id/76561197960435530' },
    ],
    [
      'the claimed id is not a SteamID64',
      { 'openid.claimed_id': 'https://steamcommunity.com/openid/id/1234', 'openid.identity': 'https://steamcommunity.com/openid/id/1234' },
    ],
    ['it is not a positive assertion', { 'openid.mode': 'setup_needed' }],
    ['its nonce is malformed', { 'openid.response_nonce': 'yesterday-abc' }],
  ])('refuses an assertion when %s, without trusting Steam to catch it', async (_label, fields) => {
    const { user, auth } = await createUser(t.app);
    openId.isValidOverride = true;
    const genuine = await steamRedirect(await startSignIn(auth));
    const back = await callback(withFields(genuine, fields));
    expect(back.toString()).toBe(`${PUBLIC_URL}/profile?steamError=invalid`);
    expect(openId.checks).toHaveLength(0);
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
  });

  it('refuses a replayed callback: the state works once', async () => {
    const { user, auth } = await createUser(t.app);
    const genuine = await steamRedirect(await startSignIn(auth));
    expect((await callback(genuine)).pathname).toBe('/steamlink');
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/steamunlink', headers: auth });

    const replay = await callback(genuine);
    expect(replay.toString()).toBe(`${PUBLIC_URL}/profile?steamError=expired`);
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
    expect(await currentSteamId(auth)).toBeNull();
  });

  it('refuses a replayed assertion (same nonce) in a new sign-in, even if Steam would confirm it', async () => {
    const { user, auth } = await createUser(t.app);
    const first = await steamRedirect(await startSignIn(auth));
    expect((await callback(first)).pathname).toBe('/steamlink');
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/auth/steamunlink', headers: auth });

    // A second sign-in whose assertion reuses the first one's nonce, correctly signed.
    openId.rejectReplays = false;
    const second = await startSignIn(auth);
    const returnTo = second.searchParams.get('openid.return_to')!;
    const nonce = first.searchParams.get('openid.response_nonce')!;
    const forged = new URL(returnTo);
    for (const [key, value] of Object.entries(openId.assertionFor(returnTo, ROBIN, { nonce }))) forged.searchParams.set(key, value);
    const back = await callback(forged);
    expect(back.toString()).toBe(`${PUBLIC_URL}/profile?steamError=replayed`);
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
    expect(await currentSteamId(auth)).toBeNull();
  });

  it('refuses an assertion whose nonce is too old', async () => {
    const { user, auth } = await createUser(t.app);
    const login = await startSignIn(auth);
    const returnTo = login.searchParams.get('openid.return_to')!;
    const old = new Date(t.clock.now() - 10 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const stale = new URL(returnTo);
    for (const [key, value] of Object.entries(openId.assertionFor(returnTo, ROBIN, { nonce: `${old}abc` })))
      stale.searchParams.set(key, value);
    expect((await callback(stale)).searchParams.get('steamError')).toBe('expired');
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
  });

  it('refuses a sign-in completed after the state expired', async () => {
    const { user, auth } = await createUser(t.app);
    const login = await startSignIn(auth);
    t.clock.advance(11 * 60 * 1000);
    expect((await callback(await steamRedirect(login))).searchParams.get('steamError')).toBe('expired');
    expect(openId.checks).toHaveLength(0);
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
  });

  it('refuses callbacks without a state or with repeated fields', async () => {
    const { auth } = await createUser(t.app);
    const genuine = await steamRedirect(await startSignIn(auth));
    const noState = new URL(genuine);
    noState.searchParams.delete('state');
    expect((await callback(noState)).searchParams.get('steamError')).toBe('invalid');
    const doubled = new URL(genuine);
    doubled.searchParams.append('openid.claimed_id', `https://steamcommunity.com/openid/id/${OTHER}`);
    expect((await callback(doubled)).searchParams.get('steamError')).toBe('invalid');
    expect(openId.checks).toHaveLength(0);
  });

  it('links nothing when Steam cannot be asked (error or timeout)', async () => {
    const { user, auth } = await createUser(t.app);
    openId.override = { status: 503, body: 'Service Unavailable', contentType: 'text/plain' };
    expect((await callback(await steamRedirect(await startSignIn(auth)))).searchParams.get('steamError')).toBe('unavailable');
    openId.override = { delayMs: 2000, body: 'ns:http://specs.openid.net/auth/2.0\nis_valid:true\n', contentType: 'text/plain' };
    expect((await callback(await steamRedirect(await startSignIn(auth)))).searchParams.get('steamError')).toBe('unavailable');
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
  });
});

describe('a Steam ID is linked only to the signed-in user it was verified for', () => {
  it("refuses linking for another user's ID, and a grant of another user", async () => {
    const victim = await createUser(t.app);
    const attacker = await createUser(t.app);
    expect((await callback(await steamRedirect(await startSignIn(victim.auth)))).pathname).toBe('/steamlink');

    const forOther = await link(attacker.auth, ROBIN, victim.user.id);
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('You can only link a Steam account to your own account');
    const withOthersGrant = await link(attacker.auth, ROBIN, attacker.user.id);
    expect(withOthersGrant.statusCode).toBe(403);
    expect(await currentSteamId(attacker.auth)).toBeNull();
    expect(await currentSteamId(victim.auth)).toBeNull();

    // The grant still belongs to the user Steam verified.
    expect((await link(victim.auth, ROBIN, victim.user.id)).statusCode).toBe(200);
  });

  it('refuses a grant that was not used in time', async () => {
    const { user, auth } = await createUser(t.app);
    await callback(await steamRedirect(await startSignIn(auth)));
    t.clock.advance(11 * 60 * 1000);
    expect((await link(auth, ROBIN, user.id)).statusCode).toBe(403);
  });

  it('refuses linking a Steam account that another user already linked', async () => {
    const owner = await createUser(t.app);
    const second = await createUser(t.app);
    openId.loginSteamId = '76561198000000077';
    await callback(await steamRedirect(await startSignIn(owner.auth)));
    expect((await link(owner.auth, '76561198000000077', owner.user.id)).statusCode).toBe(200);

    const back = await callback(await steamRedirect(await startSignIn(second.auth)));
    expect(back.toString()).toBe(`${PUBLIC_URL}/profile?steamError=taken`);
    expect((await link(second.auth, '76561198000000077', second.user.id)).statusCode).toBe(403);
  });

  it('refuses with 409 when another user linked the account between sign-in and save', async () => {
    const first = await createUser(t.app);
    const second = await createUser(t.app);
    openId.loginSteamId = '76561198000000088';
    await callback(await steamRedirect(await startSignIn(first.auth)));
    await callback(await steamRedirect(await startSignIn(second.auth)));
    expect((await link(first.auth, '76561198000000088', first.user.id)).statusCode).toBe(200);
    const late = await link(second.auth, '76561198000000088', second.user.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This Steam account is already linked to another user');
    expect(await currentSteamId(second.auth)).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents the Steam and RuneScape endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const expected = {
      '/api/auth/steam/start': 'post',
      '/api/auth/steam/callback': 'get',
      '/api/auth/steamlink/{steamID}/{userID}': 'post',
      '/api/auth/steamunlink': 'post',
      '/api/steam/getProfile/{steamID}': 'get',
      '/api/steam/getGames/{steamID}': 'get',
      '/api/runescape/getOSRSDetails/{playerName}/{gameMode}': 'get',
    };
    for (const [path, method] of Object.entries(expected)) expect(doc.paths[path], path).toHaveProperty(method);
  });
});
