import type { Kysely } from 'kysely';

/**
 * The names of a group's Discord channel and of its Discord server, as Discord gave them when the
 * channel was connected or when the bot last read them, so Group Settings can say which channel it
 * is. `names_read_at` (epoch ms): when the bot read them; null for a channel connected before, whose
 * names the bot's pass reads once. A name Discord would not give stays null: Group Settings then
 * shows the channel's ID alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discord_channels').addColumn('channel_name', 'text').execute();
  await db.schema.alterTable('discord_channels').addColumn('guild_name', 'text').execute();
  await db.schema.alterTable('discord_channels').addColumn('names_read_at', 'bigint').execute();
  // The channels whose names are still to read (names_read_at null), found by the bot's pass.
  await db.schema.createIndex('discord_channels_names_read_idx').on('discord_channels').column('names_read_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('discord_channels_names_read_idx').execute();
  await db.schema.alterTable('discord_channels').dropColumn('names_read_at').execute();
  await db.schema.alterTable('discord_channels').dropColumn('guild_name').execute();
  await db.schema.alterTable('discord_channels').dropColumn('channel_name').execute();
}
