import type { Db } from '../../db/schema';
import '../civ-games/civ-games.tables';

export const findNotes = (db: Db, userId: string, gameId: string) =>
  db.selectFrom('civ_notes').select(['notes', 'updated_at']).where('user_id', '=', userId).where('game_id', '=', gameId).executeTakeFirst();

export const listRelationships = (db: Db, userId: string, gameId: string) =>
  db
    .selectFrom('civ_player_relationships as r')
    .innerJoin('users as u', 'u.id', 'r.other_user_id')
    .select(['r.other_user_id', 'u.username', 'r.relationship'])
    .where('r.user_id', '=', userId)
    .where('r.game_id', '=', gameId)
    .orderBy('u.username')
    .execute();

export async function upsertNotes(db: Db, userId: string, gameId: string, notes: string, now: number): Promise<void> {
  await db
    .insertInto('civ_notes')
    .values({ user_id: userId, game_id: gameId, notes, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'game_id']).doUpdateSet({ notes, updated_at: now }))
    .execute();
}

/**
 * Saves the notes only if they are still the version the editor opened: `expected` null means none
 * was saved yet, a number the stored updated_at. Answers whether they were saved; the check and the
 * write are one statement, so two tabs saving at once cannot both win.
 */
export async function saveNotesIfUnchanged(db: Db, userId: string, gameId: string, notes: string, now: number, expected: number | null): Promise<boolean> {
  if (expected === null) {
    const result = await db
      .insertInto('civ_notes')
      .values({ user_id: userId, game_id: gameId, notes, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'game_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }
  const result = await db
    .updateTable('civ_notes')
    .set({ notes, updated_at: Math.max(now, expected + 1) })
    .where('user_id', '=', userId)
    .where('game_id', '=', gameId)
    .where('updated_at', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function upsertRelationship(db: Db, userId: string, gameId: string, otherUserId: string, relationship: string): Promise<void> {
  await db
    .insertInto('civ_player_relationships')
    .values({ user_id: userId, game_id: gameId, other_user_id: otherUserId, relationship })
    .onConflict((oc) => oc.columns(['user_id', 'game_id', 'other_user_id']).doUpdateSet({ relationship }))
    .execute();
}
