import type { Kysely } from 'kysely';
import { versionEveryTable } from '../table-versions';

/**
 * The interactions already handled, by Discord's id: a signed interaction replayed within the
 * signature's five minutes is answered without being acted on again, on whichever instance it
 * reaches (the id is the key: two instances inserting it at once, one wins). Ids are forgotten once
 * past `expires_at` (epoch ms), found through its index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discord_interactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discord_interactions_expires_idx').on('discord_interactions').column('expires_at').execute();
  await versionEveryTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discord_interactions').execute();
}
