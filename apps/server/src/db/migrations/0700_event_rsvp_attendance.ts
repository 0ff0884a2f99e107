import { sql, type Kysely } from 'kysely';

/**
 * RSVP states and attendance marks. A seat holder (event_attendees) may be Late; the answers that
 * take no seat (Maybe, Can sub, Not coming) get their own table, so a member has at most one answer
 * across seats, waitlist and responses. Marks of who came are kept per event and group; they have
 * no foreign key to the event, so deleting an event never rewrites anyone's attendance record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('event_attendees')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('event_responses')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('response', 'text', (c) => c.notNull().check(sql`response in ('maybe', 'can_sub', 'not_coming')`))
    .addColumn('responded_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_responses_pk', ['event_id', 'user_id'])
    .execute();
  // The primary key serves reads by event; this one a member's answers (leaving the group).
  await db.schema.createIndex('event_responses_user_idx').on('event_responses').column('user_id').execute();

  await db.schema
    .createTable('event_attendance')
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('attended', 'integer', (c) => c.notNull())
    .addColumn('marked_by', 'text', (c) => c.notNull())
    .addColumn('marked_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_attendance_pk', ['event_id', 'user_id'])
    .execute();
  // Rates: every mark of the group, by member.
  await db.schema.createIndex('event_attendance_group_user_idx').on('event_attendance').columns(['group_id', 'user_id']).execute();
  await db.schema.createIndex('event_attendance_user_idx').on('event_attendance').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_attendance').execute();
  await db.schema.dropTable('event_responses').execute();
  await db.schema.alterTable('event_attendees').dropColumn('late').execute();
}
