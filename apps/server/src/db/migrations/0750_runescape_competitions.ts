import type { Kysely } from 'kysely';

/**
 * RuneScape clan competitions: a clan's competitions, who takes part (with their team and the
 * values of each metric at the start and at the end), and the lease of the job that takes the
 * boundary snapshots. Times epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runescape_competitions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('ends_at', 'bigint', (c) => c.notNull())
    // JSON array of metric ids.
    .addColumn('metrics', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('participation', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.references('events.id').onDelete('set null'))
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // When the participants were fixed (at the start) and when every start / end snapshot was taken or marked failed.
    .addColumn('participants_fixed_at', 'bigint')
    .addColumn('start_done_at', 'bigint')
    .addColumn('end_done_at', 'bigint')
    // The last refresh of the participants during the competition.
    .addColumn('refreshed_at', 'bigint')
    // When each Discord post was queued (or skipped, too late to be of use); each at most once.
    .addColumn('posted_start_at', 'bigint')
    .addColumn('posted_day_at', 'bigint')
    .addColumn('posted_hour_at', 'bigint')
    .addColumn('posted_end_at', 'bigint')
    // When nothing was left to do (end snapshots and the end post): the job stops looking at it.
    .addColumn('closed_at', 'bigint')
    .execute();
  // The clan's list.
  await db.schema.createIndex('runescape_competitions_group_idx').on('runescape_competitions').columns(['group_id', 'starts_at']).execute();
  // The job: competitions that have started and still have something to do.
  await db.schema.createIndex('runescape_competitions_open_idx').on('runescape_competitions').columns(['closed_at', 'starts_at']).execute();
  // A deleted event's competitions.
  await db.schema.createIndex('runescape_competitions_event_idx').on('runescape_competitions').columns(['event_id']).execute();

  await db.schema
    .createTable('runescape_competition_participants')
    .addColumn('competition_id', 'text', (c) => c.notNull().references('runescape_competitions.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The account measured: the member's link when they joined or the competition started.
    .addColumn('player_id', 'text', (c) => c.references('runescape_players.id').onDelete('set null'))
    .addColumn('team', 'text')
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    // 'pending' | 'taken' | 'failed', then the snapshot, when it was taken, and each metric's value (JSON).
    .addColumn('start_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('start_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('start_next_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('start_taken_at', 'bigint')
    .addColumn('start_values', 'text')
    .addColumn('end_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('end_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('end_next_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('end_taken_at', 'bigint')
    .addColumn('end_values', 'text')
    .addPrimaryKeyConstraint('runescape_competition_participants_pk', ['competition_id', 'user_id'])
    .execute();
  // A deleted user's or player's rows.
  await db.schema
    .createIndex('runescape_competition_participants_user_idx')
    .on('runescape_competition_participants')
    .columns(['user_id'])
    .execute();
  await db.schema
    .createIndex('runescape_competition_participants_player_idx')
    .on('runescape_competition_participants')
    .columns(['player_id'])
    .execute();

  await db
    .insertInto('runescape_job_lease' as never)
    .values({ name: 'competitions', holder: null, lease_until: 0 } as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db
    .deleteFrom('runescape_job_lease' as never)
    .where('name' as never, '=', 'competitions' as never)
    .execute();
  await db.schema.dropTable('runescape_competition_participants').execute();
  await db.schema.dropTable('runescape_competitions').execute();
}
