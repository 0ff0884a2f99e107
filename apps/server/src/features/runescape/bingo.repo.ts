import type { Db } from '../../db/schema';
import type {
  RuneScapeBingoClaimDecisionsTable,
  RuneScapeBingoClaimsTable,
  RuneScapeBingoMembersTable,
  RuneScapeBingosTable,
  RuneScapeBingoTeamsTable,
  RuneScapeBingoTilesTable,
} from './bingo.tables';
import './bingo.tables';
import * as contest from './contest.repo';
import './runescape.tables';

export { listLinkedPlayers } from './contest.repo';

export type BingoRow = RuneScapeBingosTable;
export type TileRow = RuneScapeBingoTilesTable;
export type TeamRow = RuneScapeBingoTeamsTable;
export type MemberRow = RuneScapeBingoMembersTable;
export type ClaimRow = RuneScapeBingoClaimsTable;
export type DecisionRow = RuneScapeBingoClaimDecisionsTable;

/** A team member with their name, the account measured and its latest snapshot. */
export type MemberViewRow = MemberRow & contest.LinkedPlayerView;

/** A claim with the names the lists show. */
export type ClaimViewRow = ClaimRow & {
  tile_title: string;
  team_name: string;
  username: string | null;
  decided_by_username: string | null;
};

/** A decision on a claim with its decider's name. */
export type DecisionViewRow = DecisionRow & { decided_by_username: string | null };

export const insertBingo = (db: Db, row: BingoRow) => contest.insertContest(db, 'runescape_bingos', row);
export const findBingo = (db: Db, id: string) => contest.findContest(db, 'runescape_bingos', id);
/** Takes the bingo's row lock inside a transaction. */
export const lockBingo = (db: Db, id: string) => contest.lockContest(db, 'runescape_bingos', id);
export const updateBingo = (db: Db, id: string, fields: Partial<BingoRow>) => contest.updateContest(db, 'runescape_bingos', id, fields);
/** Deletes the bingo; its tiles, teams, members, moderators, claims, proofs and completions go with it (cascade). */
export const deleteBingo = (db: Db, id: string) => contest.deleteContest(db, 'runescape_bingos', id);

/** The clan's bingos with how many teams each has: one query. */
export const listBingos = (db: Db, groupId: string) =>
  db
    .selectFrom('runescape_bingos as b')
    .selectAll('b')
    .select((eb) =>
      eb
        .selectFrom('runescape_bingo_teams as t')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('t.bingo_id', '=', 'b.id')
        .as('team_count'),
    )
    .where('b.group_id', '=', groupId)
    .orderBy('b.starts_at', 'desc')
    .execute();

export const listTiles = (db: Db, bingoId: string): Promise<TileRow[]> =>
  db.selectFrom('runescape_bingo_tiles').selectAll().where('bingo_id', '=', bingoId).orderBy('position').execute();

/**
 * The board's tiles, each with the status of the claim of it by the user's team still waiting for a
 * decision ('pending' or 'held'; null when there is none, or the user is on no team): one query.
 */
export const listTilesWithWaiting = (db: Db, bingoId: string, userId: string) =>
  db
    .selectFrom('runescape_bingo_tiles as t')
    .selectAll('t')
    .select((eb) =>
      eb
        .selectFrom('runescape_bingo_claims as c')
        .select('c.status')
        .whereRef('c.tile_id', '=', 't.id')
        .where(
          'c.team_id',
          '=',
          eb
            .selectFrom('runescape_bingo_members as m')
            .select('m.team_id')
            .where('m.bingo_id', '=', bingoId)
            .where('m.user_id', '=', userId),
        )
        .where('c.status', 'in', ['pending', 'held'])
        .limit(1)
        .as('waiting'),
    )
    .where('t.bingo_id', '=', bingoId)
    .orderBy('t.position')
    .execute();

export const findTile = (db: Db, id: string): Promise<TileRow | undefined> =>
  db.selectFrom('runescape_bingo_tiles').selectAll().where('id', '=', id).executeTakeFirst();

/** Replaces the board's tiles (only before the start, when no claim can name them). */
export async function replaceTiles(db: Db, bingoId: string, tiles: readonly TileRow[]): Promise<void> {
  await db.deleteFrom('runescape_bingo_tiles').where('bingo_id', '=', bingoId).execute();
  if (tiles.length > 0)
    await db
      .insertInto('runescape_bingo_tiles')
      .values([...tiles])
      .execute();
}

export const listTeams = (db: Db, bingoId: string): Promise<TeamRow[]> =>
  db.selectFrom('runescape_bingo_teams').selectAll().where('bingo_id', '=', bingoId).orderBy('position').execute();

/** Replaces the teams and their members (only before the start). */
export async function replaceTeams(db: Db, bingoId: string, teams: readonly TeamRow[], members: readonly MemberRow[]): Promise<void> {
  await db.deleteFrom('runescape_bingo_members').where('bingo_id', '=', bingoId).execute();
  await db.deleteFrom('runescape_bingo_teams').where('bingo_id', '=', bingoId).execute();
  if (teams.length > 0)
    await db
      .insertInto('runescape_bingo_teams')
      .values([...teams])
      .execute();
  if (members.length > 0)
    await db
      .insertInto('runescape_bingo_members')
      .values([...members])
      .execute();
}

/** The bingo's team members, with names, accounts and latest snapshots: one query. */
export const listMembers = (db: Db, bingoId: string): Promise<MemberViewRow[]> =>
  db
    .selectFrom('runescape_bingo_members as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .leftJoin('runescape_players', 'runescape_players.id', 'm.player_id')
    .leftJoin('runescape_snapshots', 'runescape_snapshots.id', 'runescape_players.latest_snapshot_id')
    .selectAll('m')
    .select(contest.linkedPlayerColumns)
    .where('m.bingo_id', '=', bingoId)
    .orderBy('users.username')
    .execute();

export const findMember = (db: Db, bingoId: string, userId: string): Promise<MemberRow | undefined> =>
  db.selectFrom('runescape_bingo_members').selectAll().where('bingo_id', '=', bingoId).where('user_id', '=', userId).executeTakeFirst();

export async function updateMember(db: Db, bingoId: string, userId: string, fields: Partial<MemberRow>): Promise<void> {
  await db.updateTable('runescape_bingo_members').set(fields).where('bingo_id', '=', bingoId).where('user_id', '=', userId).execute();
}

export const listModerators = (db: Db, bingoId: string) =>
  db
    .selectFrom('runescape_bingo_moderators as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .select(['m.user_id', 'users.username'])
    .where('m.bingo_id', '=', bingoId)
    .orderBy('users.username')
    .execute();

export const isModerator = async (db: Db, bingoId: string, userId: string): Promise<boolean> =>
  (await db
    .selectFrom('runescape_bingo_moderators')
    .select('user_id')
    .where('bingo_id', '=', bingoId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

export async function replaceModerators(db: Db, bingoId: string, userIds: readonly string[]): Promise<void> {
  await db.deleteFrom('runescape_bingo_moderators').where('bingo_id', '=', bingoId).execute();
  if (userIds.length > 0)
    await db
      .insertInto('runescape_bingo_moderators')
      .values(userIds.map((user_id) => ({ bingo_id: bingoId, user_id })))
      .execute();
}

/** A departing member gives up every bingo moderation of the clan they were appointed to: one statement. */
export async function dropModeratorOfGroup(db: Db, groupId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('runescape_bingo_moderators')
    .where('user_id', '=', userId)
    .where('bingo_id', 'in', db.selectFrom('runescape_bingos').select('id').where('group_id', '=', groupId))
    .execute();
}

/** Which of these users are members of the clan. */
export const listGroupMembers = async (db: Db, groupId: string, userIds: readonly string[]): Promise<Set<string>> =>
  userIds.length === 0
    ? new Set()
    : new Set(
        (
          await db
            .selectFrom('group_members')
            .select('user_id')
            .where('group_id', '=', groupId)
            .where('user_id', 'in', [...userIds])
            .execute()
        ).map((r) => r.user_id),
      );

export async function insertClaim(db: Db, row: ClaimRow, proof: string): Promise<void> {
  await db.insertInto('runescape_bingo_claims').values(row).execute();
  await db.insertInto('runescape_bingo_proofs').values({ claim_id: row.id, data: proof }).execute();
}

// The tile and team are joined within the claim's bingo too, so a whole bingo's claims find them
// through the bingo's index rather than hashing every bingo's teams.
const claimView = (db: Db) =>
  db
    .selectFrom('runescape_bingo_claims as c')
    .innerJoin('runescape_bingo_tiles as tile', (join) => join.onRef('tile.id', '=', 'c.tile_id').onRef('tile.bingo_id', '=', 'c.bingo_id'))
    .innerJoin('runescape_bingo_teams as team', (join) => join.onRef('team.id', '=', 'c.team_id').onRef('team.bingo_id', '=', 'c.bingo_id'))
    .leftJoin('users', 'users.id', 'c.user_id')
    .leftJoin('users as decider', 'decider.id', 'c.decided_by')
    .selectAll('c')
    .select(['tile.title as tile_title', 'team.name as team_name', 'users.username', 'decider.username as decided_by_username']);

export const findClaim = (db: Db, id: string): Promise<ClaimViewRow | undefined> => claimView(db).where('c.id', '=', id).executeTakeFirst();

/** Takes the claim's row lock inside a transaction. */
export const lockClaim = (db: Db, id: string): Promise<ClaimRow | undefined> =>
  db
    .updateTable('runescape_bingo_claims')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export async function updateClaim(db: Db, id: string, fields: Partial<ClaimRow>): Promise<void> {
  await db.updateTable('runescape_bingo_claims').set(fields).where('id', '=', id).execute();
}

/** The bingo's claims, newest first: every team's, or one team's. */
export function listClaims(db: Db, bingoId: string, teamId: string | null, status: string | undefined): Promise<ClaimViewRow[]> {
  let query = claimView(db).where('c.bingo_id', '=', bingoId);
  if (teamId !== null) query = query.where('c.team_id', '=', teamId);
  if (status !== undefined) query = query.where('c.status', '=', status);
  return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').execute();
}

export async function insertDecision(db: Db, row: DecisionRow): Promise<void> {
  await db.insertInto('runescape_bingo_claim_decisions').values(row).execute();
}

const decisionView = (db: Db) =>
  db
    .selectFrom('runescape_bingo_claim_decisions as d')
    .leftJoin('users as decider', 'decider.id', 'd.decided_by')
    .selectAll('d')
    .select('decider.username as decided_by_username');

/** One claim's decisions, oldest first. */
export const listClaimDecisions = (db: Db, claimId: string): Promise<DecisionViewRow[]> =>
  decisionView(db).where('d.claim_id', '=', claimId).orderBy('d.decided_at').orderBy('d.id').execute();

/** The decisions of the claims `listClaims` gives for the same arguments, oldest first: one statement for the whole list. */
export function listDecisions(db: Db, bingoId: string, teamId: string | null, status: string | undefined): Promise<DecisionViewRow[]> {
  let query = decisionView(db).innerJoin('runescape_bingo_claims as c', 'c.id', 'd.claim_id').where('d.bingo_id', '=', bingoId);
  if (teamId !== null) query = query.where('c.team_id', '=', teamId);
  if (status !== undefined) query = query.where('c.status', '=', status);
  return query.orderBy('d.claim_id').orderBy('d.decided_at').orderBy('d.id').execute();
}

/** The team's claims of the tile still waiting for a decision (pending or held). */
export const findWaitingClaim = (db: Db, tileId: string, teamId: string): Promise<ClaimRow | undefined> =>
  db
    .selectFrom('runescape_bingo_claims')
    .selectAll()
    .where('tile_id', '=', tileId)
    .where('team_id', '=', teamId)
    .where('status', 'in', ['pending', 'held'])
    .executeTakeFirst();

export const findProof = (db: Db, claimId: string) =>
  db.selectFrom('runescape_bingo_proofs').select('data').where('claim_id', '=', claimId).executeTakeFirst();

export const listCompletions = (db: Db, bingoId: string) =>
  db.selectFrom('runescape_bingo_completions').select(['tile_id', 'team_id', 'completed_at']).where('bingo_id', '=', bingoId).execute();

export const findCompletion = (db: Db, tileId: string, teamId: string) =>
  db
    .selectFrom('runescape_bingo_completions')
    .select('completed_at')
    .where('tile_id', '=', tileId)
    .where('team_id', '=', teamId)
    .executeTakeFirst();

/** Marks the tile done for the team; true for the one caller that did (a tile is done once). */
export async function insertCompletion(
  db: Db,
  row: { tile_id: string; team_id: string; bingo_id: string; claim_id: string | null; completed_at: number },
): Promise<boolean> {
  const result = await db
    .insertInto('runescape_bingo_completions')
    .values(row)
    .onConflict((oc) => oc.columns(['tile_id', 'team_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Started bingos with something left to do, the oldest first. */
export const listOpen = (db: Db, now: number, limit: number) => contest.listOpenContests(db, 'runescape_bingos', now, limit);

/** Members whose values at this boundary are still pending and due now, with the account to look up. */
export const listDueAtBoundary = (
  db: Db,
  bingoId: string,
  boundary: contest.Boundary,
  now: number,
): Promise<(MemberRow & { player_name: string | null; game_mode: string | null })[]> =>
  db
    .selectFrom('runescape_bingo_members as m')
    .leftJoin('runescape_players', 'runescape_players.id', 'm.player_id')
    .selectAll('m')
    .select(['runescape_players.player_name', 'runescape_players.game_mode'])
    .where('m.bingo_id', '=', bingoId)
    .where(boundary === 'start' ? 'm.start_status' : 'm.end_status', '=', 'pending')
    .where(boundary === 'start' ? 'm.start_next_at' : 'm.end_next_at', '<=', now)
    .execute();

export async function countPendingAtBoundary(db: Db, bingoId: string, boundary: contest.Boundary): Promise<number> {
  const row = await db
    .selectFrom('runescape_bingo_members')
    .select((s) => s.fn.countAll<number>().as('n'))
    .where('bingo_id', '=', bingoId)
    .where(boundary === 'start' ? 'start_status' : 'end_status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Records a member's values or failure at a boundary, only while still pending there. True when the row changed. */
export async function settleBoundary(
  db: Db,
  bingoId: string,
  userId: string,
  boundary: contest.Boundary,
  fields: contest.BoundaryFields,
): Promise<boolean> {
  const result = await db
    .updateTable('runescape_bingo_members')
    .set(contest.boundaryColumns(boundary, fields))
    .where('bingo_id', '=', bingoId)
    .where('user_id', '=', userId)
    .where(boundary === 'start' ? 'start_status' : 'end_status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many of the bingo's claims still wait for a decision (pending or held). */
export async function countWaitingClaims(db: Db, bingoId: string): Promise<number> {
  const row = await db
    .selectFrom('runescape_bingo_claims')
    .select((s) => s.fn.countAll<number>().as('n'))
    .where('bingo_id', '=', bingoId)
    .where('status', 'in', ['pending', 'held'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Sets a column of the bingo that is still null; true for the one caller that set it. */
export const markOnce = (db: Db, id: string, column: contest.OnceColumns['runescape_bingos'], now: number) =>
  contest.markContestOnce(db, 'runescape_bingos', id, column, now);

/** Claims the bingo's refresh (the one caller that moves `refreshed_at` from `previous` to `now`). */
export const markRefreshed = (db: Db, id: string, previous: number | null, now: number) =>
  contest.markContestRefreshed(db, 'runescape_bingos', id, previous, now);
