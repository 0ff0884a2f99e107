import type { Db, PasswordResetsTable } from '../../db/schema';

export async function insert(db: Db, row: PasswordResetsTable): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

/**
 * Marks the unused, unexpired reset for this user and token hash as used, in one statement,
 * so two requests with the same token can never both succeed. Returns whether one was consumed.
 */
export async function consume(db: Db, userId: string, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Retires every outstanding reset of a user (after any password change). */
export async function retireAll(db: Db, userId: string, now: number): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
