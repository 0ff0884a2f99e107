import { sql, type Kysely } from 'kysely';

/**
 * How many times Discord's rate limit (429) turned a Discord job back: a 429 no longer spends one of
 * the job's attempts, and this count bounds its rate-limited retries instead.
 *
 * Jobs the outbox gave up on only because the Discord application was off are queued again, as the
 * outbox now keeps them waiting while it is off: the removals of the bot's posts, and the jobs that
 * bring an event's post up to date, whose key (`bot:event:<event>`, freed only when such a job
 * finishes through the bot) they kept, so that the event's post was never brought up to date again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('discord_deliveries')
    .addColumn('rate_limits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Found through the index on failed_at (a time, so positive).
  await sql`update discord_deliveries set failed_at = null, attempts = 0, claimed_by = null, lease_until = null
    where failed_at > 0 and (
      (dedupe_key like 'bot:remove:%' and last_error = 'the Discord application is off')
      or (dedupe_key like 'bot:event:%' and dedupe_key not like 'bot:event:%:%')
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discord_deliveries').dropColumn('rate_limits').execute();
}
