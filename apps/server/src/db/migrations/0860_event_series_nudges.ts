import { sql, type Kysely } from 'kysely';
import { versionEveryTable } from '../table-versions';

/**
 * When members were last reminded of a weekly series: one reminder a day covers all its
 * occurrences, so a member who answered none of them is not mailed once per week of it. Keyed by
 * the series id (the primary key is the only lookup); series reminded before are filled in from
 * their occurrences' last reminder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('event_series_nudges')
    .addColumn('series_id', 'text', (c) => c.primaryKey())
    .addColumn('last_nudge_at', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    insert into event_series_nudges (series_id, last_nudge_at)
    select series_id, max(last_nudge_at) from events
    where series_id is not null and last_nudge_at is not null
    group by series_id`.execute(db);
  await versionEveryTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_series_nudges').execute();
}
