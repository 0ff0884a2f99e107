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
/** A 429 of either Discord client: the only outcome of theirs that says whether the limit is global. */
export type RateLimitFailure = Extract<DiscordFailure, { global: boolean }>;

/** Whether Discord turned the call back with 429. */
export const isRateLimited = (failure: DiscordFailure): failure is RateLimitFailure => 'global' in failure;

/**
 * The longest wait of Discord's that is honoured: its limits last seconds, so a longer retry_after
 * is a bad answer and must not park a job (or, global, the whole outbox) for days.
 */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

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
 * take. A 429 is waited out as Discord says (at most `MAX_RETRY_AFTER_MS`) and spends no attempt, so a
 * burst of them (a deleted group's hundreds of posts) gives nothing up; `maxRateLimits` of them do.
 */
export function retryAfterFailure(
  row: Pick<DeliveryRow, 'attempts' | 'rate_limits'>,
  failure: DiscordFailure,
  policy: RetryPolicy,
  now: number,
): Retry {
  if (isRateLimited(failure)) {
    const rateLimits = row.rate_limits + 1;
    const wait = Math.min(failure.retryAfterMs ?? policy.backoff(rateLimits), MAX_RETRY_AFTER_MS);
    return { nextAttemptAt: now + wait, failedAt: rateLimits >= policy.maxRateLimits ? now : null, rateLimited: true };
  }
  const giveUp = !failure.retry || row.attempts >= policy.maxAttempts;
  return { nextAttemptAt: now + policy.backoff(row.attempts), failedAt: giveUp ? now : null, rateLimited: false };
}
