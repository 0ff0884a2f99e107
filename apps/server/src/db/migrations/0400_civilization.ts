import { sql, type Kysely } from 'kysely';

/**
 * What a Civilization group sets up before a game: the group's time zone, each member's weekly
 * availability, leader agenda, leader bans, map choices and setting preferences. Rows of a member
 * stay when they leave (they come back if the member rejoins); every read joins the current members.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('groups')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo(sql`'UTC'`))
    .execute();

  await db.schema
    .createTable('civ_availability')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('time', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_availability_pk', ['group_id', 'user_id', 'day', 'time'])
    .execute();

  await db.schema
    .createTable('civ_leader_agendas')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('agenda', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_leader_agendas_pk', ['group_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('civ_leader_bans')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('civ_id', 'text', (c) => c.notNull())
    // Bans count in the order they were made: past a lowered limit, the first n still apply.
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_leader_bans_pk', ['group_id', 'user_id', 'civ_id'])
    .execute();
  await db.schema.createIndex('civ_leader_bans_order_idx').on('civ_leader_bans').columns(['group_id', 'user_id', 'seq']).execute();

  await db.schema
    .createTable('civ_map_choices')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('map_name', 'text', (c) => c.notNull())
    .addColumn('seq', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_map_choices_pk', ['group_id', 'user_id', 'map_name'])
    .execute();

  await db.schema
    .createTable('civ_setting_preferences')
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('setting_type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // JSON text: options are labels or numbers.
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_setting_preferences_pk', ['group_id', 'user_id', 'setting_type', 'title'])
    .execute();

  // Deleting a user removes their rows through the user_id foreign keys; these serve that lookup.
  for (const table of ['civ_availability', 'civ_leader_agendas', 'civ_leader_bans', 'civ_map_choices', 'civ_setting_preferences']) {
    await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['civ_setting_preferences', 'civ_map_choices', 'civ_leader_bans', 'civ_leader_agendas', 'civ_availability']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('groups').dropColumn('time_zone').execute();
}
