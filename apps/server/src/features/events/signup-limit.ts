import type { Db } from '../../db/schema';
import type { Limit, Throttle } from '../throttle/throttle.service';

/**
 * Each member's sign-up changes per hour: attending, leaving, answering, joining or leaving a
 * waitlist, on the site or through Discord's buttons. Each change reaches the whole group (its
 * live pages, its Discord post, a mail to whoever a freed seat goes to), so a script toggling a
 * sign-up cannot flood them; a member answering every event of a busy week stays far below it.
 */
export const SIGNUP_CHANGES_PER_HOUR = 240;
export const DEFAULT_SIGNUP_LIMIT: Limit = { max: SIGNUP_CHANGES_PER_HOUR, windowMs: 60 * 60_000 };

/** What the sign-up calls' descriptions in the API docs say of the limit this server runs with. */
export const signupLimitNote = (perHour: number) =>
  `Each member makes at most ${perHour} sign-up changes an hour, on the site and through Discord together (429 with Retry-After).`;

export const signupLimitMessage = (limit: Limit) =>
  `You can change your sign-ups at most ${limit.max} times an hour: wait a while and try again`;

/**
 * Counts one sign-up change of `userId` inside the change's own transaction: past the limit it
 * refuses with 429 and Retry-After, and a change refused for any reason is not counted.
 */
export function countSignupChange(tx: Db, throttle: Throttle, userId: string, limit: Limit): Promise<unknown> {
  return throttle.consumeIn(tx, `signups:${userId}`, limit, signupLimitMessage(limit));
}
