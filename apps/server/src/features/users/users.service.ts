import type {
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  UpdatePasswordBody,
  UserDto,
} from '@smm/shared/users/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { attachTableVersions } from '../../db/table-versions';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors';
import type { Mailer } from '../../integrations/mailer';
import { randomToken, sha256 } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import type { GroupChanges } from '../live/group-changes';
import type { Limit, Throttle } from '../throttle/throttle.service';
import { createAccountThrottle } from './account-throttle';
import * as resets from './password-resets.repo';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { sessionVersionOf, withSessionVersion, type SessionUser } from './session-version';
import { toSessionUser, toUserDto } from './users.mapper';
import * as users from './users.repo';

const RESET_TTL_MS = 60 * 60 * 1000;

/**
 * The login and reset throttles; how they work together is explained in account-throttle.ts. The
 * login limits also count the current password checked by a password change.
 */
export interface UsersLimits {
  /** Login attempts from one address, whatever the account. */
  loginPerIp: Limit;
  /** Failed logins to one account from one address; past it that address is refused for that account. */
  loginPerAccountAddress: Limit;
  /** Failed logins to one account from all addresses; past it each new address gets one guess. */
  loginPerAccount: Limit;
  /** Past loginPerAccount: how many new addresses get that one guess. */
  loginNewAddressesPerAccount: Limit;
  /** Reset requests from one address, whatever the email. */
  resetPerIp: Limit;
  /** Reset requests for one email from one address. */
  resetPerAccountAddress: Limit;
  /** Reset requests for one email from all addresses; past it each address gets one. */
  resetPerAccount: Limit;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

export const defaultUsersLimits: UsersLimits = {
  loginPerIp: { max: 60, windowMs: FIFTEEN_MINUTES },
  loginPerAccountAddress: { max: 10, windowMs: FIFTEEN_MINUTES },
  loginPerAccount: { max: 10, windowMs: FIFTEEN_MINUTES },
  loginNewAddressesPerAccount: { max: 20, windowMs: FIFTEEN_MINUTES },
  resetPerIp: { max: 60, windowMs: ONE_HOUR },
  resetPerAccountAddress: { max: 5, windowMs: ONE_HOUR },
  resetPerAccount: { max: 20, windowMs: ONE_HOUR },
};

interface Deps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  throttle: Throttle;
  /** Where a password change or reset is announced, so every instance ends the user's live streams. */
  changes: Pick<GroupChanges, 'publishSessionEnd'>;
  publicUrl: string;
  signToken: (user: SessionUser) => string;
  limits: UsersLimits;
  log: Pick<FastifyBaseLogger, 'error'>;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/** Account use cases: registration, login, password reset and change. */
export function createUsersService({ db, clock, mailer, throttle, changes, publicUrl, signToken, limits, log }: Deps) {
  const accountThrottle = createAccountThrottle(throttle, limits);

  /** Stores the new password and ends every session issued before it; returns the new session version. */
  async function setPassword(userId: string, password: string): Promise<number> {
    const version = await users.updatePassword(db, userId, await hashPassword(password), clock.now());
    if (version === undefined) throw notFound('User not found');
    changes.publishSessionEnd(userId);
    await resets.retireAll(db, userId, clock.now());
    return version;
  }

  async function getSessionUser(id: string, sessionVersion: number): Promise<SessionUser | undefined> {
    const row = await users.findCaller(db, id);
    if (!row || Number(row.session_version) !== sessionVersion) return undefined;
    return attachTableVersions(toSessionUser(row), row.table_versions);
  }

  async function assertAvailable(body: RegisterBody) {
    const fields: Record<string, string> = {};
    if (await users.findByEmail(db, body.email)) fields.email = 'Email already exists';
    if (await users.findByUsernameKey(db, body.username.toLowerCase())) fields.username = 'Username already exists';
    if (Object.keys(fields).length > 0) throw conflict('Account already exists', fields);
  }

  return {
    /** Creates an account; a taken email or username is a field error. */
    async register(body: RegisterBody): Promise<UserDto> {
      await assertAvailable(body);
      const row = {
        id: newId(),
        username: body.username,
        username_key: body.username.toLowerCase(),
        email: body.email,
        password_hash: await hashPassword(body.password),
        steam_id: null,
        created_at: clock.now(),
        password_changed_at: null,
      };
      try {
        await users.insert(db, row);
      } catch (error) {
        // Another request took the name or email between the check and the insert.
        if (isUniqueViolation(error)) await assertAvailable(body);
        throw error;
      }
      return toUserDto(row);
    },

    /**
     * Checks the credentials and returns a bearer token. Every attempt is counted before the
     * password is checked, so parallel guesses cannot slip past the limits (see account-throttle.ts).
     */
    async login(body: LoginBody, ip: string): Promise<{ token: string }> {
      const attempt = await accountThrottle.beforePasswordCheck(body.email, ip);
      const user = await users.findByEmail(db, body.email);
      if (!user) {
        await verifyAgainstDummy(body.password);
        throw notFound('Email not found', { emailnotfound: 'Email not found' });
      }
      if (!(await verifyPassword(user.password_hash, body.password))) {
        throw invalid({ passwordincorrect: 'Password incorrect' }, 'Password incorrect');
      }
      await attempt.succeeded();
      // The version read with the password hash: if the password changes meanwhile, this token is already refused.
      return { token: `Bearer ${signToken(toSessionUser(user))}` };
    },

    /** Mails a single-use reset link when the email is registered; the answer is the same either way. */
    async requestPasswordReset(body: ResetPasswordBody, ip: string): Promise<{ message: string }> {
      await accountThrottle.beforeResetRequest(body.email, ip);
      const user = await users.findByEmail(db, body.email);
      if (user) {
        const token = randomToken();
        const now = clock.now();
        await resets.insert(db, {
          id: newId(),
          user_id: user.id,
          token_hash: sha256(token),
          expires_at: now + RESET_TTL_MS,
          used_at: null,
          created_at: now,
        });
        const link = `${publicUrl}/changePassword?userID=${encodeURIComponent(user.id)}&token=${token}`;
        // Sent after answering: waiting for the mail server would tell registered emails apart by
        // response time, and a mail failure must not answer differently either.
        void mailer.send({
          to: user.email,
          subject: 'Reset your SMM password',
          text: `Hello ${user.username},\n\nSomeone asked to reset the password of your SMM account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
        }).catch((error: unknown) => log.error({ err: error }, 'password reset mail could not be sent'));
      }
      return { message: 'If an account exists for that email, a password reset link has been sent to it.' };
    },

    /** Sets a new password with a reset token, ending every session; each token works once and for one hour. */
    async resetPassword(userId: string, token: string, body: ChangePasswordBody): Promise<{ message: string }> {
      const now = clock.now();
      const user = await users.findById(db, userId);
      if (!user || !/^[0-9a-f]{64}$/.test(token) || !(await resets.consume(db, user.id, sha256(token), now))) {
        throw badRequest('This password reset link is invalid or has expired. Please ask for a new one.');
      }
      await setPassword(user.id, body.password);
      return { message: 'Password updated' };
    },

    /**
     * Changes the caller's own password after checking the current one; other sessions end, the
     * caller's gets a new token. The current password is a guess like a login's, so it is counted
     * by the login throttles (before it is checked): a stolen token gives no extra guesses.
     */
    async updatePassword(actor: UserDto, body: UpdatePasswordBody, ip: string): Promise<{ message: string; token: string }> {
      if (body.userID !== actor.id) throw forbidden('You can only change your own password');
      const user = await users.findById(db, actor.id);
      if (!user) throw notFound('User not found');
      const attempt = await accountThrottle.beforePasswordCheck(user.email, ip);
      if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
        throw invalid({ currentPassword: 'Current password is incorrect' });
      }
      await attempt.succeeded();
      const version = await setPassword(user.id, body.newPassword);
      return { message: 'Password updated', token: `Bearer ${signToken(withSessionVersion(toUserDto(user), version))}` };
    },

    /** The caller's time zone for showing event times; null: the browser's. */
    async getTimeZone(actor: UserDto): Promise<{ timeZone: string | null }> {
      return { timeZone: await users.findTimeZone(db, actor.id) };
    },

    /** Sets (or, with null, clears) the caller's time zone; the schema has already checked it is a known IANA zone. */
    async setTimeZone(actor: UserDto, timeZone: string | null): Promise<{ timeZone: string | null }> {
      await users.updateTimeZone(db, actor.id, timeZone);
      return { timeZone };
    },

    /** The current state of a user, for tokens and the profile. */
    async getUser(id: string): Promise<UserDto | undefined> {
      const row = await users.findById(db, id);
      return row && toUserDto(row);
    },

    /**
     * The user behind a token, unless the token's session version is no longer theirs: every
     * password change and reset raises it, so tokens issued before one are refused, whatever the timing.
     */
    getSessionUser,

    /** Whether a user loaded with its session version (req.actor) still holds a current session. */
    async isSessionCurrent(user: UserDto): Promise<boolean> {
      return (await getSessionUser(user.id, sessionVersionOf(user))) !== undefined;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
