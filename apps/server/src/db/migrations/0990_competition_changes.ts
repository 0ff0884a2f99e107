import type { Kysely } from 'kysely';
import { versionEveryTable } from '../table-versions';

/**
 * A competition's history: one row per edit that changed something, who made it, when, and each
 * field it changed with its value before and after. Times epoch ms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('runescape_competition_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The history goes with its competition (and the competition with its clan).
    .addColumn('competition_id', 'text', (c) => c.notNull().references('runescape_competitions.id').onDelete('cascade'))
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    // Who edited, like runescape_competitions.created_by: a deleted account leaves the record, naming nobody.
    .addColumn('actor_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    // JSON [{ field, before, after }], as civ_game_audit keeps its changes; times epoch ms.
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  // The competition's history, newest first.
  await db.schema
    .createIndex('runescape_competition_changes_competition_idx')
    .on('runescape_competition_changes')
    .columns(['competition_id', 'changed_at'])
    .execute();
  // A deleted clan's and a deleted account's rows.
  await db.schema
    .createIndex('runescape_competition_changes_group_idx')
    .on('runescape_competition_changes')
    .columns(['group_id'])
    .execute();
  await db.schema
    .createIndex('runescape_competition_changes_actor_idx')
    .on('runescape_competition_changes')
    .columns(['actor_id'])
    .execute();
  await versionEveryTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('runescape_competition_changes').execute();
}
