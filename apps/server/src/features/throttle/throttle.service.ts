import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { tooManyRequests } from '../../errors';
import * as repo from './throttle.repo';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in the database, so every server instance sees the same count.
 * Used for login and password reset, which are limited per client IP and per account.
 */
export function createThrottle(db: Db, clock: Clock) {
  return {
    /** Refuses with 429 when `key` already reached `limit` in its window. */
    async assertUnder(key: string, limit: Limit): Promise<void> {
      if ((await repo.peek(db, key, clock.now())) >= limit.max) throw tooManyRequests();
    },
    /** Counts a hit and refuses with 429 once the window holds more than `limit.max`. */
    async consume(key: string, limit: Limit): Promise<void> {
      if ((await repo.hit(db, key, clock.now(), limit.windowMs)) > limit.max) throw tooManyRequests();
    },
    /** Takes back one hit of an attempt that turned out legitimate. */
    refund: (key: string) => repo.refund(db, key),
    reset: (key: string) => repo.clear(db, key),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;
