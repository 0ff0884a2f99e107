import type { Db } from '../../db/schema';
import { everyColumn, precompiled, precompiledForIds } from '../../db/precompiled';
import type { CivGameAuditTable, CivGameProposalsTable, CivGameProposalVotesTable, CivRatingChangesTable } from './civ-games.tables';
import './civ-games.tables';

/** The records kept beside a game: rating changes (derived), its audit trail and proposals with their votes. */

export async function replaceRatingChanges(db: Db, groupId: string, gameType: string, rows: CivRatingChangesTable[]): Promise<void> {
  await db.deleteFrom('civ_rating_changes').where('group_id', '=', groupId).where('game_type', '=', gameType).execute();
  await insertRatingChanges(db, rows);
}

export async function insertRatingChanges(db: Db, rows: CivRatingChangesTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('civ_rating_changes')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** The rating changes of some games' players. */
const ratingChangesOf = precompiledForIds<CivRatingChangesTable>(0, (db, gameIds) =>
  db.selectFrom('civ_rating_changes').selectAll().where('game_id', 'in', gameIds),
);

export const listRatingChanges = (db: Db, gameIds: readonly string[]): Promise<CivRatingChangesTable[]> => ratingChangesOf.all(db, gameIds);

const AUDIT_COLUMNS = everyColumn<CivGameAuditTable>()([
  'id',
  'game_id',
  'group_id',
  'actor_id',
  'action',
  'changes',
  'note',
  'created_at',
]);

const auditInsert = precompiled(AUDIT_COLUMNS.length, (db, ...values) =>
  db
    .insertInto('civ_game_audit')
    .values(Object.fromEntries(AUDIT_COLUMNS.map((column, i) => [column, values[i]])) as unknown as CivGameAuditTable),
);

export async function insertAudit(db: Db, row: CivGameAuditTable): Promise<void> {
  await auditInsert.changed(db, ...AUDIT_COLUMNS.map((column) => row[column]));
}

/** A game's audit trail, newest first, with the actors' names (gone accounts have none). */
export function listAudit(db: Db, gameId: string) {
  return db
    .selectFrom('civ_game_audit as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .selectAll('a')
    .select('u.username')
    .where('a.game_id', '=', gameId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(500)
    .execute();
}

export async function insertProposal(db: Db, row: CivGameProposalsTable): Promise<void> {
  await db.insertInto('civ_game_proposals').values(row).execute();
}

/** Reads a proposal and holds its row lock until the transaction ends. */
export const lockProposal = (db: Db, id: string) =>
  db
    .updateTable('civ_game_proposals')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export async function decideProposal(
  db: Db,
  id: string,
  changes: Pick<CivGameProposalsTable, 'status' | 'decided_by' | 'decided_at' | 'decision_reason'>,
): Promise<void> {
  await db.updateTable('civ_game_proposals').set(changes).where('id', '=', id).execute();
}

/** A game's proposals, newest first, with the names of who proposed and who decided. */
export function listProposals(db: Db, gameId: string) {
  return db
    .selectFrom('civ_game_proposals as p')
    .leftJoin('users as u', 'u.id', 'p.proposed_by')
    .leftJoin('users as d', 'd.id', 'p.decided_by')
    .selectAll('p')
    .select(['u.username as proposed_by_name', 'd.username as decided_by_name'])
    .where('p.game_id', '=', gameId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(200)
    .execute();
}

/** Pending proposals per game, for some games. */
const pendingOf = precompiledForIds<{ game_id: string; n: number | string }>(0, (db, gameIds) =>
  db
    .selectFrom('civ_game_proposals')
    .select((eb) => ['game_id', eb.fn.countAll<number>().as('n')])
    .where('game_id', 'in', gameIds)
    .where('status', '=', 'pending')
    .groupBy('game_id'),
);

export async function countPending(db: Db, gameIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await pendingOf.all(db, gameIds);
  return new Map(rows.map((r) => [r.game_id, Number(r.n)]));
}

export async function upsertVote(db: Db, row: CivGameProposalVotesTable): Promise<void> {
  await db
    .insertInto('civ_game_proposal_votes')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['proposal_id', 'user_id']).doUpdateSet({ vote: row.vote, reason: row.reason, created_at: row.created_at }),
    )
    .execute();
}

/** The votes on some proposals, with the voters' names, oldest first. */
export function listVotes(db: Db, proposalIds: readonly string[]) {
  if (!proposalIds.length) return Promise.resolve([]);
  return db
    .selectFrom('civ_game_proposal_votes as v')
    .leftJoin('users as u', 'u.id', 'v.user_id')
    .selectAll('v')
    .select('u.username')
    .where('v.proposal_id', 'in', proposalIds)
    .orderBy('v.created_at')
    .execute();
}
