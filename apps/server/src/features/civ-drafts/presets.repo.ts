import type { Db } from '../../db/schema';
import type { CivDraftPresetsTable } from '../civilization/civilization.tables';
import '../civilization/civilization.tables';

export type PresetRow = CivDraftPresetsTable;

export const listByGroup = (db: Db, groupId: string): Promise<PresetRow[]> =>
  db.selectFrom('civ_draft_presets').selectAll().where('group_id', '=', groupId).orderBy('name').execute();

export const findById = (db: Db, id: string): Promise<PresetRow | undefined> =>
  db.selectFrom('civ_draft_presets').selectAll().where('id', '=', id).executeTakeFirst();

/** Saves a preset; one of the same name in the group is replaced (it keeps its id). Returns the row stored. */
export async function upsert(db: Db, row: PresetRow): Promise<PresetRow> {
  return db
    .insertInto('civ_draft_presets')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['group_id', 'name']).doUpdateSet({ config: row.config, updated_by: row.updated_by, updated_at: row.updated_at }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function remove(db: Db, id: string): Promise<void> {
  await db.deleteFrom('civ_draft_presets').where('id', '=', id).execute();
}
