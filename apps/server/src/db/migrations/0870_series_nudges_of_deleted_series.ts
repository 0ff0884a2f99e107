import { sql, type Kysely } from 'kysely';

/**
 * A weekly series' last reminder now goes with the series (events.service deleteEvent); the ones
 * left behind before, of series with no occurrence left at all, are removed. A series is its
 * occurrences' shared id, with no row of its own to hold a foreign key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from event_series_nudges
    where not exists (select 1 from events where events.series_id = event_series_nudges.series_id)`.execute(db);
}

/** The rows removed were of series that no longer exist: nothing to put back. */
export async function down(): Promise<void> {}
