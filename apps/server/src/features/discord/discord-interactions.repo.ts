import type { Db } from '../../db/schema';
import type { DiscordInteractionsTable } from './discord-app.tables';

/**
 * Remembers an interaction as handled until `expiresAt`; false when its id was remembered already, by
 * this instance or another (the id is the key: of two inserting it at once, one wins).
 */
export async function rememberInteraction(db: Db, id: string, expiresAt: number): Promise<boolean> {
  const row: DiscordInteractionsTable = { id, expires_at: expiresAt };
  const inserted = await db
    .insertInto('discord_interactions')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .execute();
  return inserted.length === 1;
}

/** Forgets at most `limit` interactions past their expiry, oldest first; how many it forgot. */
export async function forgetExpiredInteractions(db: Db, now: number, limit: number): Promise<number> {
  const forgotten = await db
    .deleteFrom('discord_interactions')
    .where('id', 'in', (eb) =>
      eb.selectFrom('discord_interactions').select('id').where('expires_at', '<', now).orderBy('expires_at').limit(limit),
    )
    .executeTakeFirst();
  return Number(forgotten.numDeletedRows);
}
