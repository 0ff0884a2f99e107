import type { Kysely } from 'kysely';

/** When the password last changed: tokens issued before it stop working. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('password_changed_at', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('password_changed_at').execute();
}
