import { SqliteAdapter, sql, type Kysely } from 'kysely';

const COLUMNS = [
  'id',
  'group_id',
  'dedupe_key',
  'payload',
  'attempts',
  'next_attempt_at',
  'claimed_by',
  'lease_until',
  'sent_at',
  'failed_at',
  'last_error',
  'created_at',
] as const;

/** The table as 0620 made it, with `group_id` nullable or not. */
async function createDeliveries(db: Kysely<unknown>, name: string, groupIdRequired: boolean): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => {
      const column = c.references('groups.id').onDelete('cascade');
      return groupIdRequired ? column.notNull() : column;
    })
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('failed_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

/** SQLite cannot change a column's NOT NULL: the table is made anew, in one transaction, with its rows and indexes. */
async function rebuildOnSqlite(db: Kysely<unknown>, groupIdRequired: boolean): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await createDeliveries(tx, 'discord_deliveries_rebuilt', groupIdRequired);
    const columns = sql.join(COLUMNS.map((column) => sql.ref(column)));
    await sql`insert into discord_deliveries_rebuilt (${columns}) select ${columns} from discord_deliveries${
      groupIdRequired ? sql` where group_id is not null` : sql``
    }`.execute(tx);
    await tx.schema.dropTable('discord_deliveries').execute();
    await tx.schema.alterTable('discord_deliveries_rebuilt').renameTo('discord_deliveries').execute();
    await tx.schema
      .createIndex('discord_deliveries_pending_idx')
      .on('discord_deliveries')
      .columns(['sent_at', 'failed_at', 'next_attempt_at'])
      .execute();
    await tx.schema.createIndex('discord_deliveries_group_idx').on('discord_deliveries').column('group_id').execute();
    await tx.schema.createIndex('discord_deliveries_failed_idx').on('discord_deliveries').column('failed_at').execute();
  });
}

/**
 * A Discord job may belong to no group: deleting a group queues the removal of the bot's event posts
 * in its channel in the same transaction, and those jobs must outlive the cascade that takes the
 * group's own jobs and its record of which message is which event's. A group's jobs still go with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return rebuildOnSqlite(db, false);
  await sql`alter table discord_deliveries alter column group_id drop not null`.execute(db);
}

/** Jobs of no group (removals not yet sent, or sent within the last week) are dropped. */
export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return rebuildOnSqlite(db, true);
  await sql`delete from discord_deliveries where group_id is null`.execute(db);
  await sql`alter table discord_deliveries alter column group_id set not null`.execute(db);
}
