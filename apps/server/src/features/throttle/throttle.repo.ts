import { sql } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';

/** A counter's state: hits in the current window, and when the window ends (epoch ms). */
export interface Counter {
  count: number;
  resetAt: number;
}

// PostgreSQL returns bigint columns as strings.
const toCounter = (row: { count: number | string; reset_at: number | string }): Counter => ({
  count: Number(row.count),
  resetAt: Number(row.reset_at),
});

// Counted on every login, reset request and sign-up change: compiled once.
const counted = precompiled<{ count: number | string; reset_at: number | string }>(4, (db, key, now, resetAt, weight) =>
  db
    .insertInto('throttle')
    .values({ key, count: sql<number>`${weight}`, reset_at: sql<number>`${resetAt}` })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when throttle.reset_at <= ${now} then ${weight} else throttle.count + ${weight} end`,
        reset_at: sql`case when throttle.reset_at <= ${now} then ${resetAt} else throttle.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at']),
);

/** Counts a hit (of `weight`, one unless said) against `key` in a fixed window; returns the counter after this hit. */
export async function hit(db: Db, key: string, now: number, windowMs: number, weight = 1): Promise<Counter> {
  const row = await counted.first(db, key, now, now + windowMs, weight);
  if (!row) throw new Error(`The throttle counter ${key} was not written`);
  return toCounter(row);
}

/** The counter in an unexpired window, without counting a hit; undefined when there is none. */
export async function peek(db: Db, key: string, now: number): Promise<Counter | undefined> {
  const row = await db
    .selectFrom('throttle')
    .select(['count', 'reset_at'])
    .where('key', '=', key)
    .where('reset_at', '>', now)
    .executeTakeFirst();
  return row && toCounter(row);
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}

/** Takes back `weight` hits (an attempt that turned out legitimate, or one refused), never below zero. */
export async function refund(db: Db, key: string, weight = 1): Promise<void> {
  await db
    .updateTable('throttle')
    .set({ count: sql`case when count > ${weight} then count - ${weight} else 0 end` })
    .where('key', '=', key)
    .where('count', '>', 0)
    .execute();
}
