import type { Kysely } from 'kysely';

/**
 * Live drafts: each draft keeps the state of its mode (blind picks, captains' turns, ban proposals, a
 * redraft vote) as one JSON document, with the instant its next timer is due; and a group's presets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // JSON: the draft machine's state (packages/shared draft-machine.ts). Null for drafts dealt before modes.
  await db.schema.alterTable('civ_drafts').addColumn('state', 'text').execute();
  // When the server's timer must next apply a timeout (epoch ms); null when nothing waits.
  await db.schema.alterTable('civ_drafts').addColumn('deadline', 'bigint').execute();
  await db.schema.createIndex('civ_drafts_deadline_idx').on('civ_drafts').column('deadline').execute();

  await db.schema
    .createTable('civ_draft_presets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('group_id', 'text', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON: the mode and its options (draftPresetConfig).
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('civ_draft_presets_name_idx').on('civ_draft_presets').columns(['group_id', 'name']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('civ_draft_presets').execute();
  await db.schema.dropIndex('civ_drafts_deadline_idx').execute();
  await db.schema.alterTable('civ_drafts').dropColumn('deadline').execute();
  await db.schema.alterTable('civ_drafts').dropColumn('state').execute();
}
