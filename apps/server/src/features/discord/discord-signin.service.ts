import { createHash, randomBytes } from 'node:crypto';
import {
  discordMadeEmail,
  DISCORD_OFF_MESSAGE,
  safeReturnPath,
  type DiscordLinkDto,
  type DiscordSessionDto,
  type DiscordSetPasswordBody,
  type DiscordSignInError,
  type DiscordStartDto,
} from '@smm/shared/discord/app-schemas';
import { USERNAME_MAX } from '@smm/shared/limits';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, serviceUnavailable } from '../../errors';
import type { DiscordApiClient, DiscordUser } from '../../integrations/discord-api';
import { UpstreamError, type UpstreamRateLimit } from '../../integrations/upstream';
import { randomToken, sha256 } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import type { Throttle } from '../throttle/throttle.service';
import { toSessionUser } from '../users/users.mapper';
import { hashPassword } from '../users/passwords';
import * as users from '../users/users.repo';
import * as repo from './discord-links.repo';

const STATE_TTL_MS = 10 * 60 * 1000;
const GRANT_TTL_MS = 2 * 60 * 1000;
const START_LIMIT_MESSAGE = 'Too many Discord sign-ins in a short time. Please wait a minute and try again.';

interface Deps {
  db: Db;
  clock: Clock;
  /** Null: Discord is off on this installation. */
  discord: DiscordApiClient | null;
  publicUrl: string;
  signToken: (user: ReturnType<typeof toSessionUser>) => string;
  throttle: Throttle;
  limit: UpstreamRateLimit;
}

export interface SignInStart extends DiscordStartDto {
  /** The secret the starting browser keeps in a cookie; the callback must bring it back. */
  browserSecret: string;
}

export interface CallbackOutcome {
  location: string;
  problem?: string;
  /** A sign-in's grant is on its way: the browser keeps its secret until it exchanges the grant. */
  grant?: true;
}

class Refusal extends Error {
  constructor(
    readonly code: DiscordSignInError,
    readonly detail: string,
    readonly linking = false,
  ) {
    super(detail);
  }
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/** A username of this app made from a Discord name: same rules as registering, shortened to leave room for a number. */
export function usernameFromDiscord(user: Pick<DiscordUser, 'username' | 'global_name'>): string {
  const cleaned = (user.global_name ?? user.username).replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
  const base = cleaned.length >= 3 ? cleaned : user.username.replace(/[<>\s]/g, '');
  return (base.length >= 3 ? base : `discord_${base}`).slice(0, USERNAME_MAX - 5).trim();
}

/**
 * Signing in with Discord (OAuth2 authorisation code with PKCE, scope identify) and linking Discord
 * to a signed-in account. A state is used once, within ten minutes, by the browser that started it
 * (its cookie); a Discord account is linked to an existing user only while that user is signed in,
 * never by a matching email.
 */
export function createDiscordSignInService({ db, clock, discord, publicUrl, signToken, throttle, limit }: Deps) {
  const redirectUri = `${publicUrl}/api/auth/discord/callback`;

  function client(): DiscordApiClient {
    if (!discord) throw serviceUnavailable(DISCORD_OFF_MESSAGE);
    return discord;
  }

  async function start(userId: string | null, throttleKey: string, returnTo: string | null): Promise<SignInStart> {
    const api = client();
    await throttle.consume(`discord-signin:${throttleKey}`, limit, START_LIMIT_MESSAGE);
    const now = clock.now();
    await repo.pruneExpired(db, now);
    const state = randomToken();
    const browserSecret = randomToken();
    const codeVerifier = randomBytes(48).toString('base64url');
    await repo.insertState(db, {
      state_hash: sha256(state),
      browser_hash: sha256(browserSecret),
      code_verifier: codeVerifier,
      user_id: userId,
      return_to: returnTo,
      expires_at: now + STATE_TTL_MS,
      used_at: null,
      created_at: now,
    });
    const codeChallenge = createHash('sha256').update(codeVerifier).digest('base64url');
    return { url: api.authorizeUrl({ state, codeChallenge, redirectUri }), browserSecret };
  }

  /** A new account for a first Discord sign-in: Discord's name made unique, no password, no real email. */
  async function createAccount(who: DiscordUser): Promise<string> {
    const base = usernameFromDiscord(who);
    for (let attempt = 0; attempt < 20; attempt++) {
      const username = attempt === 0 ? base : attempt < 10 ? `${base}${attempt + 1}` : `${base}${randomBytes(2).toString('hex')}`;
      if (await repo.usernameTaken(db, username.toLowerCase())) continue;
      const id = newId();
      const now = clock.now();
      try {
        await db.transaction().execute(async (tx) => {
          await users.insert(tx, {
            id,
            username,
            username_key: username.toLowerCase(),
            // Nothing is mailed here: .invalid never resolves. The user can set an email and password later.
            email: discordMadeEmail(who.id),
            password_hash: '',
            steam_id: null,
            created_at: now,
            password_changed_at: null,
          });
          await repo.upsertLink(tx, { user_id: id, discord_id: who.id, discord_username: who.username, dm_reminders: 0, linked_at: now });
        });
        return id;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // The same Discord account signing in twice at once: the other request made the account.
        const linked = await repo.findLinkByDiscordId(db, who.id);
        if (linked) return linked.user_id;
      }
    }
    throw new Refusal('unavailable', 'no free username');
  }

  async function finish(query: Readonly<Record<string, unknown>>, browserSecret: string | undefined): Promise<string> {
    const state = typeof query.state === 'string' ? query.state : '';
    if (!/^[0-9a-f]{64}$/.test(state)) throw new Refusal('invalid', 'no state');
    const now = clock.now();
    const started = await repo.consumeState(db, sha256(state), now);
    if (!started) throw new Refusal('expired', 'unknown, used or expired state');
    const linking = started.user_id !== null;
    if (!browserSecret || sha256(browserSecret) !== started.browser_hash)
      throw new Refusal('foreign', 'state started in another browser', linking);
    if (typeof query.error === 'string') throw new Refusal('cancelled', `Discord said ${query.error.slice(0, 40)}`, linking);
    if (typeof query.code !== 'string' || query.code.length === 0 || query.code.length > 200)
      throw new Refusal('invalid', 'no code', linking);

    let who: DiscordUser;
    try {
      who = await client().identify({ code: query.code, codeVerifier: started.code_verifier, redirectUri });
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      throw new Refusal(
        error.kind === 'status' && error.status !== undefined && error.status < 500 ? 'invalid' : 'unavailable',
        error.message,
        linking,
      );
    }

    if (started.user_id) {
      const owner = await repo.findLinkByDiscordId(db, who.id);
      if (owner && owner.user_id !== started.user_id) throw new Refusal('taken', 'Discord account linked to another user', true);
      try {
        await repo.upsertLink(db, {
          user_id: started.user_id,
          discord_id: who.id,
          discord_username: who.username,
          dm_reminders: 0,
          linked_at: now,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new Refusal('taken', 'Discord account linked to another user', true);
        throw error;
      }
      return `${publicUrl}/profile?discord=linked`;
    }

    const userId = (await repo.findLinkByDiscordId(db, who.id))?.user_id ?? (await createAccount(who));
    const grant = randomToken();
    await repo.insertGrant(db, {
      grant_hash: sha256(grant),
      user_id: userId,
      browser_hash: started.browser_hash,
      expires_at: now + GRANT_TTL_MS,
      used_at: null,
      created_at: now,
    });
    const returnTo = safeReturnPath(started.return_to);
    // In the fragment: never sent to a server, so it stays out of logs and Referer headers.
    return `${publicUrl}/discordSignIn#grant=${grant}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`;
  }

  return {
    enabled: discord !== null,

    /** Starts signing in (or up) with Discord from this browser. Throttled per client address. */
    startSignIn: (ip: string, returnTo: string | undefined) => start(null, `ip:${ip}`, safeReturnPath(returnTo)),

    /** Starts linking Discord to the signed-in caller. Throttled per user. */
    startLink: (actor: UserDto) => start(actor.id, `user:${actor.id}`, null),

    /** Handles Discord's redirect back: always a page of this app to send the browser to. */
    async callback(query: Readonly<Record<string, unknown>>, browserSecret: string | undefined): Promise<CallbackOutcome> {
      try {
        const location = await finish(query, browserSecret);
        return location.startsWith(`${publicUrl}/discordSignIn#`) ? { location, grant: true } : { location };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        const page = error.linking ? '/profile' : '/login';
        return { location: `${publicUrl}${page}?discordError=${error.code}`, problem: `${error.code}: ${error.detail}` };
      }
    },

    /**
     * Exchanges a finished sign-in's grant, once, for a session token, in the browser that started the
     * sign-in: a grant link opened anywhere else signs nobody in.
     */
    async session(grant: string, browserSecret: string | undefined): Promise<DiscordSessionDto> {
      const userId = browserSecret ? await repo.consumeGrant(db, sha256(grant), sha256(browserSecret), clock.now()) : undefined;
      const user = userId ? await users.findById(db, userId) : undefined;
      if (!user) throw badRequest('This Discord sign-in has expired or was already used. Please sign in again.');
      return { token: `Bearer ${signToken(toSessionUser(user))}` };
    },

    /** The caller's linked Discord account. */
    async getLink(actor: UserDto): Promise<DiscordLinkDto> {
      const link = await repo.findLinkByUser(db, actor.id);
      return {
        link: link ? { discordID: link.discord_id, discordUsername: link.discord_username, dmReminders: link.dm_reminders === 1 } : null,
      };
    },

    /** Removes the caller's Discord link; an account without a password keeps working through its session only. */
    async unlink(actor: UserDto): Promise<DiscordLinkDto> {
      const user = await users.findById(db, actor.id);
      if (user && user.password_hash === '')
        throw badRequest('Set a password before unlinking Discord: this account has no other way to sign in.');
      await repo.deleteLink(db, actor.id);
      return { link: null };
    },

    /** Gives an account made by a Discord sign-in an email and a password, once; other accounts change theirs on the profile. */
    async setPassword(actor: UserDto, body: DiscordSetPasswordBody): Promise<{ token: string }> {
      const user = await users.findById(db, actor.id);
      if (!user || user.password_hash !== '') throw badRequest('This account already has a password: change it on the profile.');
      const taken = await users.findByEmail(db, body.email);
      if (taken && taken.id !== actor.id) throw conflict('Account already exists', { email: 'Email already exists' });
      try {
        await repo.setEmail(db, actor.id, body.email);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('Account already exists', { email: 'Email already exists' });
        throw error;
      }
      const version = await users.updatePassword(db, actor.id, await hashPassword(body.password), clock.now());
      const updated = await users.findById(db, actor.id);
      if (!updated || version === undefined) throw badRequest('User not found');
      return { token: `Bearer ${signToken(toSessionUser(updated))}` };
    },

    /** Turns event reminders by Discord DM on or off for the caller. */
    async setDmReminders(actor: UserDto, on: boolean): Promise<DiscordLinkDto> {
      if (!(await repo.setDmReminders(db, actor.id, on))) throw badRequest('Link Discord first to get reminders there.');
      return this.getLink(actor);
    },
  };
}
export type DiscordSignInService = ReturnType<typeof createDiscordSignInService>;
