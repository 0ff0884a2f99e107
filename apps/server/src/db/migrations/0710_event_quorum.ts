import type { Kysely } from 'kysely';

/**
 * Minimum players, the check before the start, automatic cancellation and reminders to answer.
 * quorum_check_at is the pending check (start less the chosen minutes), cleared once an instance
 * has checked the event, so each check runs once and a job that was down finds every one it missed.
 * A cancelled event keeps its row and sign-ups (cancelled_at).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('min_players', 'integer').execute();
  await db.schema.alterTable('events').addColumn('quorum_check_minutes', 'integer').execute();
  await db.schema
    .alterTable('events')
    .addColumn('auto_cancel', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('events').addColumn('cancelled_at', 'bigint').execute();
  await db.schema.alterTable('events').addColumn('quorum_check_at', 'bigint').execute();
  await db.schema.alterTable('events').addColumn('quorum_checked_at', 'bigint').execute();
  await db.schema.alterTable('events').addColumn('below_minimum_at', 'bigint').execute();
  await db.schema.alterTable('events').addColumn('last_nudge_at', 'bigint').execute();
  // The job's one read: the checks that have come due, earliest first.
  await db.schema.createIndex('events_quorum_check_idx').on('events').column('quorum_check_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_quorum_check_idx').execute();
  for (const column of [
    'last_nudge_at',
    'below_minimum_at',
    'quorum_checked_at',
    'quorum_check_at',
    'cancelled_at',
    'auto_cancel',
    'quorum_check_minutes',
    'min_players',
  ])
    await db.schema.alterTable('events').dropColumn(column).execute();
}
