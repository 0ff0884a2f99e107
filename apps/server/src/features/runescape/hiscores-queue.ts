import type { HiscoresAnswer, OsrsHiscoresClient } from '../../integrations/osrs-hiscores';
import { UpstreamError } from '../../integrations/upstream';

export interface HiscoresQueueOptions {
  /** Requests in flight at once; Jagex blocks bulk callers, so one or two. */
  concurrency: number;
  /** First pause after a failure; doubled for each failure in a row, up to backoffMaxMs. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How the queue waits out a pause (tests pass one they control). */
  sleep?: (ms: number) => Promise<void>;
}

export const defaultHiscoresQueue: HiscoresQueueOptions = { concurrency: 2, backoffBaseMs: 5_000, backoffMaxMs: 5 * 60_000 };

/** Who asked: a person waiting on a page goes first and is never held by a pause. */
export type QueuePriority = 'interactive' | 'background';

interface Task {
  priority: QueuePriority;
  run: () => Promise<void>;
}

const realSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/** Failures that say the hiscores are overloaded or down, rather than that the answer was odd. */
const isOverload = (error: unknown) =>
  error instanceof UpstreamError &&
  (error.kind === 'timeout' || error.kind === 'unreachable' || (error.kind === 'status' && (error.status === 429 || (error.status ?? 0) >= 500)));

/**
 * The one way this process reaches the hiscores: at most `concurrency` requests at a time, people
 * before the background refresh, and after a timeout or an overload answer the background work
 * pauses (exponentially longer while failures go on) so a struggling service is not hammered.
 */
export function createHiscoresQueue(hiscores: OsrsHiscoresClient, options: HiscoresQueueOptions) {
  const sleep = options.sleep ?? realSleep;
  const waiting: Task[] = [];
  let active = 0;
  let failuresInARow = 0;
  let pause: Promise<void> | null = null;

  function next(): Task | undefined {
    const interactive = waiting.findIndex((task) => task.priority === 'interactive');
    if (interactive >= 0) return waiting.splice(interactive, 1)[0];
    return pause ? undefined : waiting.shift();
  }

  function pump() {
    while (active < options.concurrency) {
      const task = next();
      if (!task) return;
      active += 1;
      void task.run().finally(() => {
        active -= 1;
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
    /** The player's answer on a table, or null when the table does not know the player. */
    lookup(table: string, playerName: string, priority: QueuePriority): Promise<HiscoresAnswer | null> {
      return new Promise((resolve, reject) => {
        waiting.push({
          priority,
          run: () =>
            hiscores.lookup(table, playerName).then(
              (answer) => {
                failuresInARow = 0;
                resolve(answer);
              },
              (error: unknown) => {
                if (isOverload(error)) backOff();
                reject(error);
              },
            ),
        });
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
