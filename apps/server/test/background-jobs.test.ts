import { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import { createBackgroundJob, createLease, onceEvery } from '../src/lib/background-job';
import { createTestApp, memoryMailer, testClock, type TestApp } from './test-app';

// The loop every polling job runs on, and what each job costs when it has nothing to do.

const MINUTE = 60_000;
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A promise the test settles by hand. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** A job whose passes the test ends one by one; it records how many run at once. */
function gatedJob(options: { whileRunning?: 'join' | 'again' } = {}) {
  const gates: ReturnType<typeof deferred<number>>[] = [];
  let inFlight = 0;
  const seen = { passes: 0, maxInFlight: 0 };
  const errors: unknown[] = [];
  const job = createBackgroundJob({
    run: async () => {
      seen.passes += 1;
      inFlight += 1;
      seen.maxInFlight = Math.max(seen.maxInFlight, inFlight);
      const gate = deferred<number>();
      gates.push(gate);
      try {
        return await gate.promise;
      } finally {
        inFlight -= 1;
      }
    },
    log: { error: (fields: { err: unknown }) => void errors.push(fields.err) },
    failureMessage: 'test job failed',
    random: () => 0.5,
    ...options,
  });
  return { job, gates, seen, errors };
}

describe('the background job loop', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('a tick asked for while one runs gets that one; passes never overlap', async () => {
    const { job, gates, seen } = gatedJob();
    const first = job.tick();
    const second = job.tick();
    expect(second).toBe(first);
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    gates[0]!.resolve(7);
    expect(await second).toBe(7);
    const third = job.tick();
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[1]!.resolve(8);
    expect(await third).toBe(8);
    expect(seen).toEqual({ passes: 2, maxInFlight: 1 });
  });

  it("'again': a tick asked for while one runs makes it run once more, after it", async () => {
    const { job, gates, seen } = gatedJob({ whileRunning: 'again' });
    const first = job.tick();
    await vi.waitFor(() => expect(gates).toHaveLength(1));
    void job.tick();
    void job.tick();
    gates[0]!.resolve(1);
    await vi.waitFor(() => expect(gates).toHaveLength(2));
    gates[1]!.resolve(2);
    expect(await first).toBe(2);
    expect(seen).toEqual({ passes: 2, maxInFlight: 1 });
  });

  it('stop() waits for the tick in progress, then ticks no more', async () => {
    vi.useFakeTimers();
    const { job, gates, seen } = gatedJob();
    job.start(1000);
    await vi.advanceTimersByTimeAsync(100);
    expect(gates).toHaveLength(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    gates[0]!.resolve(1);
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.passes).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the timer never starts a tick while one runs, and the next wait starts when it ends', async () => {
    vi.useFakeTimers();
    const { job, gates, seen } = gatedJob();
    job.start(1000);
    await vi.advanceTimersByTimeAsync(100);
    expect(gates).toHaveLength(1);
    // A pass far longer than the interval: no second one meanwhile.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(seen.passes).toBe(1);
    gates[0]!.resolve(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.passes).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual({ passes: 2, maxInFlight: 1 });
    const stopping = job.stop();
    gates[1]!.resolve(2);
    await stopping;
  });

  it('an error in a tick is logged and the loop goes on', async () => {
    vi.useFakeTimers();
    const { job, gates, seen, errors } = gatedJob();
    job.start(1000);
    await vi.advanceTimersByTimeAsync(100);
    gates[0]!.reject(new Error('database gone'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(errors.map((e) => (e as Error).message)).toEqual(['database gone']);
    expect(seen.passes).toBe(2);
    gates[1]!.resolve(2);
    await job.stop();
  });

  it('its timers never keep the process alive', () => {
    vi.useFakeTimers();
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const { job } = gatedJob();
    job.start(1000);
    const timer = setTimeoutSpy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    void job.stop();
  });

  it('waits are the interval give or take the jitter; the first tick comes within the jitter', async () => {
    vi.useFakeTimers();
    const delays: number[] = [];
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    const draws = [0, 1, 0, 0.5];
    const job = createBackgroundJob({
      run: async () => undefined,
      log: silentLog,
      failureMessage: 'test job failed',
      random: () => draws.shift() ?? 0.5,
    });
    job.start(1000);
    for (let i = 0; i < 4; i += 1) await vi.advanceTimersByTimeAsync(1100);
    await job.stop();
    for (const call of setTimeoutSpy.mock.calls) delays.push(call[1]!);
    expect(delays.slice(0, 4)).toEqual([0, 1100, 900, 1000]);
  });

  it('a lease is written again only once half of it has run out, and given up on stop', async () => {
    const clock = testClock();
    const claims: number[] = [];
    let holder: string | null = null;
    const lease = createLease({
      row: {
        claim: async (who, now, until) => {
          claims.push(now);
          if (holder && holder !== who) return false;
          holder = who;
          return until > now;
        },
        release: async (who) => void (holder === who && (holder = null)),
      },
      holder: 'me',
      clock,
      leaseMs: 3 * MINUTE,
    });
    expect(await lease.hold()).toBe(true);
    clock.advance(MINUTE);
    expect(await lease.hold()).toBe(true);
    expect(claims).toHaveLength(1);
    clock.advance(MINUTE);
    expect(await lease.hold()).toBe(true);
    expect(claims).toHaveLength(2);
    expect(await lease.renew()).toBe(true);
    expect(claims).toHaveLength(3);
    const job = createBackgroundJob({ run: async () => undefined, log: silentLog, failureMessage: 'x', lease });
    await job.stop();
    expect(holder).toBeNull();
    // Lost: asked again on each call until it is back.
    holder = 'someone else';
    clock.advance(2 * MINUTE);
    expect(await lease.hold()).toBe(false);
    expect(await lease.hold()).toBe(false);
    expect(claims).toHaveLength(5);
  });

  it('onceEvery is true on the first call, then once per period', () => {
    const clock = testClock();
    const due = onceEvery(clock, MINUTE);
    expect([due(), due()]).toEqual([true, false]);
    clock.advance(MINUTE - 1);
    expect(due()).toBe(false);
    clock.advance(1);
    expect([due(), due()]).toEqual([true, false]);
  });
});

describe('an idle tick of each job', () => {
  const measured = new AsyncLocalStorage<string[]>();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      onQuery: (query) => measured.getStore()?.push(query.sql),
      discordDelivery: { pollMs: 3_600_000 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The statements of `ticks` idle ticks after a first one, the clock moving `everyMs` before each. */
  async function idleQueries(tick: () => Promise<unknown>, everyMs: number, ticks = 12): Promise<string[]> {
    await tick();
    const seen: string[] = [];
    for (let i = 0; i < ticks; i += 1) {
      t.clock.advance(everyMs);
      await measured.run(seen, tick);
    }
    return seen;
  }

  it('event mails: three indexed queries (due reminders, due minimum checks, due mails); pruning once an hour', async () => {
    const job = createEventMailJob({ db: t.database.db, clock: t.clock, mailer: memoryMailer(), log: silentLog, publicUrl: 'http://smm.test' });
    const seen = await idleQueries(() => job.tick(), 20_000);
    expect(seen.filter((q) => q.startsWith('delete'))).toEqual([]);
    expect(seen.filter((q) => q.includes('"quorum_check_at" <='))).toHaveLength(12);
    expect(seen).toHaveLength(3 * 12);
  });

  it('Discord deliveries: one claim of due posts', async () => {
    const seen = await idleQueries(() => t.app.discordDeliveries.tick(), 5000);
    expect(seen).toHaveLength(12);
    expect(seen.every((q) => q.startsWith('update "discord_deliveries"'))).toBe(true);
  });

  it('RuneScape refresh: one look for due players, and the lease written every other tick', async () => {
    const seen = await idleQueries(() => t.app.runescapeRefresh.tick(), MINUTE);
    expect(seen.filter((q) => q.includes('from "runescape_players"'))).toHaveLength(12);
    expect(seen.filter((q) => q.includes('"runescape_job_lease"'))).toHaveLength(6);
  });
});
