import type { Kysely } from 'kysely';

/**
 * Whether whoever connected a group's Discord channel may manage its Discord server, as connecting
 * has asked since 1.7.4. `checked_at`: when that was last confirmed (at the connection, or by the
 * bot's check of a channel connected before); null for a channel not checked yet. `paused_reason`:
 * set when the check found they may not, and the bot posts nothing new there until an Administrator
 * who may manage the server connects it again. Times epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('discord_channels').addColumn('checked_at', 'bigint').execute();
  await db.schema.alterTable('discord_channels').addColumn('paused_reason', 'text').execute();
  // The channels still to check (checked_at null), found by the bot's pass.
  await db.schema.createIndex('discord_channels_checked_idx').on('discord_channels').column('checked_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('discord_channels_checked_idx').execute();
  await db.schema.alterTable('discord_channels').dropColumn('paused_reason').execute();
  await db.schema.alterTable('discord_channels').dropColumn('checked_at').execute();
}
