import type { Db } from '../../db/schema';
import type { CivDraftsTable } from '../civilization/civilization.tables';
import '../civilization/civilization.tables';
import '../users/users.tables';
import { lockedRow } from '../../db/row-locks';

export type DraftRow = CivDraftsTable;

export async function insert(db: Db, row: DraftRow): Promise<void> {
  await db.insertInto('civ_drafts').values(row).execute();
}

export const findById = (db: Db, id: string): Promise<DraftRow | undefined> =>
  db.selectFrom('civ_drafts').selectAll().where('id', '=', id).executeTakeFirst();

/** The draft with its row locked until the transaction ends, so two games cannot both take it. */
export const lockById = (db: Db, id: string): Promise<DraftRow | undefined> =>
  lockedRow(db, db.selectFrom('civ_drafts').selectAll().where('id', '=', id)).executeTakeFirst();

/**
 * The group's drafts dealt after this one (ids are time-ordered within one instant), used or not, with
 * who dealt them (civ_drafts_group_idx).
 */
export const listNewer = (db: Db, groupId: string, draft: Pick<DraftRow, 'id' | 'created_at'>) =>
  db
    .selectFrom('civ_drafts as d')
    .leftJoin('users as u', 'u.id', 'd.created_by')
    .select(['d.id', 'd.created_by', 'u.username as dealer', 'd.state', 'd.result', 'd.game_type', 'd.anonymous_mode', 'd.created_at'])
    .where('d.group_id', '=', groupId)
    .where((eb) =>
      eb.or([eb('d.created_at', '>', draft.created_at), eb.and([eb('d.created_at', '=', draft.created_at), eb('d.id', '>', draft.id)])]),
    )
    .execute();

/** Records the game made from the draft; false when another game took it first. */
export async function markUsed(db: Db, id: string, gameId: string): Promise<boolean> {
  const result = await db
    .updateTable('civ_drafts')
    .set({ game_id: gameId })
    .where('id', '=', id)
    .where('game_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Usernames of these users, members of the group or not (for errors naming who is not a member). */
export const listUsernames = (db: Db, userIds: readonly string[]) =>
  db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', userIds.length ? [...userIds] : [''])
    .execute();

/** Writes a draft's new state (and what follows from it) in the caller's transaction. */
export async function saveState(db: Db, id: string, columns: Pick<DraftRow, 'state' | 'result' | 'deadline'>): Promise<void> {
  await db.updateTable('civ_drafts').set(columns).where('id', '=', id).execute();
}

/** Drafts whose next timer is due, soonest first (civ_drafts_deadline_idx). */
export const listDue = (db: Db, now: number, limit: number) =>
  db.selectFrom('civ_drafts').select('id').where('deadline', '<=', now).orderBy('deadline').limit(limit).execute();
