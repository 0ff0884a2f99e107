import type { Kysely } from 'kysely';

/**
 * RuneScape clans: the in-game account each member links in a clan, the hiscores players those
 * accounts point at (one row per name and game mode, refreshed by the background job), their
 * snapshots, and the lease that makes one instance the refresher. Times epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runescape_players')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The name as Jagex matches it: lower case, spaces, `_` and `-` alike.
    .addColumn('player_key', 'text', (c) => c.notNull())
    .addColumn('game_mode', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('last_checked_at', 'bigint')
    .addColumn('refresh_due_at', 'bigint', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latest_snapshot_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('runescape_players_key_idx').on('runescape_players').columns(['game_mode', 'player_key']).unique().execute();
  // The refresh job's query: players due, oldest first.
  await db.schema.createIndex('runescape_players_due_idx').on('runescape_players').columns(['refresh_due_at', 'id']).execute();

  await db.schema
    .createTable('runescape_accounts')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('player_id', 'text', (c) => c.notNull().references('runescape_players.id'))
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('runescape_accounts_pk', ['group_id', 'user_id'])
    .execute();
  // One account is linked by one member of a clan; the job finds the players still linked.
  await db.schema.createIndex('runescape_accounts_player_idx').on('runescape_accounts').columns(['player_id', 'group_id']).unique().execute();
  await db.schema.createIndex('runescape_accounts_user_idx').on('runescape_accounts').column('user_id').execute();

  await db.schema
    .createTable('runescape_snapshots')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('player_id', 'text', (c) => c.notNull().references('runescape_players.id').onDelete('cascade'))
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('overall_xp', 'bigint')
    // JSON text: every skill line ({name, rank, level, xp}) and activity line ({name, rank, score}) as sent.
    .addColumn('data', 'text', (c) => c.notNull())
    .execute();
  // A player's history in time order, and the snapshot in force at a period's start.
  await db.schema.createIndex('runescape_snapshots_player_idx').on('runescape_snapshots').columns(['player_id', 'taken_at']).execute();

  await db.schema
    .createTable('runescape_job_lease')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('runescape_job_lease' as never).values({ name: 'refresh', holder: null, lease_until: 0 } as never).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('runescape_job_lease').execute();
  await db.schema.dropTable('runescape_snapshots').execute();
  await db.schema.dropTable('runescape_accounts').execute();
  await db.schema.dropTable('runescape_players').execute();
}
