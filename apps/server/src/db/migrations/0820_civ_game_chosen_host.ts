import { sql, type Kysely } from 'kysely';

/**
 * The host a manager chose for a game (at its creation, or by naming another host), apart from the
 * lobby's host: when the host is eliminated the lobby passes to the first active player, as before,
 * but the right to record the game's results stays with the chosen host. Existing games start with
 * their current host.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('civ_games').addColumn('chosen_host', 'text').execute();
  await sql`update civ_games set chosen_host = host`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('civ_games').dropColumn('chosen_host').execute();
}
