import { sql, type Kysely } from 'kysely';

/**
 * Versions that editors send back with a save, so a save over a change made meanwhile is refused
 * instead of silently replacing it: when a Welcome card's content and a group's game settings
 * (settings and time zone) last changed, epoch ms. Existing rows start at their creation time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('group_cards')
    .addColumn('updated_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update group_cards set updated_at = created_at`.execute(db);
  await db.schema
    .alterTable('groups')
    .addColumn('settings_updated_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await sql`update groups set settings_updated_at = created_at`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('groups').dropColumn('settings_updated_at').execute();
  await db.schema.alterTable('group_cards').dropColumn('updated_at').execute();
}
