import type { Db } from '../../db/schema';
import type { CivCommentsTable } from '../civ-games/civ-games.tables';
import '../civ-games/civ-games.tables';

export type CommentRow = CivCommentsTable & { username: string };

/**
 * A page of a game's comments that are not deleted, newest first: `limit` of them, older than the
 * comment `before` when given (one statement either way).
 */
export const listByGame = (db: Db, gameId: string, { limit, before }: { limit: number; before?: string }): Promise<CommentRow[]> => {
  let query = db
    .selectFrom('civ_comments as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select('u.username')
    .where('c.game_id', '=', gameId)
    .where('c.deleted_at', 'is', null);
  if (before) {
    query = query.where(({ eb, or, and, selectFrom }) => {
      const cursor = selectFrom('civ_comments as b').select('b.created_at').where('b.id', '=', before).where('b.game_id', '=', gameId);
      return or([eb('c.created_at', '<', cursor), and([eb('c.created_at', '=', cursor), eb('c.id', '<', before)])]);
    });
  }
  return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(limit).execute();
};

/** One comment with its game's group, deleted or not. */
export const findWithGroup = (db: Db, id: string) =>
  db
    .selectFrom('civ_comments as c')
    .innerJoin('civ_games as g', 'g.id', 'c.game_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(['u.username', 'g.group_id'])
    .where('c.id', '=', id)
    .executeTakeFirst();

export async function insert(db: Db, row: CivCommentsTable): Promise<void> {
  await db.insertInto('civ_comments').values(row).execute();
}

export async function updateText(db: Db, id: string, comment: string, at: number): Promise<void> {
  await db.updateTable('civ_comments').set({ comment, edited_at: at }).where('id', '=', id).execute();
}

export async function setDeleted(db: Db, id: string, deleted: { at: number; by: string } | null): Promise<void> {
  await db
    .updateTable('civ_comments')
    .set({ deleted_at: deleted?.at ?? null, deleted_by: deleted?.by ?? null })
    .where('id', '=', id)
    .execute();
}
