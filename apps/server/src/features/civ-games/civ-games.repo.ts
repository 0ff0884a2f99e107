import { sql, type RawBuilder } from 'kysely';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { Db } from '../../db/schema';
import type { CivGameMembersTable, CivGamesTable, CivRatingsTable } from './civ-games.tables';
import './civ-games.tables';
import { lockedRow } from '../../db/row-locks';
import { everyColumn, precompiled, precompiledForIds } from '../../db/precompiled';

export type GameRow = CivGamesTable;
export type GameMemberRow = CivGameMembersTable & { username: string };

export interface GameFilter {
  field: 'gameName' | 'host' | 'map' | 'member' | 'victoryType' | 'winner';
  type: 'is' | 'includes';
  value: string;
}

const gameById = precompiled<GameRow>(1, (db, id) =>
  db.selectFrom('civ_games').selectAll().where('id', '=', id).where('deleted_at', 'is', null),
);

/** A game that is not deleted. */
export const findById = (db: Db, id: string): Promise<GameRow | undefined> => gameById.first(db, id);

/** A game, deleted or not. */
export const findAnyById = (db: Db, id: string): Promise<GameRow | undefined> =>
  db.selectFrom('civ_games').selectAll().where('id', '=', id).executeTakeFirst();

/** Reads the game, deleted or not, and holds it until the transaction ends (lockedRow). */
export const lockById = (db: Db, id: string): Promise<GameRow | undefined> =>
  lockedRow(db, db.selectFrom('civ_games').selectAll().where('id', '=', id)).executeTakeFirst();

export async function insert(db: Db, game: GameRow, members: CivGameMembersTable[]): Promise<void> {
  await db.insertInto('civ_games').values(game).execute();
  await db.insertInto('civ_game_members').values(members).execute();
}

export async function update(db: Db, id: string, changes: Partial<Omit<GameRow, 'id' | 'group_id'>>): Promise<void> {
  if (Object.keys(changes).length) await db.updateTable('civ_games').set(changes).where('id', '=', id).execute();
}

/** What an edit of a game can change on its row (its members' rows are written apart). */
export type GameResultColumns = Pick<
  GameRow,
  | 'game_name'
  | 'lobby_link'
  | 'game_type'
  | 'host'
  | 'chosen_host'
  | 'winner'
  | 'victory_type'
  | 'finished_at'
  | 'elimination_steps'
  | 'revealed_at'
  | 'result_version'
>;
const RESULT_COLUMNS = everyColumn<GameResultColumns>()([
  'game_name',
  'lobby_link',
  'game_type',
  'host',
  'chosen_host',
  'winner',
  'victory_type',
  'finished_at',
  'elimination_steps',
  'revealed_at',
  'result_version',
]);

const saveResult = precompiled(RESULT_COLUMNS.length + 1, (db, id, ...values) =>
  db
    .updateTable('civ_games')
    .set(Object.fromEntries(RESULT_COLUMNS.map((column, i) => [column, values[i]])))
    .where('id', '=', id),
);

/** Writes every column an edit can change, compiled once: an edit of the lobby link writes them all as they are. */
export async function saveGameResult(db: Db, id: string, columns: GameResultColumns): Promise<void> {
  await saveResult.changed(db, id, ...RESULT_COLUMNS.map((column) => columns[column]));
}

export async function updateMember(
  db: Db,
  gameId: string,
  userId: string,
  changes: Partial<Pick<CivGameMembersTable, 'team' | 'is_active' | 'won' | 'placement' | 'eliminated_step' | 'civ_played'>>,
) {
  if (Object.keys(changes).length) {
    await db.updateTable('civ_game_members').set(changes).where('game_id', '=', gameId).where('user_id', '=', userId).execute();
  }
}

/**
 * Soft delete: the game and everything recorded with it stay, out of every list and count. The result
 * version is written with it (raised when the game counted: what the ladder counts changes).
 */
export async function softDelete(db: Db, id: string, by: string, at: number, resultVersion: number): Promise<void> {
  await db.updateTable('civ_games').set({ deleted_at: at, deleted_by: by, result_version: resultVersion }).where('id', '=', id).execute();
}

/** Brings a deleted game back, with its result version (raised when it counts again). */
export async function restore(db: Db, id: string, resultVersion: number): Promise<void> {
  await db
    .updateTable('civ_games')
    .set({ deleted_at: null, deleted_by: null, result_version: resultVersion })
    .where('id', '=', id)
    .execute();
}

/** A group's deleted games since a moment, newest first, with who deleted them and their comment counts. */
export function listDeleted(db: Db, groupId: string, since: number) {
  return db
    .selectFrom('civ_games as g')
    .leftJoin('users as u', 'u.id', 'g.deleted_by')
    .select((eb) => [
      'g.id',
      'g.game_name',
      'g.game_type',
      'g.finished_at',
      'g.deleted_at',
      'u.username as deleted_by_name',
      eb
        .selectFrom('civ_comments as c')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('c.game_id', '=', 'g.id')
        .where('c.deleted_at', 'is', null)
        .as('comments'),
    ])
    .where('g.group_id', '=', groupId)
    .where('g.deleted_at', '>=', since)
    .orderBy('g.deleted_at', 'desc')
    .limit(100)
    .execute();
}

/**
 * Whether anyone has started recording a game: an elimination, a winner, a leader said to be played, a
 * proposed change, a comment, a note or a relationship.
 */
export async function recordingStarted(db: Db, gameId: string): Promise<boolean> {
  const row = await db
    .selectFrom('civ_games as g')
    .select((eb) => [
      eb
        .or([
          eb('g.winner', 'is not', null),
          eb('g.finished_at', 'is not', null),
          eb('g.elimination_steps', '>', 0),
          eb.exists(
            eb.selectFrom('civ_game_members as m').select('m.game_id').whereRef('m.game_id', '=', 'g.id').where('m.is_active', '=', 0),
          ),
          // A leader said to be played (not the one leader of a one-leader hand, set as the game is made), or any
          // proposal about the result, is already part of the game's record.
          eb.exists(
            eb
              .selectFrom('civ_game_members as m')
              .select('m.game_id')
              .whereRef('m.game_id', '=', 'g.id')
              .where('m.civ_played', 'is not', null)
              .where(sql<boolean>`m.civ_choices <> '["' || m.civ_played || '"]'`),
          ),
          eb.exists(eb.selectFrom('civ_game_proposals as p').select('p.game_id').whereRef('p.game_id', '=', 'g.id')),
          eb.exists(eb.selectFrom('civ_comments as c').select('c.id').whereRef('c.game_id', '=', 'g.id').where('c.deleted_at', 'is', null)),
          eb.exists(eb.selectFrom('civ_notes as n').select('n.game_id').whereRef('n.game_id', '=', 'g.id')),
          eb.exists(eb.selectFrom('civ_player_relationships as r').select('r.game_id').whereRef('r.game_id', '=', 'g.id')),
        ])
        .as('started'),
    ])
    .where('g.id', '=', gameId)
    .executeTakeFirst();
  return !!row && (row.started === true || Number(row.started) === 1);
}

const membersOf = precompiledForIds<GameMemberRow>(0, (db, gameIds) =>
  db
    .selectFrom('civ_game_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .selectAll('gm')
    .select('u.username')
    .where('gm.game_id', 'in', gameIds)
    .orderBy('gm.game_id')
    .orderBy('gm.position'),
);

/** The members of some games, in each game's order. */
export const listMembers = (db: Db, gameIds: readonly string[]): Promise<GameMemberRow[]> => membersOf.all(db, gameIds);

const likePattern = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type PageParams = { groupId: string; finished: boolean; gameType?: GameType; filter?: GameFilter; offset: number; limit: number };

/** The games a page is drawn from: a group's active games, or its finished ones (of one type), filtered on one column. */
function pageGames(db: Db, params: Omit<PageParams, 'offset' | 'limit'>) {
  let query = db.selectFrom('civ_games as g').where('g.group_id', '=', params.groupId).where('g.deleted_at', 'is', null);
  query = params.finished ? query.where('g.finished_at', 'is not', null) : query.where('g.finished_at', 'is', null);
  if (params.gameType) query = query.where('g.game_type', '=', params.gameType);
  const filter = params.filter;
  if (filter) {
    const matchText = (text: RawBuilder<unknown>) =>
      filter.type === 'is'
        ? sql<boolean>`lower(${text}) = ${filter.value.toLowerCase()}`
        : sql<boolean>`lower(${text}) like ${likePattern(filter.value)} escape '\\'`;
    const match = (column: 'x.username' | 'g.game_name' | 'g.map' | 'g.victory_type') => matchText(sql.ref(column));
    // Users named by the filter: few, so the games are found through the member index rather than game by game.
    const namedUsers = db.selectFrom('users as x').select('x.id').where(match('x.username'));
    if (filter.field === 'gameName') query = query.where(match('g.game_name'));
    else if (filter.field === 'map') query = query.where(match('g.map'));
    else if (filter.field === 'victoryType') query = query.where(match('g.victory_type'));
    else if (filter.field === 'host') query = query.where('g.host', 'in', namedUsers);
    // A team game's winner is a team number, shown as 'Team n'.
    else if (filter.field === 'winner')
      query = query.where((eb) =>
        eb.or([eb('g.winner', 'in', namedUsers), eb.and([eb('g.game_type', '=', 'team'), matchText(sql`'Team ' || g.winner`)])]),
      );
    else
      query = query.where('g.id', 'in', db.selectFrom('civ_game_members as gm').select('gm.game_id').where('gm.user_id', 'in', namedUsers));
  }
  return query;
}

/** One page of the games, newest first, each row carrying the count of all of them. */
function pageQuery(db: Db, params: Omit<PageParams, 'offset' | 'limit'>, limit: number, offset: number) {
  const query = pageGames(db, params);
  const order = params.finished ? 'g.finished_at' : 'g.created_at';
  // The page's ids come from the index alone; only the ten rows shown are read in full, however deep the page.
  const pageIds = query.select('g.id').orderBy(order, 'desc').orderBy('g.id', 'desc').limit(limit).offset(offset);
  const count = query.select((eb) => eb.fn.countAll<number>().as('n'));
  // The count, and each game's pending result changes, ride along on the rows of the page: one
  // statement, one round trip on PostgreSQL.
  return db
    .selectFrom('civ_games as g')
    .selectAll('g')
    .select(count.as('page_total'))
    .select((eb) =>
      eb
        .selectFrom('civ_game_proposals as p')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('p.game_id', '=', 'g.id')
        .where('p.status', '=', 'pending')
        .as('pending_proposals'),
    )
    .where('g.id', 'in', pageIds)
    .orderBy(order, 'desc')
    .orderBy('g.id', 'desc');
}

// The pages every games list opens with, unfiltered, compiled once; a page and its offset are bound
// as parameters like any value.
const activePage = precompiled(3, (db, groupId, limit, offset) =>
  pageQuery(db, { groupId, finished: false }, limit as unknown as number, offset as unknown as number),
);
const finishedPage = precompiled(4, (db, groupId, gameType, limit, offset) =>
  pageQuery(db, { groupId, finished: true, gameType: gameType as GameType }, limit as unknown as number, offset as unknown as number),
);

/**
 * Games of a group, active or finished (of one type), newest first, filtered on one column; one page,
 * the total, and how many result changes are pending on each game of the page.
 */
export async function listPage(
  db: Db,
  params: PageParams,
): Promise<{ rows: GameRow[]; total: number; pendingProposals: Map<string, number> }> {
  const { groupId, gameType, limit, offset } = params;
  let counted;
  if (params.filter) counted = await pageQuery(db, params, limit, offset).execute();
  else if (!params.finished) counted = await activePage.all(db, groupId, limit, offset);
  else if (gameType) counted = await finishedPage.all(db, groupId, gameType, limit, offset);
  else counted = await pageQuery(db, params, limit, offset).execute();
  if (counted.length === 0) {
    const { n } = await pageGames(db, params)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return { rows: [], total: Number(n), pendingProposals: new Map() };
  }
  const total = Number(counted[0]!.page_total);
  const pendingProposals = new Map(counted.map((row) => [row.id, Number(row.pending_proposals ?? 0)]));
  return { rows: counted.map(({ page_total: _total, pending_proposals: _pending, ...row }) => row), total, pendingProposals };
}

/** Finished, undeleted games of a group and type with their members, oldest first: the history ratings are computed from. */
export async function listFinishedHistory(db: Db, groupId: string, gameType: string) {
  return db
    .selectFrom('civ_games as g')
    .innerJoin('civ_game_members as gm', 'gm.game_id', 'g.id')
    .select(['g.id', 'g.victory_type', 'g.finished_at', 'gm.user_id', 'gm.team', 'gm.placement'])
    .where('g.group_id', '=', groupId)
    .where('g.game_type', '=', gameType)
    .where('g.finished_at', 'is not', null)
    .where('g.deleted_at', 'is', null)
    .orderBy('g.finished_at')
    .orderBy('g.id')
    .orderBy('gm.position')
    .execute();
}

/** The latest finished, undeleted game of a group and type other than one. */
export function latestFinished(db: Db, groupId: string, gameType: string, exceptId: string) {
  return db
    .selectFrom('civ_games')
    .select(['id', 'finished_at'])
    .where('group_id', '=', groupId)
    .where('game_type', '=', gameType)
    .where('finished_at', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('id', '!=', exceptId)
    .orderBy('finished_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The stored standings of a group's games of one type (optionally of some members), with usernames. */
export function listStandings(db: Db, groupId: string, gameType: string, userIds?: readonly string[]) {
  let query = db
    .selectFrom('civ_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select('u.username')
    .where('r.group_id', '=', groupId)
    .where('r.game_type', '=', gameType);
  if (userIds) query = query.where('r.user_id', 'in', userIds.length ? userIds : ['']);
  return query.execute();
}

/** Replaces the standings of some members (of everyone in the group's type when userIds is absent). */
export async function replaceStandings(
  db: Db,
  groupId: string,
  gameType: string,
  rows: CivRatingsTable[],
  userIds?: readonly string[],
): Promise<void> {
  let remove = db.deleteFrom('civ_ratings').where('group_id', '=', groupId).where('game_type', '=', gameType);
  if (userIds) remove = remove.where('user_id', 'in', userIds.length ? userIds : ['']);
  await remove.execute();
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('civ_ratings')
      .values(rows.slice(i, i + 200))
      .execute();
}

/** Clears the drafted flag of the event whose draft the game was. */
export async function clearEventDraft(db: Db, gameId: string): Promise<void> {
  await db.updateTable('events').set({ is_drafted: 0, draft_game_id: null }).where('draft_game_id', '=', gameId).execute();
}

/** A restored game becomes its event's draft again, unless the event has been drafted anew since. */
export async function relinkEventDraft(db: Db, eventId: string, gameId: string): Promise<void> {
  await db
    .updateTable('events')
    .set({ is_drafted: 1, draft_game_id: gameId })
    .where('id', '=', eventId)
    .where('draft_game_id', 'is', null)
    .execute();
}

export async function markEventDrafted(db: Db, eventId: string, gameId: string): Promise<void> {
  await db.updateTable('events').set({ is_drafted: 1, draft_game_id: gameId }).where('id', '=', eventId).execute();
}
