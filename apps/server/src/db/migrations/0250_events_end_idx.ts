import type { Kysely } from 'kysely';

/**
 * The dashboard's reads (each group's next event, the member's next events across groups) look
 * for a group's events that have not ended yet: an index on (group_id, end_at) finds them without
 * walking the group's past events.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('events_group_end_idx').on('events').columns(['group_id', 'end_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_group_end_idx').execute();
}
