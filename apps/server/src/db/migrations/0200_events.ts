import type { Kysely } from 'kysely';

/**
 * Events and who attends them, the outbox of event mails (notifications and reminders), private
 * calendar feeds, and each user's time zone. Times are epoch ms, booleans 0/1 integers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // IANA name; NULL: the user has not chosen one, and the web app uses the browser's.
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('max_number_of_members', 'integer', (c) => c.notNull())
    .addColumn('is_drafted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('draft_game_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('events_group_start_idx').on('events').columns(['group_id', 'start_at']).execute();
  await db.schema.createIndex('events_start_idx').on('events').column('start_at').execute();

  await db.schema
    .createTable('event_attendees')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('event_attendees_event_user_unique', ['event_id', 'user_id'])
    .execute();
  await db.schema.createIndex('event_attendees_user_idx').on('event_attendees').column('user_id').execute();

  // No foreign key to events: the mail about a deleted event must outlive the event.
  await db.schema
    .createTable('event_mail_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_start_at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_at', 'bigint')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent_at', 'bigint')
    .addColumn('failed_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('event_mail_outbox_pending_idx').on('event_mail_outbox').columns(['sent_at', 'due_at']).execute();
  await db.schema.createIndex('event_mail_outbox_event_idx').on('event_mail_outbox').columns(['event_id', 'kind']).execute();

  // Only a hash of the feed token is kept: the URL is shown once, when it is made.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['calendar_feeds', 'event_mail_outbox', 'event_attendees', 'events']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
