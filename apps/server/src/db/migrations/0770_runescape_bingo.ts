import type { Kysely } from 'kysely';

/**
 * RuneScape clan bingo: a clan's bingos with their board of tiles, teams and their members (with
 * each member's values at the start for the board's XP and kill-count tiles), the moderators who
 * decide claims, the claims with their re-encoded screenshots, the tiles each team has completed,
 * and the lease of the job that takes the start snapshots. Times epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runescape_bingos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    // JSON object: points for each complete row, column, diagonal and the whole board.
    .addColumn('bonuses', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // When every member's start snapshot was taken or marked failed; the last refresh during the bingo.
    .addColumn('start_done_at', 'bigint')
    .addColumn('refreshed_at', 'bigint')
    // When the final table was posted to Discord (at most once), then when nothing was left to do.
    .addColumn('posted_end_at', 'bigint')
    .addColumn('closed_at', 'bigint')
    .execute();
  // The clan's list.
  await db.schema.createIndex('runescape_bingos_group_idx').on('runescape_bingos').columns(['group_id', 'starts_at']).execute();
  // The job: bingos that have started and still have something to do.
  await db.schema.createIndex('runescape_bingos_open_idx').on('runescape_bingos').columns(['closed_at', 'starts_at']).execute();
  // A deleted user's bingos.
  await db.schema.createIndex('runescape_bingos_created_by_idx').on('runescape_bingos').columns(['created_by']).execute();

  await db.schema
    .createTable('runescape_bingo_tiles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bingo_id', 'text', (c) => c.notNull().references('runescape_bingos.id').onDelete('cascade'))
    // row * size + column.
    .addColumn('position', 'integer', (c) => c.notNull())
    // 'task' | 'xp' | 'kc'; xp and kc tiles have a metric id and a goal.
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('metric', 'text')
    .addColumn('goal', 'bigint')
    .addColumn('points', 'integer', (c) => c.notNull())
    .addUniqueConstraint('runescape_bingo_tiles_position_key', ['bingo_id', 'position'])
    .execute();

  await db.schema
    .createTable('runescape_bingo_teams')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bingo_id', 'text', (c) => c.notNull().references('runescape_bingos.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('runescape_bingo_teams_bingo_idx').on('runescape_bingo_teams').columns(['bingo_id', 'position']).execute();

  await db.schema
    .createTable('runescape_bingo_members')
    .addColumn('bingo_id', 'text', (c) => c.notNull().references('runescape_bingos.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('runescape_bingo_teams.id').onDelete('cascade'))
    // The account measured: the member's link at the start.
    .addColumn('player_id', 'text', (c) => c.references('runescape_players.id').onDelete('set null'))
    // 'pending' | 'taken' | 'failed', then when it was taken and each XP / kill-count metric's value (JSON).
    .addColumn('start_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('start_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_next_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('start_taken_at', 'bigint')
    .addColumn('start_values', 'text')
    .addPrimaryKeyConstraint('runescape_bingo_members_pk', ['bingo_id', 'user_id'])
    .execute();
  await db.schema.createIndex('runescape_bingo_members_team_idx').on('runescape_bingo_members').columns(['team_id']).execute();
  await db.schema.createIndex('runescape_bingo_members_user_idx').on('runescape_bingo_members').columns(['user_id']).execute();
  await db.schema.createIndex('runescape_bingo_members_player_idx').on('runescape_bingo_members').columns(['player_id']).execute();

  await db.schema
    .createTable('runescape_bingo_moderators')
    .addColumn('bingo_id', 'text', (c) => c.notNull().references('runescape_bingos.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('runescape_bingo_moderators_pk', ['bingo_id', 'user_id'])
    .execute();
  await db.schema.createIndex('runescape_bingo_moderators_user_idx').on('runescape_bingo_moderators').columns(['user_id']).execute();

  await db.schema
    .createTable('runescape_bingo_claims')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bingo_id', 'text', (c) => c.notNull().references('runescape_bingos.id').onDelete('cascade'))
    .addColumn('tile_id', 'text', (c) => c.notNull().references('runescape_bingo_tiles.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('runescape_bingo_teams.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text', (c) => c.notNull())
    // 'pending' | 'held' | 'accepted' | 'declined'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('proof_type', 'text', (c) => c.notNull())
    .addColumn('proof_width', 'integer', (c) => c.notNull())
    .addColumn('proof_height', 'integer', (c) => c.notNull())
    .execute();
  // The queue and a team's claims, newest first.
  await db.schema
    .createIndex('runescape_bingo_claims_bingo_idx')
    .on('runescape_bingo_claims')
    .columns(['bingo_id', 'created_at'])
    .execute();
  // A team's waiting claim for a tile.
  await db.schema
    .createIndex('runescape_bingo_claims_tile_idx')
    .on('runescape_bingo_claims')
    .columns(['tile_id', 'team_id', 'status'])
    .execute();
  await db.schema.createIndex('runescape_bingo_claims_team_idx').on('runescape_bingo_claims').columns(['team_id', 'created_at']).execute();
  await db.schema.createIndex('runescape_bingo_claims_user_idx').on('runescape_bingo_claims').columns(['user_id']).execute();
  await db.schema.createIndex('runescape_bingo_claims_decided_by_idx').on('runescape_bingo_claims').columns(['decided_by']).execute();

  // The re-encoded screenshot of a claim, base64, in the database so that every instance serves it.
  await db.schema
    .createTable('runescape_bingo_proofs')
    .addColumn('claim_id', 'text', (c) => c.primaryKey().references('runescape_bingo_claims.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();

  // The tiles each team has completed: by an accepted claim, or by its members' gains.
  await db.schema
    .createTable('runescape_bingo_completions')
    .addColumn('tile_id', 'text', (c) => c.notNull().references('runescape_bingo_tiles.id').onDelete('cascade'))
    .addColumn('team_id', 'text', (c) => c.notNull().references('runescape_bingo_teams.id').onDelete('cascade'))
    .addColumn('bingo_id', 'text', (c) => c.notNull().references('runescape_bingos.id').onDelete('cascade'))
    .addColumn('claim_id', 'text', (c) => c.references('runescape_bingo_claims.id').onDelete('set null'))
    .addColumn('completed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('runescape_bingo_completions_pk', ['tile_id', 'team_id'])
    .execute();
  await db.schema.createIndex('runescape_bingo_completions_bingo_idx').on('runescape_bingo_completions').columns(['bingo_id']).execute();
  await db.schema.createIndex('runescape_bingo_completions_team_idx').on('runescape_bingo_completions').columns(['team_id']).execute();
  await db.schema.createIndex('runescape_bingo_completions_claim_idx').on('runescape_bingo_completions').columns(['claim_id']).execute();

  await db
    .insertInto('runescape_job_lease' as never)
    .values({ name: 'bingo', holder: null, lease_until: 0 } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('runescape_job_lease' as never)
    .where('name' as never, '=', 'bingo' as never)
    .execute();
  for (const table of [
    'runescape_bingo_completions',
    'runescape_bingo_proofs',
    'runescape_bingo_claims',
    'runescape_bingo_moderators',
    'runescape_bingo_members',
    'runescape_bingo_teams',
    'runescape_bingo_tiles',
    'runescape_bingos',
  ])
    await db.schema.dropTable(table).execute();
}
