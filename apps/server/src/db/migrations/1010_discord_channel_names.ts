import type { Kysely } from 'kysely';

/**
 * The names of a group's Discord channel and of its Discord server, as Discord gave them when the
 * channel was connected (or when the bot's check of a channel connected before read them), so Group
 * Settings can say which channel it is. Null for a channel connected before and not read since:
 * Group Settings then shows its ID alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discord_channels').addColumn('channel_name', 'text').execute();
  await db.schema.alterTable('discord_channels').addColumn('guild_name', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discord_channels').dropColumn('guild_name').execute();
  await db.schema.alterTable('discord_channels').dropColumn('channel_name').execute();
}
