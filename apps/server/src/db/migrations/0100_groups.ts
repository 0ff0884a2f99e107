import type { Kysely } from 'kysely';

/** Groups, their members and their Welcome cards. Booleans are 0/1 integers, times epoch ms, settings JSON text. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_name', 'text', (c) => c.notNull())
    .addColumn('game_name', 'text', (c) => c.notNull())
    .addColumn('link_url', 'text', (c) => c.notNull())
    .addColumn('is_private', 'integer', (c) => c.notNull())
    .addColumn('group_owner', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('invite_link', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('groups_public_game_idx').on('groups').columns(['is_private', 'game_name']).execute();

  await db.schema
    .createTable('group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('team', 'integer')
    .addColumn('receive_event_notifications', 'integer', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('group_members_group_user_unique', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user_idx').on('group_members').column('user_id').execute();

  await db.schema
    .createTable('group_cards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('footer', 'text', (c) => c.notNull())
    .addColumn('card_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('group_cards_group_idx').on('group_cards').columns(['group_id', 'card_order']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['group_cards', 'group_members', 'groups']) await db.schema.dropTable(table).execute();
}
