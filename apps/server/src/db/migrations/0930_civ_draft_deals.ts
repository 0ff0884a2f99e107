import type { Kysely } from 'kysely';
import { versionEveryTable } from '../table-versions';

/**
 * Re-deals made visible: a deal that replaces earlier ones for the same table (a newer deal by the same
 * member for any of its players, or by anyone for exactly its players, while the earlier made no game and
 * had not expired) carries its deal number and the deals at that table, who dealt them and when: the earlier
 * ones, then its own (so every deal writes the same statements). Drafts dealt before this read as deal 1
 * with nothing before them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('civ_drafts')
    .addColumn('deal_number', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createTable('civ_draft_deals')
    .addColumn('draft_id', 'text', (c) => c.notNull().references('civ_drafts.id').onDelete('cascade'))
    // 1 for the first deal at this table, in the order they were dealt; the draft's own deal is the last.
    .addColumn('position', 'integer', (c) => c.notNull())
    // The draft that deal made (no foreign key: what it says stays true once that row is gone).
    .addColumn('deal_id', 'text', (c) => c.notNull())
    // Who dealt it; no foreign key, like civ_drafts.created_by: a deleted account reads as a former member.
    .addColumn('dealt_by', 'text', (c) => c.notNull())
    .addColumn('dealt_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('civ_draft_deals_pk', ['draft_id', 'position'])
    .execute();
  await versionEveryTable(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('civ_draft_deals').execute();
  await db.schema.alterTable('civ_drafts').dropColumn('deal_number').execute();
}
