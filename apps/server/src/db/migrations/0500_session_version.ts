import type { Kysely } from 'kysely';

/**
 * Each user's session version, carried in every token as `sv` and raised by every password
 * change and reset: a token with an older version is refused, whenever in the second it was issued.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('session_version').execute();
}
