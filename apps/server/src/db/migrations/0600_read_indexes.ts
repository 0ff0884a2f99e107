import type { Kysely } from 'kysely';

/**
 * Indexes in the order the group pages read their rows, so a group's members (by join date) and
 * its Welcome cards (by card order) come straight from the index without a sort per request.
 * The group's own key and each table's existing indexes serve every other read path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('group_members_group_joined_idx').on('group_members').columns(['group_id', 'joined_at', 'user_id']).execute();
  await db.schema
    .createIndex('group_cards_group_order_idx')
    .on('group_cards')
    .columns(['group_id', 'card_order', 'created_at', 'id'])
    .execute();
  // The new index starts with the same columns as the old one, which it replaces.
  await db.schema.dropIndex('group_cards_group_idx').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('group_cards_group_idx').on('group_cards').columns(['group_id', 'card_order']).execute();
  await db.schema.dropIndex('group_cards_group_order_idx').execute();
  await db.schema.dropIndex('group_members_group_joined_idx').execute();
}
