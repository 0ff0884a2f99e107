import type { Kysely } from 'kysely';

/**
 * A group's games lists count and page their games from the index alone: the two list indexes
 * carry `deleted_at` as their last column, so "not deleted" is checked in the index. Before, the
 * active list's count read every game of the group from the table (the planner took the
 * group-and-deleted index), and the finished list's count read each finished game's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('civ_games_active_idx').execute();
  await db.schema
    .createIndex('civ_games_active_idx')
    .on('civ_games')
    .columns(['group_id', 'finished_at', 'created_at', 'id', 'deleted_at'])
    .execute();
  await db.schema.dropIndex('civ_games_finished_idx').execute();
  await db.schema
    .createIndex('civ_games_finished_idx')
    .on('civ_games')
    .columns(['group_id', 'game_type', 'finished_at', 'id', 'deleted_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('civ_games_active_idx').execute();
  await db.schema.createIndex('civ_games_active_idx').on('civ_games').columns(['group_id', 'finished_at', 'created_at', 'id']).execute();
  await db.schema.dropIndex('civ_games_finished_idx').execute();
  await db.schema.createIndex('civ_games_finished_idx').on('civ_games').columns(['group_id', 'game_type', 'finished_at', 'id']).execute();
}
