import type { Kysely } from 'kysely';

/**
 * Civilization games with their members' civ choices, comments, personal notes and the skill
 * ratings derived from finished games. Times epoch ms, booleans 0/1, lists JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('civ_games')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('host', 'text')
    .addColumn('lobby_link', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    // The winning userID (ffa) or team number (team), as text.
    .addColumn('winner', 'text')
    .addColumn('victory_type', 'text')
    .addColumn('map', 'text')
    .addColumn('banned_leaders', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('anonymous_mode', 'integer', (c) => c.notNull())
    .addColumn('draft_mode', 'integer', (c) => c.notNull())
    .addColumn('num_civ', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .execute();
  // Active games newest first, and finished games of one type newest first, page by page.
  await db.schema.createIndex('civ_games_active_idx').on('civ_games').columns(['group_id', 'finished_at', 'created_at', 'id']).execute();
  await db.schema.createIndex('civ_games_finished_idx').on('civ_games').columns(['group_id', 'game_type', 'finished_at', 'id']).execute();

  await db.schema
    .createTable('civ_game_members')
    .addColumn('game_id', 'text', (c) => c.notNull().references('civ_games.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('team', 'integer')
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('civ_choices', 'text', (c) => c.notNull())
    // Set when the game is finished: this member won (alone, or with their team).
    .addColumn('won', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('civ_game_members_pk', ['game_id', 'user_id'])
    .execute();
  // A member's games, for the Members filter and for deleting users.
  await db.schema.createIndex('civ_game_members_user_idx').on('civ_game_members').columns(['user_id', 'game_id']).execute();

  // An event's drafted game is cleared when the game is deleted.
  await db.schema.createIndex('events_draft_game_idx').on('events').column('draft_game_id').execute();

  // Derived from the finished games (counts by the rankings aggregate query, ratings by openskill over
  // the history), kept up to date on every finish, edit and delete, so reading rankings is one small read.
  await db.schema
    .createTable('civ_ratings')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mu', 'double precision', (c) => c.notNull())
    .addColumn('sigma', 'double precision', (c) => c.notNull())
    .addColumn('games_played', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('science', 'integer', (c) => c.notNull())
    .addColumn('diplomatic', 'integer', (c) => c.notNull())
    .addColumn('domination', 'integer', (c) => c.notNull())
    .addColumn('religion', 'integer', (c) => c.notNull())
    .addColumn('culture', 'integer', (c) => c.notNull())
    .addColumn('territorial', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_ratings_pk', ['group_id', 'game_type', 'user_id'])
    .execute();
  await db.schema.createIndex('civ_ratings_user_idx').on('civ_ratings').column('user_id').execute();

  await db.schema
    .createTable('civ_comments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('game_id', 'text', (c) => c.notNull().references('civ_games.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('civ_comments_game_idx').on('civ_comments').columns(['game_id', 'created_at']).execute();
  await db.schema.createIndex('civ_comments_user_idx').on('civ_comments').column('user_id').execute();

  await db.schema
    .createTable('civ_notes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (c) => c.notNull().references('civ_games.id').onDelete('cascade'))
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_notes_pk', ['user_id', 'game_id'])
    .execute();
  await db.schema.createIndex('civ_notes_game_idx').on('civ_notes').column('game_id').execute();

  await db.schema
    .createTable('civ_player_relationships')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (c) => c.notNull().references('civ_games.id').onDelete('cascade'))
    .addColumn('other_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('relationship', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_player_relationships_pk', ['user_id', 'game_id', 'other_user_id'])
    .execute();
  await db.schema.createIndex('civ_player_relationships_game_idx').on('civ_player_relationships').column('game_id').execute();
  await db.schema.createIndex('civ_player_relationships_other_idx').on('civ_player_relationships').column('other_user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['civ_player_relationships', 'civ_notes', 'civ_comments', 'civ_ratings', 'civ_game_members', 'civ_games']) {
    await db.schema.dropTable(table).execute();
  }
}
