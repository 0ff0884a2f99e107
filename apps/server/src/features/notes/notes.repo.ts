import type { Db } from '../../db/schema';
import '../civ-games/civ-games.tables';

export const findNotes = (db: Db, userId: string, gameId: string) =>
  db.selectFrom('civ_notes').select('notes').where('user_id', '=', userId).where('game_id', '=', gameId).executeTakeFirst();

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

export async function upsertRelationship(db: Db, userId: string, gameId: string, otherUserId: string, relationship: string): Promise<void> {
  await db
    .insertInto('civ_player_relationships')
    .values({ user_id: userId, game_id: gameId, other_user_id: otherUserId, relationship })
    .onConflict((oc) => oc.columns(['user_id', 'game_id', 'other_user_id']).doUpdateSet({ relationship }))
    .execute();
}
