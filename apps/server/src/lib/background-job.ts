import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';

/** The database side of a lease: one row that names its holder and how long the holder keeps it. */
export interface LeaseRow {
  /** Takes or renews the lease for `holder` until `until`; true when `holder` has it. */
  claim(holder: string, now: number, until: number): Promise<boolean>;
  /** Gives the lease up, so another instance takes over at once. */
  release(holder: string): Promise<void>;
}

export interface Lease {
  readonly holder: string;
  /**
   * True while this instance holds the lease. A held lease is written again only once half of it
   * has run out, so a leader with nothing to do does not write the row on every tick.
   */
  hold(): Promise<boolean>;
  /** Renews the lease now (one write); false when another instance has it. */
  renew(): Promise<boolean>;
  release(): Promise<void>;
}

/** A lease of `leaseMs` on `row` for `holder`; a holder that stops renewing loses it after that. */
export function createLease({ row, holder, clock, leaseMs }: { row: LeaseRow; holder: string; clock: Clock; leaseMs: number }): Lease {
  let heldUntil = 0;

  async function renew(): Promise<boolean> {
    const now = clock.now();
    const until = now + leaseMs;
    const held = await row.claim(holder, now, until);
    heldUntil = held ? until : 0;
    return held;
  }

  return {
    holder,
    renew,
    hold: () => (heldUntil - clock.now() > leaseMs / 2 ? Promise.resolve(true) : renew()),
    async release() {
      heldUntil = 0;
      await row.release(holder);
    },
  };
}

/** True at most once per `everyMs` of the clock (and on the first call): for upkeep a job need not do on every tick. */
export function onceEvery(clock: Clock, everyMs: number): () => boolean {
  let next = Number.NEGATIVE_INFINITY;
  return () => {
    const now = clock.now();
    if (now < next) return false;
    next = now + everyMs;
    return true;
  };
}

export interface BackgroundJobOptions<T> {
  /** One pass of the job. */
  run: () => Promise<T>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The log message of a failed tick of the timer. */
  failureMessage: string;
  /**
   * A tick asked for while one runs: 'join' answers with the running one; 'again' makes the running
   * one run once more when it is done (something new came up meanwhile), and answers with that.
   */
  whileRunning?: 'join' | 'again';
  /** The first tick of start(): within the jitter of the start ('soon') or after a whole interval ('later'). */
  firstTick?: 'soon' | 'later';
  /** Each wait is the interval give or take this share of it, so jobs started together drift apart. */
  jitter?: number;
  /** Given up (after the tick in progress) on stop. */
  lease?: Lease;
  random?: () => number;
}

export interface BackgroundJob<T> {
  /** One pass now; passes never overlap. */
  tick(): Promise<T>;
  /** Ticks about every `intervalMs` until stop(), the next wait starting when a tick ends; a failed tick is logged and the next one tries again. */
  start(intervalMs: number): void;
  /** Stops ticking, waits for a tick in progress and gives the lease up. */
  stop(): Promise<void>;
}

/**
 * The loop of a polling job: one tick at a time, on unref'd timers (a job never keeps the process
 * alive), a little apart from the other jobs, and a stop that lets the database close after it.
 */
export function createBackgroundJob<T>({
  run,
  log,
  failureMessage,
  whileRunning = 'join',
  firstTick = 'soon',
  jitter = 0.1,
  lease,
  random = Math.random,
}: BackgroundJobOptions<T>): BackgroundJob<T> {
  let running: Promise<T> | undefined;
  let again = false;
  // One object per start(): a tick that ends after stop() (or after a new start) schedules nothing.
  let loop: { timer?: NodeJS.Timeout } | undefined;

  function tick(): Promise<T> {
    if (running) {
      if (whileRunning === 'again') again = true;
      return running;
    }
    running = (async () => {
      let result: T;
      do {
        again = false;
        result = await run();
      } while (again);
      return result;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule(current: { timer?: NodeJS.Timeout }, delayMs: number, intervalMs: number): void {
    current.timer = setTimeout(() => {
      void tick()
        .catch((error: unknown) => log.error({ err: error }, failureMessage))
        .finally(() => {
          if (loop === current) schedule(current, intervalMs * (1 + jitter * (2 * random() - 1)), intervalMs);
        });
    }, delayMs);
    current.timer.unref();
  }

  return {
    tick,
    start(intervalMs) {
      if (loop) return;
      loop = {};
      const firstMs = firstTick === 'soon' ? intervalMs * jitter * random() : intervalMs * (1 + jitter * (2 * random() - 1));
      schedule(loop, firstMs, intervalMs);
    },
    async stop() {
      clearTimeout(loop?.timer);
      loop = undefined;
      await running?.catch(() => undefined);
      await lease?.release().catch(() => undefined);
    },
  };
}
