import type { Kysely } from 'kysely';

/**
 * Event descriptions, sign-up cutoffs, weekly series and waitlists. A series is its occurrences:
 * ordinary event rows sharing a series_id, so attendance, reminders and calendars need nothing new.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('description', 'text').execute();
  // Minutes before the start after which attend and the waitlist are refused; NULL: no cutoff.
  await db.schema.alterTable('events').addColumn('signup_cutoff_minutes', 'integer').execute();
  await db.schema.alterTable('events').addColumn('series_id', 'text').execute();
  await db.schema.createIndex('events_series_start_idx').on('events').columns(['series_id', 'start_at']).execute();

  await db.schema
    .createTable('event_waitlist')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('event_waitlist_event_user_unique', ['event_id', 'user_id'])
    .execute();
  // First in line first: the unique (event_id, user_id) serves lookups, this one the order.
  await db.schema.createIndex('event_waitlist_event_joined_idx').on('event_waitlist').columns(['event_id', 'joined_at']).execute();
  await db.schema.createIndex('event_waitlist_user_idx').on('event_waitlist').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_waitlist').execute();
  await db.schema.dropIndex('events_series_start_idx').execute();
  for (const column of ['series_id', 'signup_cutoff_minutes', 'description']) await db.schema.alterTable('events').dropColumn(column).execute();
}
