import type { Kysely } from 'kysely';

/**
 * A game's result version: raised in the same transaction by every write that changes the result as
 * every member sees it (eliminations, teams, type, host, winner, victory type, placements, finishing,
 * reopening, an accepted proposal, deleting or restoring a finished game). A result dialog sends the
 * version it opened with, and a save over a newer result is refused instead of overwriting it.
 * Existing games start at 0: a dialog opened before this arrived sends no version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('civ_games')
    .addColumn('result_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('civ_games').dropColumn('result_version').execute();
}
