import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { html, json, startFakeServer, type FakeReply } from './fake-server';

const FORBIDDEN_PAGE =
  '<html><head><title>Forbidden</title></head><body><h1>Forbidden</h1>Access is denied. Retrying will not help. Please verify your <pre>key=</pre> parameter.</body></html>';

export interface SteamPlayerJson {
  steamid: string;
  communityvisibilitystate: number;
  profilestate: number;
  personaname: string;
  profileurl: string;
  avatar: string;
  avatarmedium: string;
  avatarfull: string;
  avatarhash: string;
  personastate: number;
  [field: string]: unknown;
}

export interface SteamGameJson {
  appid: number;
  name: string;
  img_icon_url: string;
  playtime_forever: number;
}

/** A GetPlayerSummaries entry in Steam's shape. */
export function steamPlayer(steamid: string, personaname: string, hash = 'f1dd60a188883caf82d0cbfccfe6aba0af1732d4'): SteamPlayerJson {
  return {
    steamid,
    communityvisibilitystate: 3,
    profilestate: 1,
    personaname,
    profileurl: `https://steamcommunity.com/profiles/${steamid}/`,
    avatar: `https://avatars.steamstatic.com/${hash}.jpg`,
    avatarmedium: `https://avatars.steamstatic.com/${hash}_medium.jpg`,
    avatarfull: `https://avatars.steamstatic.com/${hash}_full.jpg`,
    avatarhash: hash,
    personastate: 0,
    primaryclanid: '103582791429521408',
    timecreated: 1063407589,
    personastateflags: 0,
  };
}

export interface SteamApiFake {
  url: string;
  apiKey: string;
  /** Every call received, in order. */
  requests: { path: string; query: URLSearchParams; rawUrl: string }[];
  players: Map<string, SteamPlayerJson>;
  /** Owned games per Steam ID; 'private' answers `{"response":{}}` like a private profile. */
  games: Map<string, SteamGameJson[] | 'private'>;
  /** Forces this answer on every call until set back to null. */
  override: FakeReply | null;
  reset(): void;
  close(): Promise<void>;
}

/** GetPlayerSummaries and GetOwnedGames of the Steam Web API on a local port. */
export async function createSteamApiFake({ port = 0, apiKey = 'fake-steam-key' } = {}): Promise<SteamApiFake> {
  const fake = {
    apiKey,
    requests: [] as SteamApiFake['requests'],
    players: new Map<string, SteamPlayerJson>(),
    games: new Map<string, SteamGameJson[] | 'private'>(),
    override: null as FakeReply | null,
  };
  const server = await startFakeServer((req) => {
    fake.requests.push({ path: req.path, query: req.query, rawUrl: req.rawUrl });
    if (fake.override) return fake.override;
    if (req.query.get('key') !== fake.apiKey) return html(FORBIDDEN_PAGE, 403);
    if (req.path === '/ISteamUser/GetPlayerSummaries/v0002/') {
      const ids = (req.query.get('steamids') ?? '').split(',');
      return json({ response: { players: ids.flatMap((id) => fake.players.get(id) ?? []) } });
    }
    if (req.path === '/IPlayerService/GetOwnedGames/v0001/') {
      const games = fake.games.get(req.query.get('steamid') ?? '') ?? 'private';
      if (games === 'private') return json({ response: {} });
      // Without include_appinfo Steam sends only ids and playtimes.
      const withInfo = req.query.get('include_appinfo') === '1' || req.query.get('include_appinfo') === 'true';
      const list = games.map((g) =>
        withInfo ? { ...g, has_community_visible_stats: true } : { appid: g.appid, playtime_forever: g.playtime_forever },
      );
      return json({ response: { game_count: list.length, games: list } });
    }
    return html('<html><body><h1>Not Found</h1></body></html>', 404);
  }, port);
  return Object.assign(fake, {
    url: server.url,
    close: server.close,
    reset() {
      fake.requests.length = 0;
      fake.players.clear();
      fake.games.clear();
      fake.override = null;
    },
  });
}

const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';

export interface SteamOpenIdFake {
  url: string;
  /** The OP endpoint to configure as STEAM_OPENID_URL. */
  endpoint: string;
  /** Who "signs in" on the login page. */
  loginSteamId: string;
  /** 'cancel' plays a user who pressed Cancel on Steam. */
  loginMode: 'id_res' | 'cancel';
  /** Like Steam, refuse a check_authentication for a nonce already checked. */
  rejectReplays: boolean;
  /** Forces the is_valid answer regardless of the signature (null = check it). */
  isValidOverride: boolean | null;
  /** Forces this answer on check_authentication until set back to null. */
  override: FakeReply | null;
  /** Every check_authentication received. */
  checks: URLSearchParams[];
  /** A signed positive assertion, as Steam would append it to `returnTo`. */
  assertionFor(returnTo: string, steamId: string, options?: { nonce?: string }): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Steam's OpenID 2.0 provider: the login page answers at once with a 302 back to `return_to`
 * carrying an HMAC-signed assertion, and check_authentication verifies that signature.
 */
export async function createSteamOpenIdFake({ port = 0, now = () => Date.now() } = {}): Promise<SteamOpenIdFake> {
  const secret = randomBytes(32);
  const checkedNonces = new Set<string>();
  let endpoint = '';
  const sign = (fields: Record<string, string>, signed: string) =>
    createHmac('sha256', secret)
      .update(
        signed
          .split(',')
          .map((key) => `${key}:${fields[`openid.${key}`] ?? ''}\n`)
          .join(''),
      )
      .digest('base64');

  const fake = {
    loginSteamId: '76561197960435530',
    loginMode: 'id_res' as 'id_res' | 'cancel',
    rejectReplays: true,
    isValidOverride: null as boolean | null,
    override: null as FakeReply | null,
    checks: [] as URLSearchParams[],
    assertionFor(returnTo: string, steamId: string, options: { nonce?: string } = {}) {
      const time = new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const claimed = `https://steamcommunity.com/openid/id/${steamId}`;
      const fields: Record<string, string> = {
        'openid.ns': OPENID_NS,
        'openid.mode': 'id_res',
        'openid.op_endpoint': endpoint,
        'openid.claimed_id': claimed,
        'openid.identity': claimed,
        'openid.return_to': returnTo,
        'openid.response_nonce': options.nonce ?? `${time}${randomBytes(12).toString('base64url')}`,
        'openid.assoc_handle': '1234567890',
        'openid.signed': SIGNED,
      };
      fields['openid.sig'] = sign(fields, SIGNED);
      return fields;
    },
  };

  const server = await startFakeServer((req): FakeReply => {
    if (req.path !== '/openid/login') return html('<html><body>Not Found</body></html>', 404);
    if (req.method === 'GET') {
      const returnTo = req.query.get('openid.return_to');
      if (req.query.get('openid.mode') !== 'checkid_setup' || req.query.get('openid.ns') !== OPENID_NS || !returnTo) {
        return html('<html><body>Invalid OpenID request</body></html>', 400);
      }
      const assertion =
        fake.loginMode === 'cancel' ? { 'openid.ns': OPENID_NS, 'openid.mode': 'cancel' } : fake.assertionFor(returnTo, fake.loginSteamId);
      const target = new URL(returnTo);
      for (const [key, value] of Object.entries(assertion)) target.searchParams.set(key, value);
      return { status: 302, body: '', contentType: 'text/html', headers: { location: target.toString() } };
    }
    const form = new URLSearchParams(req.body);
    fake.checks.push(form);
    if (fake.override) return fake.override;
    if (form.get('openid.mode') !== 'check_authentication')
      return { status: 400, body: `ns:${OPENID_NS}\nerror:bad mode\n`, contentType: 'text/plain' };
    const fields = Object.fromEntries(form);
    const expected = Buffer.from(sign(fields, form.get('openid.signed') ?? ''));
    const given = Buffer.from(form.get('openid.sig') ?? '');
    let valid = expected.length === given.length && timingSafeEqual(expected, given);
    const nonce = form.get('openid.response_nonce') ?? '';
    if (valid && fake.rejectReplays && checkedNonces.has(nonce)) valid = false;
    if (valid) checkedNonces.add(nonce);
    if (fake.isValidOverride !== null) valid = fake.isValidOverride;
    return { body: `ns:${OPENID_NS}\nis_valid:${valid}\n`, contentType: 'text/plain;charset=utf-8' };
  }, port);
  endpoint = `${server.url}/openid/login`;
  return Object.assign(fake, { url: server.url, endpoint, close: server.close });
}
