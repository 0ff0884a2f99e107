import type { Db } from '../../db/schema';
import type { CivCommentsTable } from '../civ-games/civ-games.tables';
import '../civ-games/civ-games.tables';

export type CommentRow = CivCommentsTable & { username: string };

/** A game's comments, newest first. */
export const listByGame = (db: Db, gameId: string): Promise<CommentRow[]> =>
  db
    .selectFrom('civ_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.username')
    .where('c.game_id', '=', gameId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();

export async function insert(db: Db, row: CivCommentsTable): Promise<void> {
  await db.insertInto('civ_comments').values(row).execute();
}
