import type { Kysely } from 'kysely';

/**
 * Each group's Discord webhook (its token is a secret: stored, used to post, never shown again),
 * and the queue of posts to it, claimed with a lease so exactly one instance sends each and a
 * crashed one's posts are taken over. Times are epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discord_webhooks')
    .addColumn('group_id', 'text', (c) => c.primaryKey().references('groups.id').onDelete('cascade'))
    .addColumn('webhook_id', 'text', (c) => c.notNull())
    .addColumn('webhook_token', 'text', (c) => c.notNull())
    .addColumn('set_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('discord_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    // Unique: a second queueing of the same post (a reminder seen twice) changes nothing.
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('failed_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discord_deliveries_pending_idx')
    .on('discord_deliveries')
    .columns(['sent_at', 'failed_at', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('discord_deliveries_group_idx').on('discord_deliveries').column('group_id').execute();
  // Pruning finished posts: sent ones are found through the pending index, given-up ones through this.
  await db.schema.createIndex('discord_deliveries_failed_idx').on('discord_deliveries').column('failed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('discord_deliveries').execute();
  await db.schema.dropTable('discord_webhooks').execute();
}
