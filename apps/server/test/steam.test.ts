import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STEAM_NOT_CONFIGURED_MESSAGE } from '@smm/shared/steam/schemas';
import { createSteamApiFake, steamPlayer, type SteamApiFake } from './fakes/steam-fake';
import { createTestApp, createUser, type TestApp } from './test-app';

const ROBIN = '76561197960435530';
const HIDDEN = '76561197960435531';
const TIMEOUT_MS = 300;
const KEY = 'fake-steam-key';
const CIV6 = {
  appid: 289070,
  name: "Sid Meier's Civilization VI",
  img_icon_url: '9dc914132fec244adcede62fb8e7524a72a7398c',
  playtime_forever: 48210,
};
const CIV5 = {
  appid: 8930,
  name: "Sid Meier's Civilization V",
  img_icon_url: '2203f62bd1bdc75c286c13534e50f22e3bd5bb58',
  playtime_forever: 12000,
};
const DOTA = { appid: 570, name: 'Dota 2', img_icon_url: '', playtime_forever: 5 };

let t: TestApp;
let steam: SteamApiFake;
let auth: { authorization: string };

beforeAll(async () => {
  steam = await createSteamApiFake({ apiKey: KEY });
  t = await createTestApp({
    steamApiKey: KEY,
    steamApiUrl: steam.url,
    upstreamTimeoutMs: TIMEOUT_MS,
    upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
  });
  ({ auth } = await createUser(t.app));
});
afterAll(async () => {
  await t.close();
  await steam.close();
});
beforeEach(() => {
  steam.reset();
  steam.players.set(ROBIN, steamPlayer(ROBIN, 'Robin'));
  steam.games.set(ROBIN, [CIV6, DOTA, CIV5]);
  steam.players.set(HIDDEN, steamPlayer(HIDDEN, 'Hidden Hermit'));
  steam.games.set(HIDDEN, 'private');
});

const get = (what: 'getProfile' | 'getGames', steamID: string, headers: Record<string, string> = auth, app = t.app) =>
  app.inject({ method: 'GET', url: `/api/steam/${what}/${steamID}`, headers });

describe('GET /api/steam/getProfile/{steamID}', () => {
  it('returns nickname, profile url and avatars from GetPlayerSummaries', async () => {
    const res = await get('getProfile', ROBIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      steamID: ROBIN,
      nickname: 'Robin',
      url: `https://steamcommunity.com/profiles/${ROBIN}/`,
      avatar: {
        small: 'https://avatars.steamstatic.com/f1dd60a188883caf82d0cbfccfe6aba0af1732d4.jpg',
        medium: 'https://avatars.steamstatic.com/f1dd60a188883caf82d0cbfccfe6aba0af1732d4_medium.jpg',
        large: 'https://avatars.steamstatic.com/f1dd60a188883caf82d0cbfccfe6aba0af1732d4_full.jpg',
      },
    });
    const [request] = steam.requests;
    expect(request?.path).toBe('/ISteamUser/GetPlayerSummaries/v0002/');
    expect(request?.query.get('steamids')).toBe(ROBIN);
    expect(request?.query.get('key')).toBe(KEY);
  });

  it('answers 404 when Steam knows no such account', async () => {
    const res = await get('getProfile', '76561197960435599');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No Steam profile was found for this Steam ID');
  });

  it.each(['123', '7656119796043553A', '765611979604355300'])('refuses the Steam ID %s with 400', async (id) => {
    expect((await get('getProfile', id)).statusCode).toBe(400);
    expect(steam.requests).toHaveLength(0);
  });

  it('is for signed-in users only', async () => {
    expect((await get('getProfile', ROBIN, {})).statusCode).toBe(401);
    expect(steam.requests).toHaveLength(0);
  });
});

describe('GET /api/steam/getGames/{steamID}', () => {
  it('returns names and icon URLs, sorted by name, asking Steam for app info', async () => {
    const res = await get('getGames', ROBIN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isPrivate: false,
      games: [
        { appID: 570, name: 'Dota 2', iconURL: null },
        {
          appID: 8930,
          name: CIV5.name,
          iconURL: `https://media.steampowered.com/steamcommunity/public/images/apps/8930/${CIV5.img_icon_url}.jpg`,
        },
        {
          appID: 289070,
          name: CIV6.name,
          iconURL: `https://media.steampowered.com/steamcommunity/public/images/apps/289070/${CIV6.img_icon_url}.jpg`,
        },
      ],
    });
    const [request] = steam.requests;
    expect(request?.path).toBe('/IPlayerService/GetOwnedGames/v0001/');
    expect(request?.query.get('steamid')).toBe(ROBIN);
    expect(request?.query.get('include_appinfo')).toBe('1');
  });

  it('says the games are private when Steam answers {"response":{}}', async () => {
    const res = await get('getGames', HIDDEN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isPrivate: true, games: [] });
  });

  it('tells a public profile without games from a private one', async () => {
    steam.games.set(ROBIN, []);
    expect((await get('getGames', ROBIN)).json()).toEqual({ isPrivate: false, games: [] });
  });
});

describe('when Steam misbehaves', () => {
  it.each(['getProfile', 'getGames'] as const)('%s answers 502 when Steam refuses the API key (403)', async (what) => {
    const wrongKey = await createTestApp({ steamApiKey: 'not-the-key', steamApiUrl: steam.url });
    try {
      const user = await createUser(wrongKey.app);
      const res = await get(what, ROBIN, user.auth, wrongKey.app);
      expect(steam.requests.at(-1)?.query.get('key')).toBe('not-the-key');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: "Steam refused this server's API key. Please tell the site administrator." });
      expect(res.body).not.toContain('not-the-key');
    } finally {
      await wrongKey.close();
    }
  });

  it('answers 502 when Steam fails', async () => {
    steam.override = { status: 500, body: '<html><body>Internal Server Error</body></html>', contentType: 'text/html' };
    const res = await get('getGames', ROBIN);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Steam is not available right now. Please try again later.');
  });

  it('answers 502 when Steam limits the key (429)', async () => {
    steam.override = { status: 429, body: '', contentType: 'text/plain' };
    expect((await get('getProfile', ROBIN)).json().message).toBe('Steam is limiting requests right now. Please try again in a minute.');
  });

  it.each([
    ['an HTML page', '<html><body>Error</body></html>'],
    ['JSON of another shape', JSON.stringify({ response: { players: 'none' } })],
  ])('answers 502 for %s', async (_label, body) => {
    steam.override = { body };
    const res = await get('getProfile', ROBIN);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe('Steam sent an answer that could not be read. Please try again later.');
  });

  it('answers 504 in time when Steam is slow', async () => {
    steam.override = { delayMs: 5000, body: '{}' };
    const started = Date.now();
    const res = await get('getGames', ROBIN);
    expect(res.statusCode).toBe(504);
    expect(res.json().message).toBe('Steam did not answer in time. Please try again later.');
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1500);
  });
});

describe('without STEAM_API_KEY', () => {
  it.each(['getProfile', 'getGames'] as const)('%s answers 503 "not configured" without calling Steam', async (what) => {
    const bare = await createTestApp({ steamApiUrl: steam.url });
    try {
      const user = await createUser(bare.app);
      const res = await get(what, ROBIN, user.auth, bare.app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: STEAM_NOT_CONFIGURED_MESSAGE });
      expect(steam.requests).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});

describe('rate limit', () => {
  it('limits Steam calls per user', async () => {
    const limited = await createTestApp({ steamApiKey: KEY, steamApiUrl: steam.url, upstreamRateLimit: { max: 2, windowMs: 60_000 } });
    try {
      const first = await createUser(limited.app);
      const second = await createUser(limited.app);
      expect((await get('getProfile', ROBIN, first.auth, limited.app)).statusCode).toBe(200);
      expect((await get('getGames', ROBIN, first.auth, limited.app)).statusCode).toBe(200);
      const refused = await get('getGames', ROBIN, first.auth, limited.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('Too many lookups in a short time. Please wait a minute and try again.');
      expect(steam.requests).toHaveLength(2);
      // The window is counted on the app's clock.
      limited.clock.advance(61_000);
      expect((await get('getGames', ROBIN, first.auth, limited.app)).statusCode).toBe(200);
      expect((await get('getProfile', ROBIN, second.auth, limited.app)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
