import { sql } from 'kysely';
import type { Db } from '../../db/schema';

/** Counts one hit against `key` in a fixed window; returns the count after this hit. */
export async function hit(db: Db, key: string, now: number, windowMs: number): Promise<number> {
  const row = await db
    .insertInto('throttle')
    .values({ key, count: 1, reset_at: now + windowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql`case when throttle.reset_at <= ${now} then 1 else throttle.count + 1 end`,
        reset_at: sql`case when throttle.reset_at <= ${now} then ${now + windowMs} else throttle.reset_at end`,
      }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The current count in an unexpired window, without counting a hit. */
export async function peek(db: Db, key: string, now: number): Promise<number> {
  const row = await db.selectFrom('throttle').select('count').where('key', '=', key).where('reset_at', '>', now).executeTakeFirst();
  return row ? Number(row.count) : 0;
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.deleteFrom('throttle').where('key', '=', key).execute();
}

/** Takes one hit back (an attempt that turned out legitimate), never below zero. */
export async function refund(db: Db, key: string): Promise<void> {
  await db.updateTable('throttle').set({ count: sql`count - 1` }).where('key', '=', key).where('count', '>', 0).execute();
}
