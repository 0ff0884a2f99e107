import type {
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  TokenUser,
  UpdatePasswordBody,
  UserDto,
} from '@smm/shared/users/schemas';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, forbidden, invalid, notFound } from '../../errors';
import type { Mailer } from '../../integrations/mailer';
import { randomToken, sha256 } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import type { Limit, Throttle } from '../throttle/throttle.service';
import * as resets from './password-resets.repo';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';
import { toUserDto } from './users.mapper';
import * as users from './users.repo';

const RESET_TTL_MS = 60 * 60 * 1000;

export interface UsersLimits {
  loginPerIp: Limit;
  loginPerAccount: Limit;
  resetPerIp: Limit;
  resetPerAccount: Limit;
}

export const defaultUsersLimits: UsersLimits = {
  loginPerIp: { max: 60, windowMs: 15 * 60 * 1000 },
  loginPerAccount: { max: 10, windowMs: 15 * 60 * 1000 },
  resetPerIp: { max: 60, windowMs: 60 * 60 * 1000 },
  resetPerAccount: { max: 5, windowMs: 60 * 60 * 1000 },
};

interface Deps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  throttle: Throttle;
  publicUrl: string;
  signToken: (user: TokenUser) => string;
  limits: UsersLimits;
  log: Pick<FastifyBaseLogger, 'error'>;
}

// Token issue times (iat) come from the system clock inside the JWT library; password change
// times are compared with them, so they come from the same clock rather than the app's Clock.
const tokenClockNow = () => Date.now();

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate key/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/** Account use cases: registration, login, password reset and change. */
export function createUsersService({ db, clock, mailer, throttle, publicUrl, signToken, limits, log }: Deps) {
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
     * password is checked, so parallel guesses cannot slip past the per-IP and per-account limits;
     * a successful login takes its IP hit back and clears the account's count.
     */
    async login(body: LoginBody, ip: string): Promise<{ token: string }> {
      const ipKey = `login:ip:${ip}`;
      const accountKey = `login:account:${body.email}`;
      await throttle.consume(ipKey, limits.loginPerIp);
      await throttle.consume(accountKey, limits.loginPerAccount);
      const user = await users.findByEmail(db, body.email);
      if (!user) {
        await verifyAgainstDummy(body.password);
        throw notFound('Email not found', { emailnotfound: 'Email not found' });
      }
      if (!(await verifyPassword(user.password_hash, body.password))) {
        throw invalid({ passwordincorrect: 'Password incorrect' }, 'Password incorrect');
      }
      await throttle.refund(ipKey);
      await throttle.reset(accountKey);
      return { token: `Bearer ${signToken(toUserDto(user))}` };
    },

    /** Mails a single-use reset link when the email is registered; the answer is the same either way. */
    async requestPasswordReset(body: ResetPasswordBody, ip: string): Promise<{ message: string }> {
      await throttle.consume(`reset:ip:${ip}`, limits.resetPerIp);
      await throttle.consume(`reset:account:${body.email}`, limits.resetPerAccount);
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

    /** Sets a new password with a reset token; each token works once and for one hour. */
    async resetPassword(userId: string, token: string, body: ChangePasswordBody): Promise<{ message: string }> {
      const now = clock.now();
      const user = await users.findById(db, userId);
      if (!user || !/^[0-9a-f]{64}$/.test(token) || !(await resets.consume(db, user.id, sha256(token), now))) {
        throw badRequest('This password reset link is invalid or has expired. Please ask for a new one.');
      }
      await users.updatePasswordHash(db, user.id, await hashPassword(body.password), tokenClockNow());
      await resets.retireAll(db, user.id, now);
      return { message: 'Password updated' };
    },

    /** Changes the caller's own password after checking the current one. */
    async updatePassword(actor: UserDto, body: UpdatePasswordBody): Promise<{ message: string; token: string }> {
      if (body.userID !== actor.id) throw forbidden('You can only change your own password');
      const user = await users.findById(db, actor.id);
      if (!user) throw notFound('User not found');
      if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
        throw invalid({ currentPassword: 'Current password is incorrect' });
      }
      await users.updatePasswordHash(db, user.id, await hashPassword(body.newPassword), tokenClockNow());
      await resets.retireAll(db, user.id, clock.now());
      // Older sessions end with the change; this one continues with a fresh token.
      return { message: 'Password updated', token: `Bearer ${signToken(toUserDto(user))}` };
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

    /** The user behind a token, unless the token was issued (iat, in seconds) before the last password change. */
    async getSessionUser(id: string, issuedAtSeconds: number): Promise<UserDto | undefined> {
      const row = await users.findById(db, id);
      if (!row) return undefined;
      if (row.password_changed_at !== null && issuedAtSeconds < Math.floor(row.password_changed_at / 1000)) return undefined;
      return toUserDto(row);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
