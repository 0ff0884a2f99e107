import type { Kysely } from 'kysely';

/**
 * Drafts the server deals and stores (a drafted game is created from one by its id), the packs of a
 * game each member owns, and notices to show a member on their next visit to Preferences.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('civ_drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('anonymous_mode', 'integer', (c) => c.notNull())
    // JSON: what was asked (numCiv, freeBans, bansRemovePicks, teamSplit, teamCount, eventID).
    .addColumn('options', 'text', (c) => c.notNull())
    // JSON: the DraftResult dealt (players with teams and civ choices, bans, map, settings, numCiv).
    .addColumn('result', 'text', (c) => c.notNull())
    // The game made from it; a draft makes one game.
    .addColumn('game_id', 'text')
    .execute();
  await db.schema.createIndex('civ_drafts_group_idx').on('civ_drafts').columns(['group_id', 'created_at']).execute();

  // Per user and Civilization game; no row: the member has not said, and is dealt from every pack.
  await db.schema
    .createTable('civ_owned_packs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_name', 'text', (c) => c.notNull())
    // JSON list of pack names ('Base Game' is always owned, listed or not).
    .addColumn('packs', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_owned_packs_pk', ['user_id', 'game_name'])
    .execute();

  await db.schema
    .createTable('civ_preference_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('civ_preference_notices_member_idx').on('civ_preference_notices').columns(['group_id', 'user_id']).execute();
  await db.schema.createIndex('civ_preference_notices_user_idx').on('civ_preference_notices').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['civ_preference_notices', 'civ_owned_packs', 'civ_drafts']) await db.schema.dropTable(table).execute();
}
