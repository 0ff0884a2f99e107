import { sql, type Kysely } from 'kysely';

/**
 * A bingo's end boundary, as competitions have: each team member's values at the end ('pending' |
 * 'taken' | 'failed', the attempts and next try, when they were taken and each XP / kill-count
 * metric's value, JSON), and when every member's end was settled. XP and kill-count tiles count to
 * the end values, so a gain made after the last refresh counts and a later lookup changes nothing.
 * Bingos already closed never had an end taken: their members are marked failed and their end settled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('runescape_bingo_members')
    .addColumn('end_status', 'text', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema
    .alterTable('runescape_bingo_members')
    .addColumn('end_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('runescape_bingo_members')
    .addColumn('end_next_at', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('runescape_bingo_members').addColumn('end_taken_at', 'bigint').execute();
  await db.schema.alterTable('runescape_bingo_members').addColumn('end_values', 'text').execute();
  await db.schema.alterTable('runescape_bingos').addColumn('end_done_at', 'bigint').execute();
  await sql`update runescape_bingo_members set end_status = 'failed'
    where bingo_id in (select id from runescape_bingos where closed_at is not null)`.execute(db);
  await sql`update runescape_bingos set end_done_at = closed_at where closed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('runescape_bingos').dropColumn('end_done_at').execute();
  for (const column of ['end_values', 'end_taken_at', 'end_next_at', 'end_attempts', 'end_status'])
    await db.schema.alterTable('runescape_bingo_members').dropColumn(column).execute();
}
