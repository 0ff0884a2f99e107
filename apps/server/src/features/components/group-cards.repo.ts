import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import type { GroupCardsTable } from '../groups/groups.tables';

export type GroupCardRow = GroupCardsTable;

// Read by every group page: compiled once.
const groupCards = precompiled(1, (db, groupId) =>
  db.selectFrom('group_cards').selectAll().where('group_id', '=', groupId).orderBy('card_order').orderBy('created_at').orderBy('id'),
);

/** A group's cards by cardOrder. */
export const listByGroup = (db: Db, groupId: string): Promise<GroupCardRow[]> => groupCards.all(db, groupId);

export const find = (db: Db, groupId: string, id: string): Promise<GroupCardRow | undefined> =>
  db.selectFrom('group_cards').selectAll().where('group_id', '=', groupId).where('id', '=', id).executeTakeFirst();

export async function count(db: Db, groupId: string): Promise<number> {
  const row = await db
    .selectFrom('group_cards')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insert(db: Db, row: GroupCardRow): Promise<void> {
  await db.insertInto('group_cards').values(row).execute();
}

/**
 * Writes a card's content as a new version, only while its stored version is still `expected` when
 * one is given: one statement, so no save slips in between the check and the write. False when the
 * version had moved on (nothing written).
 */
export async function updateContent(
  db: Db,
  id: string,
  changes: Pick<GroupCardRow, 'title' | 'body' | 'footer' | 'updated_at'>,
  expected: number | undefined,
): Promise<boolean> {
  let query = db.updateTable('group_cards').set(changes).where('id', '=', id);
  if (expected !== undefined) query = query.where('updated_at', '=', expected);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setOrder(db: Db, id: string, cardOrder: number): Promise<void> {
  await db.updateTable('group_cards').set({ card_order: cardOrder }).where('id', '=', id).execute();
}

export async function deleteById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('group_cards').where('id', '=', id).execute();
}
