import type { Db } from '../../db/schema';
import { transactionWithChanges, type GroupChange, type GroupChanges } from '../live/group-changes';
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
 * The transaction a sign-up change of a member runs in, counted inside it once made: past the limit
 * it refuses with 429 and Retry-After and the change rolls back with it, and a change refused for
 * any other reason is not counted. Counted last, the member's counter row is locked (on PostgreSQL)
 * only from the count to the commit, so one member's changes to several events at once do not
 * queue behind each other's whole transactions. The group's live pages hear of the change once it
 * is committed.
 */
export function signupTransactions({ db, changes, throttle, limit }: SignupTransactionDeps) {
  return <T>(userId: string, change: (tx: Db, record: (change: GroupChange) => void) => Promise<T>): Promise<T> =>
    transactionWithChanges(db, changes, async (tx, record) => {
      const made = await change(tx, record);
      await throttle.consumeIn(tx, `signups:${userId}`, limit, signupLimitMessage(limit));
      return made;
    });
}

interface SignupTransactionDeps {
  db: Db;
  changes: GroupChanges;
  throttle: Throttle;
  limit: Limit;
}
