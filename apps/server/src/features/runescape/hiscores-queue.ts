import type { Clock } from '../../clock';
import { AppError } from '../../errors';
import type { HiscoresAnswer, OsrsHiscoresClient } from '../../integrations/osrs-hiscores';
import { UpstreamError } from '../../integrations/upstream';
import { ThrottledError } from '../throttle/throttle.service';

export interface HiscoresQueueOptions {
  /** Requests in flight at once; Jagex blocks bulk callers, so one or two. */
  concurrency: number;
  /** First pause after a failure; doubled for each failure in a row, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** Lookups one member may have waiting or in flight at once; one more is refused with 429. */
  perMember?: number;
  /** Lookups one clan's pages may have waiting or in flight at once. */
  perClan?: number;
  /** How long a person waits for an answer, queue included, before a 504. */
  deadlineMs?: number;
  /** How the queue waits out a pause (tests pass one they control). */
  sleep?: (ms: number) => Promise<void>;
}

/** Lookups in flight at once. */
export const HISCORES_CONCURRENCY = 2;
/** Lookups one member may have pending at once (a page asks for one; a few tabs for a few). */
export const HISCORES_PENDING_PER_MEMBER = 3;
/** Lookups one clan may have pending at once, whoever asked. */
export const HISCORES_PENDING_PER_CLAN = 6;
/** Nobody waits longer than this for one lookup, whatever else is queued: a quick 504 beats a long wait. */
export const HISCORES_DEADLINE_MS = 10_000;
/** A name whose lookup timed out is answered 504 at once for this long, without asking the hiscores again. */
export const REMEMBER_TIMEOUT_MS = 60_000;
/** Timed-out names remembered at most (the oldest go first). */
const REMEMBER_MAX = 2000;

export const defaultHiscoresQueue: HiscoresQueueOptions = {
  concurrency: HISCORES_CONCURRENCY,
  backoffBaseMs: 5_000,
  backoffMaxMs: 5 * 60_000,
  perMember: HISCORES_PENDING_PER_MEMBER,
  perClan: HISCORES_PENDING_PER_CLAN,
  deadlineMs: HISCORES_DEADLINE_MS,
};

export const HISCORES_SLOW_MESSAGE = 'The RuneScape hiscores are slow to answer right now. Try again in a minute.';
export const HISCORES_BUSY_MESSAGE = 'You already have several hiscores lookups waiting. Please wait for them before asking again.';
export const HISCORES_CLAN_BUSY_MESSAGE = 'This clan already has several hiscores lookups waiting. Please try again in a minute.';

/** A 504 that says when to try again (sent as Retry-After by the RuneScape routes). */
export class HiscoresSlowError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(504, message);
  }
}

/** Who asked: a person waiting on a page goes first and is never held by a pause. */
export type QueuePriority = 'interactive' | 'background';

export interface LookupRequest {
  priority: QueuePriority;
  /** The member waiting (interactive lookups): their lookups are capped and served in turn with others'. */
  memberId?: string;
  /** The clan whose page asked, if any: capped per clan. */
  clanId?: string;
  /** Overrides the queue's deadline (a clan Update waits for all its members' lookups). */
  deadlineMs?: number;
}

interface Task {
  priority: QueuePriority;
  memberId?: string;
  clanId?: string;
  run: () => Promise<void>;
  /** Removes the task's claims on the caps, once. */
  done: () => void;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** Failures that say the hiscores are overloaded or down, rather than that the answer was odd. */
const isOverload = (error: unknown) =>
  error instanceof UpstreamError &&
  (error.kind === 'timeout' ||
    error.kind === 'unreachable' ||
    (error.kind === 'status' && (error.status === 429 || (error.status ?? 0) >= 500)));

const increment = (counts: Map<string, number>, key: string | undefined, by: number) => {
  if (key === undefined) return;
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
};

/**
 * The one way this process reaches the hiscores: at most `concurrency` requests at a time, people
 * before the background refresh and served in turn (the member with the fewest lookups running
 * goes next), a few pending lookups per member and per clan (more is a 429), and a deadline on
 * each person's wait (a 504 with Retry-After rather than a long wait behind others). After a
 * timeout or an overload answer the background work pauses (exponentially longer while failures
 * go on) so a struggling service is not hammered.
 */
export function createHiscoresQueue(hiscores: OsrsHiscoresClient, options: HiscoresQueueOptions, clock: Clock) {
  const sleep = options.sleep ?? realSleep;
  const perMember = options.perMember ?? Number.POSITIVE_INFINITY;
  const perClan = options.perClan ?? Number.POSITIVE_INFINITY;
  const deadlineMs = options.deadlineMs ?? Number.POSITIVE_INFINITY;
  const retryAfterSeconds = Math.max(1, Math.ceil(Math.min(deadlineMs, 60_000) / 1000));
  const waiting: Task[] = [];
  const pendingOfMember = new Map<string, number>();
  const pendingOfClan = new Map<string, number>();
  const runningOfMember = new Map<string, number>();
  let active = 0;
  let failuresInARow = 0;
  let pause: Promise<void> | null = null;
  // Timed-out lookups by table (game and mode) and name: a silent upstream is not asked again,
  // and nobody queues behind it, for a minute. Kept even when the caller stopped waiting.
  const timedOut = new Map<string, number>();
  const nameKey = (table: string, playerName: string) => `${table}:${playerName.toLowerCase().replace(/[\s_-]+/g, ' ')}`;

  function rememberedTimeout(key: string): HiscoresSlowError | null {
    const until = timedOut.get(key);
    if (until === undefined) return null;
    const left = until - clock.now();
    if (left <= 0) {
      timedOut.delete(key);
      return null;
    }
    return new HiscoresSlowError(HISCORES_SLOW_MESSAGE, Math.max(1, Math.ceil(left / 1000)));
  }

  function rememberTimeout(key: string) {
    timedOut.delete(key);
    while (timedOut.size >= REMEMBER_MAX) timedOut.delete(timedOut.keys().next().value as string);
    timedOut.set(key, clock.now() + REMEMBER_TIMEOUT_MS);
  }

  function next(): Task | undefined {
    let best = -1;
    for (let i = 0; i < waiting.length; i += 1) {
      const task = waiting[i]!;
      if (task.priority !== 'interactive') continue;
      // Fair turns: a member with nothing running goes before one who already has a lookup out.
      if (best < 0 || (runningOfMember.get(task.memberId ?? '') ?? 0) < (runningOfMember.get(waiting[best]!.memberId ?? '') ?? 0)) best = i;
    }
    if (best >= 0) return waiting.splice(best, 1)[0];
    return pause ? undefined : waiting.shift();
  }

  function pump() {
    while (active < options.concurrency) {
      const task = next();
      if (!task) return;
      active += 1;
      increment(runningOfMember, task.memberId, 1);
      void task.run().finally(() => {
        active -= 1;
        increment(runningOfMember, task.memberId, -1);
        task.done();
        pump();
      });
    }
  }

  function backOff() {
    failuresInARow += 1;
    if (pause) return;
    const ms = Math.min(options.backoffMaxMs, options.backoffBaseMs * 2 ** (failuresInARow - 1));
    pause = sleep(ms).then(() => {
      pause = null;
      pump();
    });
  }

  return {
    /**
     * The player's answer on a table, or null when the table does not know the player. Refused at
     * once (429) past the member's or the clan's cap; rejected with a 504 once the deadline passes,
     * whether the lookup is still waiting (it is then dropped) or in flight (it finishes for the cache).
     */
    lookup(table: string, playerName: string, request: LookupRequest): Promise<HiscoresAnswer | null> {
      const { priority, memberId, clanId } = request;
      const key = nameKey(table, playerName);
      const remembered = rememberedTimeout(key);
      if (remembered) return Promise.reject(remembered);
      if (memberId !== undefined && (pendingOfMember.get(memberId) ?? 0) >= perMember) {
        return Promise.reject(new ThrottledError(HISCORES_BUSY_MESSAGE, retryAfterSeconds));
      }
      if (clanId !== undefined && (pendingOfClan.get(clanId) ?? 0) >= perClan) {
        return Promise.reject(new ThrottledError(HISCORES_CLAN_BUSY_MESSAGE, retryAfterSeconds));
      }
      increment(pendingOfMember, memberId, 1);
      increment(pendingOfClan, clanId, 1);
      let released = false;
      const done = () => {
        if (released) return;
        released = true;
        increment(pendingOfMember, memberId, -1);
        increment(pendingOfClan, clanId, -1);
      };
      return new Promise((resolve, reject) => {
        let settled = false;
        const finish = (settle: () => void) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          settle();
        };
        const task: Task = {
          priority,
          memberId,
          clanId,
          done,
          run: () =>
            hiscores.lookup(table, playerName).then(
              (answer) => {
                failuresInARow = 0;
                finish(() => resolve(answer));
              },
              (error: unknown) => {
                if (isOverload(error)) backOff();
                if (error instanceof UpstreamError && error.kind === 'timeout') rememberTimeout(key);
                finish(() => reject(error));
              },
            ),
        };
        const wait = request.deadlineMs ?? deadlineMs;
        const timer = Number.isFinite(wait)
          ? setTimeout(() => {
              const index = waiting.indexOf(task);
              if (index >= 0) {
                // Never started: it leaves the queue and frees its place at once.
                waiting.splice(index, 1);
                done();
              }
              finish(() => reject(new HiscoresSlowError(HISCORES_SLOW_MESSAGE, retryAfterSeconds)));
            }, wait)
          : undefined;
        timer?.unref();
        waiting.push(task);
        pump();
      });
    },
    /** Requests waiting for a slot. */
    get pending() {
      return waiting.length;
    },
  };
}
export type HiscoresQueue = ReturnType<typeof createHiscoresQueue>;
