import type { Kysely } from 'kysely';

/**
 * The installation's Discord application: users' linked Discord accounts, the one-time states of
 * OAuth2 sign-ins (with their PKCE verifier), the single-use grants that turn a finished Discord
 * sign-in into a session, each group's connected channel and the bot's message per event there.
 * Times are epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discord_links')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // Unique: one Discord account belongs to at most one user (looked up on every sign-in and press).
    .addColumn('discord_id', 'text', (c) => c.notNull().unique())
    .addColumn('discord_username', 'text', (c) => c.notNull())
    .addColumn('dm_reminders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('discord_oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    // The browser that started the sign-in holds a cookie whose hash this is: a state is no use elsewhere.
    .addColumn('browser_hash', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    // Null: signing in; a user: linking to that (signed-in) user.
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('return_to', 'text')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discord_oauth_states_expires_idx').on('discord_oauth_states').column('expires_at').execute();
  await db.schema.createIndex('discord_oauth_states_user_idx').on('discord_oauth_states').column('user_id').execute();

  await db.schema
    .createTable('discord_login_grants')
    .addColumn('grant_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discord_login_grants_expires_idx').on('discord_login_grants').column('expires_at').execute();
  await db.schema.createIndex('discord_login_grants_user_idx').on('discord_login_grants').column('user_id').execute();

  await db.schema
    .createTable('discord_channels')
    .addColumn('group_id', 'text', (c) => c.primaryKey().references('groups.id').onDelete('cascade'))
    // Unique: the group of a press or a slash command is found from its channel.
    .addColumn('channel_id', 'text', (c) => c.notNull().unique())
    .addColumn('guild_id', 'text')
    .addColumn('set_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('discord_event_messages')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('discord_event_messages_group_idx').on('discord_event_messages').column('group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['discord_event_messages', 'discord_channels', 'discord_login_grants', 'discord_oauth_states', 'discord_links'])
    await db.schema.dropTable(table).execute();
}
