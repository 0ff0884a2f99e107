import { sql, type Kysely } from 'kysely';

/**
 * RuneScape clans, names that move: the links of members who left or were kicked (kept 30 days so
 * a rejoin restores them, their name free meanwhile), and the roster an Administrator imports as
 * invitations that members claim. Times epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runescape_departed_accounts')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('player_id', 'text', (c) => c.notNull().references('runescape_players.id'))
    .addColumn('linked_at', 'bigint', (c) => c.notNull())
    .addColumn('departed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('runescape_departed_accounts_pk', ['group_id', 'user_id'])
    .execute();
  // The purge job: departures older than 30 days.
  await db.schema.createIndex('runescape_departed_accounts_at_idx').on('runescape_departed_accounts').columns(['departed_at']).execute();
  // Whether a player is still kept for someone (before its snapshots are purged).
  await db.schema.createIndex('runescape_departed_accounts_player_idx').on('runescape_departed_accounts').columns(['player_id']).execute();
  // Links still held by people no longer in the clan become departed links, freeing their names.
  await sql`
    insert into runescape_departed_accounts (group_id, user_id, player_id, linked_at, departed_at)
    select a.group_id, a.user_id, a.player_id, a.linked_at, ${Date.now()} from runescape_accounts a
    where not exists (select 1 from group_members m where m.group_id = a.group_id and m.user_id = a.user_id)
  `.execute(db);
  await sql`
    delete from runescape_accounts
    where not exists (select 1 from group_members m where m.group_id = runescape_accounts.group_id and m.user_id = runescape_accounts.user_id)
  `.execute(db);

  await db.schema
    .createTable('runescape_roster_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('game_mode', 'text', (c) => c.notNull())
    .addColumn('player_key', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('claimed_at', 'bigint')
    .execute();
  // One invitation per name and mode in a clan (an import again skips it); the clan's list in name order.
  await db.schema
    .createIndex('runescape_roster_invitations_key_idx')
    .on('runescape_roster_invitations')
    .columns(['group_id', 'game_mode', 'player_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('runescape_roster_invitations_list_idx')
    .on('runescape_roster_invitations')
    .columns(['group_id', 'player_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('runescape_roster_invitations').execute();
  await db.schema.dropTable('runescape_departed_accounts').execute();
}
