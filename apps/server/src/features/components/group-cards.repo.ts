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

// A card edit reads the card and writes it back: both compiled once.
const card = precompiled(2, (db, groupId, id) =>
  db.selectFrom('group_cards').selectAll().where('group_id', '=', groupId).where('id', '=', id),
);
export const find = (db: Db, groupId: string, id: string): Promise<GroupCardRow | undefined> => card.first(db, groupId, id);

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
const setContent = (db: Db, id: string, title: string, body: string, footer: string, updatedAt: string) =>
  db
    .updateTable('group_cards')
    .set({ title, body, footer, updated_at: updatedAt as unknown as number })
    .where('id', '=', id);
const contentUpdate = precompiled(5, setContent);
const contentUpdateIfUnchanged = precompiled(6, (db, id, title, body, footer, updatedAt, expected) =>
  setContent(db, id, title, body, footer, updatedAt).where('updated_at', '=', expected as unknown as number),
);

/** Writes a card's texts; with `expected`, only while its updated_at is still that (false when it is not). */
export async function updateContent(
  db: Db,
  id: string,
  changes: Pick<GroupCardRow, 'title' | 'body' | 'footer' | 'updated_at'>,
  expected: number | undefined,
): Promise<boolean> {
  const { title, body, footer, updated_at: updatedAt } = changes;
  const changed =
    expected === undefined
      ? await contentUpdate.changed(db, id, title, body, footer, updatedAt)
      : await contentUpdateIfUnchanged.changed(db, id, title, body, footer, updatedAt, expected);
  return changed === 1;
}

export async function setOrder(db: Db, id: string, cardOrder: number): Promise<void> {
  await db.updateTable('group_cards').set({ card_order: cardOrder }).where('id', '=', id).execute();
}

export async function deleteById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('group_cards').where('id', '=', id).execute();
}
