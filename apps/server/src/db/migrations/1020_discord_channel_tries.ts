import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * When the bot last asked Discord about a channel still to check or to name and Discord could not
 * answer (epoch ms; 0: never). The bot's pass takes those never asked first and then the longest
 * waiting, so channels Discord keeps failing to answer for cannot hold back the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('discord_channels')
    .addColumn('tried_at', 'bigint', (col) => col.notNull().defaultTo(sql`0`))
    .execute();
  // The pass's two queues, each read in the order it takes them.
  await db.schema.dropIndex('discord_channels_checked_idx').execute();
  await db.schema.dropIndex('discord_channels_names_read_idx').execute();
  await db.schema.createIndex('discord_channels_check_queue_idx').on('discord_channels').columns(['checked_at', 'tried_at']).execute();
  await db.schema.createIndex('discord_channels_names_queue_idx').on('discord_channels').columns(['names_read_at', 'tried_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('discord_channels_names_queue_idx').execute();
  await db.schema.dropIndex('discord_channels_check_queue_idx').execute();
  await db.schema.createIndex('discord_channels_names_read_idx').on('discord_channels').column('names_read_at').execute();
  await db.schema.createIndex('discord_channels_checked_idx').on('discord_channels').column('checked_at').execute();
  await db.schema.alterTable('discord_channels').dropColumn('tried_at').execute();
}
