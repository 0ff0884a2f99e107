import type { Kysely } from 'kysely';

/**
 * A place in line keeps the member's answer: someone who answered Late and waits for a seat is
 * still Late once a seat frees up for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('event_waitlist')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('event_waitlist').dropColumn('late').execute();
}
