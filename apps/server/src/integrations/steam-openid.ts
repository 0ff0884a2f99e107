import { fetchUpstream, UpstreamError } from './upstream';

const SERVICE = 'Steam OpenID';
export const STEAM_OPENID_DEFAULT_URL = 'https://steamcommunity.com/openid/login';
const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const CLAIMED_ID = /^https?:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;
// An unsigned field could be altered by anyone in between, so each field we rely on must be signed.
const MUST_BE_SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce'];
const NONCE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z).{0,200}$/;

export type AssertionCheck =
  { ok: true; steamId: string; nonce: string; nonceTime: number } | { ok: false; reason: 'cancelled' | 'invalid'; detail: string };

export interface SteamOpenIdClient {
  /** The Steam sign-in page to send the browser to. */
  loginUrl(returnTo: string, realm: string): string;
  /** Checks the fields of a positive assertion locally; nothing in it is trusted before `confirm`. */
  readAssertion(params: Readonly<Record<string, string>>, expectedReturnTo: string): AssertionCheck;
  /** Asks Steam itself whether it issued this assertion (`check_authentication`, stateless mode). */
  confirm(params: Readonly<Record<string, string>>): Promise<boolean>;
}

export interface SteamOpenIdConfig {
  /** The OP endpoint, https://steamcommunity.com/openid/login in production. */
  endpoint: string;
  timeoutMs: number;
}

/** Steam sign-in through OpenID 2.0, verified with Steam on every assertion. */
export function createSteamOpenIdClient({ endpoint, timeoutMs }: SteamOpenIdConfig): SteamOpenIdClient {
  return {
    loginUrl(returnTo, realm) {
      const query = new URLSearchParams({
        'openid.ns': OPENID_NS,
        'openid.mode': 'checkid_setup',
        'openid.return_to': returnTo,
        'openid.realm': realm,
        'openid.identity': IDENTIFIER_SELECT,
        'openid.claimed_id': IDENTIFIER_SELECT,
      });
      return `${endpoint}?${query}`;
    },

    readAssertion(params, expectedReturnTo) {
      const fail = (detail: string): AssertionCheck => ({ ok: false, reason: 'invalid', detail });
      const mode = params['openid.mode'];
      if (mode === 'cancel') return { ok: false, reason: 'cancelled', detail: 'user cancelled' };
      if (mode !== 'id_res') return fail(`mode ${mode ?? 'missing'}`);
      if (params['openid.ns'] !== OPENID_NS) return fail('wrong ns');
      if (params['openid.op_endpoint'] !== endpoint) return fail('wrong op_endpoint');
      if (params['openid.return_to'] !== expectedReturnTo) return fail('return_to does not match');
      const claimedId = params['openid.claimed_id'] ?? '';
      const match = CLAIMED_ID.exec(claimedId);
      if (!match?.[1]) return fail('claimed_id is not a Steam ID');
      if (params['openid.identity'] !== claimedId) return fail('identity differs from claimed_id');
      const signed = (params['openid.signed'] ?? '').split(',');
      const unsigned = MUST_BE_SIGNED.filter((field) => !signed.includes(field));
      if (unsigned.length > 0) return fail(`not signed: ${unsigned.join(',')}`);
      if (!params['openid.sig'] || !params['openid.assoc_handle']) return fail('no signature');
      const nonce = params['openid.response_nonce'] ?? '';
      const nonceTime = Date.parse(NONCE.exec(nonce)?.[1] ?? '');
      if (Number.isNaN(nonceTime)) return fail('malformed response_nonce');
      return { ok: true, steamId: match[1], nonce, nonceTime };
    },

    async confirm(params) {
      const body = new URLSearchParams();
      for (const [key, value] of Object.entries(params)) if (key.startsWith('openid.')) body.set(key, value);
      body.set('openid.mode', 'check_authentication');
      const response = await fetchUpstream(
        SERVICE,
        endpoint,
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body },
        timeoutMs,
      );
      if (response.status !== 200) throw new UpstreamError(SERVICE, 'status', `answered HTTP ${response.status}`, response.status);
      // Key-value form: one `key:value` per line; only an explicit `is_valid:true` counts.
      const fields = new Map(
        response.text
          .split('\n')
          .filter((line) => line.includes(':'))
          .map((line) => {
            const at = line.indexOf(':');
            return [line.slice(0, at).trim(), line.slice(at + 1).trim()] as const;
          }),
      );
      return fields.get('is_valid') === 'true';
    },
  };
}
