import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { AppError } from '../../errors';
import * as repo from './throttle.repo';
import type { Counter } from './throttle.repo';

export type { Counter } from './throttle.repo';

export interface Limit {
  max: number;
  windowMs: number;
}

const DEFAULT_MESSAGE = 'Too many attempts, please try again later';

/** A 429 that knows when the client may try again; the security plugin sends it as Retry-After. */
export class ThrottledError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

/**
 * Fixed-window counters kept in the database, so every server instance sees the same count.
 * Used for login and password reset (per client address, per account, per both) and for the
 * per-user limits on calls to outside services.
 */
export function createThrottle(db: Db, clock: Clock) {
  /** A 429 lasting until the earliest of these windows ends: the first moment the answer may change. */
  const refusal = (counters: Counter[], message = DEFAULT_MESSAGE) => {
    const until = Math.min(...counters.map((counter) => counter.resetAt));
    return new ThrottledError(message, Math.max(1, Math.ceil((until - clock.now()) / 1000)));
  };

  return {
    /** Counts a hit without refusing; the caller decides from the returned counter. */
    hit: (key: string, limit: Limit): Promise<Counter> => repo.hit(db, key, clock.now(), limit.windowMs),
    /** The counter of `key` in an unexpired window, without counting; undefined when there is none. */
    peek: (key: string): Promise<Counter | undefined> => repo.peek(db, key, clock.now()),
    /** Refuses with 429 when `key` already reached `limit` in its window. */
    async assertUnder(key: string, limit: Limit, message?: string): Promise<void> {
      const counter = await repo.peek(db, key, clock.now());
      if (counter && counter.count >= limit.max) throw refusal([counter], message);
    },
    /**
     * Counts a hit (of `weight`: several things made by one request) and refuses with 429 (and when
     * to retry) once the window would hold more than `limit.max`. A refused hit is taken back, so a
     * request too big for what is left of the window never counts against the smaller ones after it.
     */
    async consume(key: string, limit: Limit, message?: string, weight = 1): Promise<Counter> {
      const counter = await repo.hit(db, key, clock.now(), limit.windowMs, weight);
      if (counter.count > limit.max) {
        await repo.refund(db, key, weight);
        throw refusal([counter], message);
      }
      return counter;
    },
    /**
     * Counts a hit inside the caller's transaction `tx` and refuses with 429 once the window holds
     * more than `limit.max`. The refusal, like any other failure of the transaction, rolls the hit
     * back with it: only changes that went through are counted, at the cost of one statement.
     */
    async consumeIn(tx: Db, key: string, limit: Limit, message?: string): Promise<Counter> {
      const counter = await repo.hit(tx, key, clock.now(), limit.windowMs);
      if (counter.count > limit.max) throw refusal([counter], message);
      return counter;
    },
    /** The 429 for a refusal that holds until one of these counters' windows ends. */
    refusal,
    /** Takes back one hit of an attempt that turned out legitimate. */
    refund: (key: string) => repo.refund(db, key),
    reset: (key: string) => repo.clear(db, key),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
