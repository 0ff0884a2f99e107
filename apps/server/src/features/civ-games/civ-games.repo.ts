import { sql, type RawBuilder } from 'kysely';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { Db } from '../../db/schema';
import type { CivGameMembersTable, CivGamesTable, CivRatingsTable } from './civ-games.tables';
import './civ-games.tables';

export type GameRow = CivGamesTable;
export type GameMemberRow = CivGameMembersTable & { username: string };

export interface GameFilter {
  field: 'gameName' | 'host' | 'map' | 'member' | 'victoryType' | 'winner';
  type: 'is' | 'includes';
  value: string;
}

export const findById = (db: Db, id: string): Promise<GameRow | undefined> =>
  db.selectFrom('civ_games').selectAll().where('id', '=', id).executeTakeFirst();

/** Reads the game and holds its row lock until the transaction ends (a write that changes nothing). */
export const lockById = (db: Db, id: string): Promise<GameRow | undefined> =>
  db
    .updateTable('civ_games')
    .set((eb) => ({ game_name: eb.ref('game_name') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export async function insert(db: Db, game: GameRow, members: CivGameMembersTable[]): Promise<void> {
  await db.insertInto('civ_games').values(game).execute();
  await db.insertInto('civ_game_members').values(members).execute();
}

export async function update(db: Db, id: string, changes: Partial<Omit<GameRow, 'id' | 'group_id'>>): Promise<void> {
  if (Object.keys(changes).length) await db.updateTable('civ_games').set(changes).where('id', '=', id).execute();
}

export async function updateMember(
  db: Db,
  gameId: string,
  userId: string,
  changes: Partial<Pick<CivGameMembersTable, 'team' | 'is_active' | 'won'>>,
) {
  if (Object.keys(changes).length) {
    await db.updateTable('civ_game_members').set(changes).where('game_id', '=', gameId).where('user_id', '=', userId).execute();
  }
}

export async function deleteById(db: Db, id: string): Promise<void> {
  await db.deleteFrom('civ_games').where('id', '=', id).execute();
}

/** The members of some games, in each game's order. */
export async function listMembers(db: Db, gameIds: readonly string[]): Promise<GameMemberRow[]> {
  if (gameIds.length === 0) return [];
  return db
    .selectFrom('civ_game_members as gm')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .selectAll('gm')
    .select('u.username')
    .where('gm.game_id', 'in', gameIds)
    .orderBy('gm.game_id')
    .orderBy('gm.position')
    .execute();
}

const likePattern = (value: string) => `%${value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Games of a group, active or finished (of one type), newest first, filtered on one column; one page and the total. */
export async function listPage(
  db: Db,
  params: { groupId: string; finished: boolean; gameType?: GameType; filter?: GameFilter; offset: number; limit: number },
): Promise<{ rows: GameRow[]; total: number }> {
  let query = db.selectFrom('civ_games as g').where('g.group_id', '=', params.groupId);
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
    else query = query.where('g.id', 'in', db.selectFrom('civ_game_members as gm').select('gm.game_id').where('gm.user_id', 'in', namedUsers));
  }
  const order = params.finished ? 'g.finished_at' : 'g.created_at';
  // The page's ids come from the index alone; only the ten rows shown are read in full, however deep the page.
  const pageIds = query.select('g.id').orderBy(order, 'desc').orderBy('g.id', 'desc').limit(params.limit).offset(params.offset);
  const [rows, count] = await Promise.all([
    db.selectFrom('civ_games as g').selectAll('g').where('g.id', 'in', pageIds).orderBy(order, 'desc').orderBy('g.id', 'desc').execute(),
    query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Finished games of a group and type with their members, oldest first: the history ratings are computed from. */
export async function listFinishedHistory(db: Db, groupId: string, gameType: string) {
  return db
    .selectFrom('civ_games as g')
    .innerJoin('civ_game_members as gm', 'gm.game_id', 'g.id')
    .select(['g.id', 'gm.user_id', 'gm.team', 'gm.won'])
    .where('g.group_id', '=', groupId)
    .where('g.game_type', '=', gameType)
    .where('g.finished_at', 'is not', null)
    .orderBy('g.finished_at')
    .orderBy('g.id')
    .orderBy('gm.position')
    .execute();
}

/** Per member: games played and wins per victory type over a group's finished games of one type, in one aggregate query. */
export async function rankingCounts(db: Db, groupId: string, gameType: string) {
  const wins = (victory: string) => sql<number>`sum(case when gm.won = 1 and g.victory_type = ${victory} then 1 else 0 end)`;
  return db
    .selectFrom('civ_games as g')
    .innerJoin('civ_game_members as gm', 'gm.game_id', 'g.id')
    .innerJoin('users as u', 'u.id', 'gm.user_id')
    .select((eb) => [
      'gm.user_id',
      'u.username',
      eb.fn.countAll<number>().as('games_played'),
      wins('Score').as('score'),
      wins('Science').as('science'),
      wins('Diplomatic').as('diplomatic'),
      wins('Domination').as('domination'),
      wins('Religion').as('religion'),
      wins('Culture').as('culture'),
      wins('Territorial').as('territorial'),
      sql<number>`sum(gm.won)`.as('total'),
    ])
    .where('g.group_id', '=', groupId)
    .where('g.game_type', '=', gameType)
    .where('g.finished_at', 'is not', null)
    .groupBy(['gm.user_id', 'u.username'])
    .execute();
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

export async function markEventDrafted(db: Db, eventId: string, gameId: string): Promise<void> {
  await db.updateTable('events').set({ is_drafted: 1, draft_game_id: gameId }).where('id', '=', eventId).execute();
}
