import type { DiscordPostResult } from '../../integrations/discord-webhook';
import type { DeliveryRow } from './discord.repo';

/** How the Discord outbox retries a job Discord did not take. */
export interface RetryPolicy {
  /** Tries that failed for any reason but Discord's rate limit; the last one gives the job up. */
  maxAttempts: number;
  /** 429s a job may meet; the last one gives it up, so that no job waits on Discord forever. */
  maxRateLimits: number;
  /** Wait before the n-th retry. */
  backoff(attempts: number): number;
}

export type DiscordFailure = Extract<DiscordPostResult, { ok: false }>;

/**
 * Whether Discord turned the call back with 429. Both Discord clients name a 429's wait as
 * `retryAfterMs` (undefined when Discord gave none), and no other outcome of theirs carries it.
 */
export const isRateLimited = (failure: DiscordFailure): boolean => failure.retry && 'retryAfterMs' in failure;

export interface Retry {
  /** When the job is tried again (or, given up, when it would have been). */
  nextAttemptAt: number;
  /** Set: the job is given up. */
  failedAt: number | null;
  /** A 429: the attempt its claim counted is given back, and a rate limit counted instead. */
  rateLimited: boolean;
}

/**
 * What becomes of a claimed job (`row` as claimed: its attempts count this one) that Discord did not
 * take. A 429 is waited out as Discord says and spends no attempt, so a burst of them (a deleted
 * group's hundreds of posts) gives nothing up; `maxRateLimits` of them do.
 */
export function retryAfterFailure(
  row: Pick<DeliveryRow, 'attempts' | 'rate_limits'>,
  failure: DiscordFailure,
  policy: RetryPolicy,
  now: number,
): Retry {
  if (isRateLimited(failure)) {
    const rateLimits = row.rate_limits + 1;
    const wait = failure.retry && failure.retryAfterMs !== undefined ? failure.retryAfterMs : policy.backoff(rateLimits);
    return { nextAttemptAt: now + wait, failedAt: rateLimits >= policy.maxRateLimits ? now : null, rateLimited: true };
  }
  const giveUp = !failure.retry || row.attempts >= policy.maxAttempts;
  return { nextAttemptAt: now + policy.backoff(row.attempts), failedAt: giveUp ? now : null, rateLimited: false };
}
