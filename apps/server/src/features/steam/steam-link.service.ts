import type { SteamLinkError } from '@smm/shared/steam/schemas';
import type { TokenUser, UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, forbidden } from '../../errors';
import type { SteamOpenIdClient } from '../../integrations/steam-openid';
import { UPSTREAM_LIMIT_MESSAGE, UpstreamError, type UpstreamRateLimit } from '../../integrations/upstream';
import { randomToken, sha256 } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import { updateSteamId } from '../users/users.repo';
import type { Throttle } from '../throttle/throttle.service';
import * as repo from './steam-link.repo';

const STATE_TTL_MS = 10 * 60 * 1000;
const GRANT_TTL_MS = 10 * 60 * 1000;
// Assertions older (or, with clock skew, newer) than this are refused, so a nonce only has to be
// remembered for this long to recognise every replay.
const NONCE_WINDOW_MS = 5 * 60 * 1000;

interface Deps {
  db: Db;
  clock: Clock;
  openId: SteamOpenIdClient;
  publicUrl: string;
  signToken: (user: TokenUser) => string;
  throttle: Throttle;
  limit: UpstreamRateLimit;
}

export interface CallbackOutcome {
  location: string;
  /** Why nothing was linked, for the log. */
  problem?: string;
}

class Refusal extends Error {
  constructor(
    readonly code: SteamLinkError,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/**
 * Linking a Steam account through Steam OpenID 2.0. A Steam ID is saved only after Steam confirmed
 * the assertion (`check_authentication`) for a sign-in that the same user started here, and only
 * through a single-use grant for exactly that user and Steam ID.
 */
export function createSteamLinkService({ db, clock, openId, publicUrl, signToken, throttle, limit }: Deps) {
  const callbackUrl = (state: string) => `${publicUrl}/api/auth/steam/callback?state=${state}`;
  const bearer = (user: UserDto, steamID: string | null) => ({ token: `Bearer ${signToken({ ...user, steamID })}` });

  /** Every check of a callback; returns the verified Steam ID or throws a Refusal. */
  async function verify(query: Readonly<Record<string, unknown>>): Promise<string> {
    const params: Record<string, string> = {};
    for (const [key, value] of Object.entries(query)) {
      if (typeof value !== 'string') throw new Refusal('invalid', `repeated parameter ${key}`);
      params[key] = value;
    }
    const state = params.state ?? '';
    if (!/^[0-9a-f]{64}$/.test(state)) throw new Refusal('invalid', 'no state');
    const now = clock.now();
    const userId = await repo.consumeState(db, sha256(state), now);
    if (!userId) throw new Refusal('expired', 'unknown, used or expired state');

    const assertion = openId.readAssertion(params, callbackUrl(state));
    if (!assertion.ok) throw new Refusal(assertion.reason, assertion.detail);
    if (Math.abs(now - assertion.nonceTime) > NONCE_WINDOW_MS) throw new Refusal('expired', 'stale response_nonce');
    // Recorded before asking Steam, so two concurrent uses of one assertion cannot both pass.
    if (!(await repo.recordNonce(db, assertion.nonce, assertion.nonceTime + 2 * NONCE_WINDOW_MS))) {
      throw new Refusal('replayed', 'response_nonce already used');
    }
    const confirmed = await openId.confirm(params).catch((error: unknown) => {
      if (error instanceof UpstreamError) throw new Refusal('unavailable', error.message);
      throw error;
    });
    if (!confirmed) throw new Refusal('invalid', 'Steam answered is_valid:false');

    const owner = await repo.findUserIdBySteamId(db, assertion.steamId);
    if (owner && owner !== userId) throw new Refusal('taken', 'Steam ID linked to another user');
    await repo.insertGrant(db, {
      id: newId(),
      user_id: userId,
      steam_id: assertion.steamId,
      expires_at: now + GRANT_TTL_MS,
      used_at: null,
      created_at: now,
    });
    return assertion.steamId;
  }

  return {
    /** Starts a sign-in with Steam for the caller; returns the Steam page to send the browser to. */
    async start(actor: UserDto): Promise<{ url: string }> {
      // Each sign-in ends in a check_authentication call to Steam.
      await throttle.consume(`steam-login:${actor.id}`, limit, UPSTREAM_LIMIT_MESSAGE);
      const now = clock.now();
      await repo.pruneExpired(db, now);
      const state = randomToken();
      await repo.insertState(db, {
        state_hash: sha256(state),
        user_id: actor.id,
        expires_at: now + STATE_TTL_MS,
        used_at: null,
        created_at: now,
      });
      return { url: openId.loginUrl(callbackUrl(state), publicUrl) };
    },

    /** Handles Steam's redirect back: where to send the browser, after linking nothing or granting one link. */
    async callback(query: Readonly<Record<string, unknown>>): Promise<CallbackOutcome> {
      try {
        const steamId = await verify(query);
        return { location: `${publicUrl}/steamlink?steamID=${steamId}` };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return { location: `${publicUrl}/profile?steamError=${error.code}`, problem: `${error.code}: ${error.detail}` };
      }
    },

    /** Saves a Steam ID that Steam confirmed for the caller; returns a token that carries it. */
    async link(actor: UserDto, userID: string, steamID: string): Promise<{ token: string }> {
      if (userID !== actor.id) throw forbidden('You can only link a Steam account to your own account');
      // Opening /steamlink again after linking must not fail: the link already exists.
      if (actor.steamID === steamID) return bearer(actor, steamID);
      try {
        await db.transaction().execute(async (tx) => {
          if (!(await repo.consumeGrant(tx, actor.id, steamID, clock.now()))) {
            throw forbidden('Steam has not confirmed this Steam account for you. Please use Link Steam Account again.');
          }
          const owner = await repo.findUserIdBySteamId(tx, steamID);
          if (owner && owner !== actor.id) throw conflict('This Steam account is already linked to another user');
          await updateSteamId(tx, actor.id, steamID);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('This Steam account is already linked to another user');
        throw error;
      }
      return bearer(actor, steamID);
    },

    /** Removes the caller's Steam link; returns a token without it. */
    async unlink(actor: UserDto): Promise<{ token: string }> {
      await updateSteamId(db, actor.id, null);
      return bearer(actor, null);
    },
  };
}
export type SteamLinkService = ReturnType<typeof createSteamLinkService>;
