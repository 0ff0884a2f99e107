import { sql, type Kysely } from 'kysely';

/**
 * How many times Discord's rate limit (429) turned a Discord job back: a 429 no longer spends one of
 * the job's attempts, and this count bounds its rate-limited retries instead.
 *
 * Jobs the outbox gave up on only because the Discord application was off are queued again, as the
 * outbox now keeps them waiting while it is off: the removals of the bot's posts, and the jobs that
 * bring an event's post up to date, whose key (`bot:event:<event>`, freed only when such a job
 * finishes through the bot) they kept, so that the event's post was never brought up to date again.
 * Of those, only the ones that can still matter: an event with a post to edit or remove, or one
 * that has not ended (an ended event is not announced any more). The others only have their key
 * freed, so that the event's next change queues its update again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('discord_deliveries')
    .addColumn('rate_limits', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  const now = Date.now();
  // The event of a `bot:event:<event>` key: the key past its 10-character prefix.
  const eventOfKey = sql`substr(discord_deliveries.dedupe_key, 11)`;
  // Found through the index on failed_at (a time, so positive).
  await sql`update discord_deliveries set failed_at = null, attempts = 0, claimed_by = null, lease_until = null
    where failed_at > 0 and (
      (dedupe_key like 'bot:remove:%' and last_error = 'the Discord application is off')
      or (dedupe_key like 'bot:event:%' and dedupe_key not like 'bot:event:%:%' and (
        exists (select 1 from discord_event_messages m where m.event_id = ${eventOfKey})
        or exists (select 1 from events e where e.id = ${eventOfKey} and e.end_at > ${now})
      ))
    )`.execute(db);
  await sql`update discord_deliveries set dedupe_key = dedupe_key || ':' || id
    where failed_at > 0 and dedupe_key like 'bot:event:%' and dedupe_key not like 'bot:event:%:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discord_deliveries').dropColumn('rate_limits').execute();
}
