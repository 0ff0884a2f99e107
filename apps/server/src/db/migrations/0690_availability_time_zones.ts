import { sql, type Kysely } from 'kysely';

/**
 * Availability in each member's own time zone: every answer keeps the zone whose clock its day and
 * time are read on. Answers given so far were in the group's zone, so they keep that zone as it is
 * now; nothing moves and nothing is lost, and a later change of the group's zone leaves them be.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('civ_availability')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .execute();
  await sql`update civ_availability set time_zone = (select g.time_zone from groups g where g.id = civ_availability.group_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('civ_availability').dropColumn('time_zone').execute();
}
