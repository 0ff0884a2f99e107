import type { Kysely } from 'kysely';

/**
 * Comments their authors can correct or take back: when one was last edited, and when and by whom
 * it was deleted (kept, hidden from the game, so the deletion can be undone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('civ_comments').addColumn('edited_at', 'bigint').execute();
  await db.schema.alterTable('civ_comments').addColumn('deleted_at', 'bigint').execute();
  await db.schema.alterTable('civ_comments').addColumn('deleted_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ['deleted_by', 'deleted_at', 'edited_at']) await db.schema.alterTable('civ_comments').dropColumn(column).execute();
}
