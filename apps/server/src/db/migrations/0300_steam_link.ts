import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('steam_login_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('steam_login_states_expires_idx').on('steam_login_states').column('expires_at').execute();

  await db.schema
    .createTable('steam_openid_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('steam_openid_nonces_expires_idx').on('steam_openid_nonces').column('expires_at').execute();

  await db.schema
    .createTable('steam_link_grants')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('steam_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('steam_link_grants_user_steam_idx').on('steam_link_grants').columns(['user_id', 'steam_id']).execute();
  await db.schema.createIndex('steam_link_grants_expires_idx').on('steam_link_grants').column('expires_at').execute();

  // One Steam account belongs to at most one user; NULLs (not linked) do not collide in either engine.
  await db.schema.createIndex('users_steam_id_unique').on('users').column('steam_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_steam_id_unique').execute();
  for (const table of ['steam_link_grants', 'steam_openid_nonces', 'steam_login_states']) await db.schema.dropTable(table).execute();
}
