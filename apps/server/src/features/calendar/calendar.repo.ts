import type { Db } from '../../db/schema';
import type { CalendarFeedsTable } from './calendar.tables';

export const findByUser = (db: Db, userId: string): Promise<CalendarFeedsTable | undefined> =>
  db.selectFrom('calendar_feeds').selectAll().where('user_id', '=', userId).executeTakeFirst();

/** The feed's owner with what the feed shows of them. */
export const findOwnerByTokenHash = (db: Db, tokenHash: string) =>
  db
    .selectFrom('calendar_feeds')
    .innerJoin('users', 'users.id', 'calendar_feeds.user_id')
    .select(['users.id', 'users.username'])
    .where('calendar_feeds.token_hash', '=', tokenHash)
    .executeTakeFirst();

/** Sets the user's one feed token, replacing (and so revoking) any earlier one. */
export async function upsert(db: Db, row: CalendarFeedsTable): Promise<void> {
  await db
    .insertInto('calendar_feeds')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: row.token_hash, created_at: row.created_at }))
    .execute();
}

export async function deleteByUser(db: Db, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('calendar_feeds').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
