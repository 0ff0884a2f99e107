import type { Kysely } from 'kysely';

/**
 * A Discord sign-in's grant belongs to the browser that started the sign-in: its exchange for a
 * session needs that browser's secret, so a grant link passed to someone else signs nobody in.
 * Grants made before (two minutes at most) have none and can no longer be exchanged.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discord_login_grants').addColumn('browser_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discord_login_grants').dropColumn('browser_hash').execute();
}
