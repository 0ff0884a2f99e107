import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import type { GroupsTable } from './groups.tables';
import { lockedRow } from '../../db/row-locks';

export type GroupRow = GroupsTable;
/**
 * What a group's summary shows: lists read only these columns, not the settings (kilobytes per
 * Civilization group, on overflow pages in SQLite).
 */
export const SUMMARY_COLUMNS = [
  'groups.id',
  'groups.group_name',
  'groups.game_name',
  'groups.link_url',
  'groups.is_private',
  'groups.group_owner',
] as const;
export type GroupSummaryRow = Pick<GroupRow, 'id' | 'group_name' | 'game_name' | 'link_url' | 'is_private' | 'group_owner'>;
export type GroupWithCountRow = GroupSummaryRow & { member_count: number };

// Read by nearly every group request: compiled once.
const byId = precompiled(1, (db, id) => db.selectFrom('groups').selectAll().where('id', '=', id));
export const findById = (db: Db, id: string): Promise<GroupRow | undefined> => byId.first(db, id);

/**
 * Reads the group and holds it until the transaction ends (lockedRow): membership and card changes
 * of one group then run one after another on both engines.
 */
const lockedById = precompiled(1, (db, id) => lockedRow(db, db.selectFrom('groups').selectAll().where('id', '=', id)));
export const lockById = (db: Db, id: string): Promise<GroupRow | undefined> => lockedById.first(db, id);

export async function insert(db: Db, row: GroupRow): Promise<void> {
  await db.insertInto('groups').values(row).execute();
}

export async function update(
  db: Db,
  id: string,
  changes: Partial<Pick<GroupRow, 'is_private' | 'settings' | 'invite_link' | 'time_zone' | 'settings_updated_at'>>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db.updateTable('groups').set(changes).where('id', '=', id).execute();
}

/**
 * Writes the game settings (and time zone) as a new version, only while the stored version is
 * still `expected` when one is given: one statement, so no save slips in between the check and the
 * write on either engine. False when the version had moved on (nothing written).
 */
export async function updateGameSettings(
  db: Db,
  id: string,
  changes: Pick<GroupRow, 'settings' | 'settings_updated_at'> & Partial<Pick<GroupRow, 'time_zone'>>,
  expected: number | undefined,
): Promise<boolean> {
  let query = db.updateTable('groups').set(changes).where('id', '=', id);
  if (expected !== undefined) query = query.where('settings_updated_at', '=', expected);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteById(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('groups').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

const withMemberCount = (db: Db) =>
  db
    .selectFrom('groups')
    .select(SUMMARY_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('group_members')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('group_members.group_id', '=', 'groups.id')
        .as('member_count'),
    );

const withCount = (rows: (GroupSummaryRow & { member_count: number | string | null })[]): GroupWithCountRow[] =>
  rows.map((row) => ({ ...row, member_count: Number(row.member_count ?? 0) }));

/** Public groups, optionally of one game, by name. */
export async function searchPublic(db: Db, gameName: string | undefined, limit: number): Promise<GroupWithCountRow[]> {
  let query = withMemberCount(db).where('groups.is_private', '=', 0);
  if (gameName) query = query.where('groups.game_name', '=', gameName);
  return withCount(await query.orderBy('groups.group_name').orderBy('groups.id').limit(limit).execute());
}
