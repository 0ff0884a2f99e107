import type { Db } from '../../db/schema';
import type { RuneScapeBingosTable } from './bingo.tables';
import type { BoundaryStatus, RuneScapeCompetitionsTable } from './competitions.tables';
import './bingo.tables';
import './competitions.tables';
import './runescape.tables';

/**
 * What a clan's competitions and bingos store alike: one row per contest that runs from a start to
 * an end and is then closed, and members measured through the account each has linked in the clan.
 */
export type ContestTable = 'runescape_competitions' | 'runescape_bingos';

interface ContestRows {
  runescape_competitions: RuneScapeCompetitionsTable;
  runescape_bingos: RuneScapeBingosTable;
}

/** The columns of each contest set once, when a step is done. */
export interface OnceColumns {
  runescape_competitions:
    | 'participants_fixed_at'
    | 'start_done_at'
    | 'end_done_at'
    | 'posted_start_at'
    | 'posted_day_at'
    | 'posted_hour_at'
    | 'posted_end_at'
    | 'closed_at';
  runescape_bingos: 'start_done_at' | 'end_done_at' | 'posted_end_at' | 'closed_at';
}

/** A contest's two boundaries: each member's values are taken at the start and at the end. */
export type Boundary = 'start' | 'end';

/** What a boundary settles on a member's row, named without the boundary's prefix. */
export interface BoundaryFields {
  status?: BoundaryStatus;
  attempts?: number;
  next_at?: number;
  taken_at?: number;
  /** JSON object: metric id -> value. */
  values?: string;
}

/** The fields under the boundary's column names: { status } at the end is { end_status }. */
export const boundaryColumns = <B extends Boundary>(boundary: B, fields: BoundaryFields) =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [`${boundary}_${name}`, value])) as {
    [K in keyof BoundaryFields as `${B}_${K}`]?: BoundaryFields[K];
  };

/** A member's name, the account measured and its latest snapshot, as the standings and boards read them. */
export interface LinkedPlayerView {
  username: string;
  player_name: string | null;
  game_mode: string | null;
  last_checked_at: number | null;
  latest_data: string | null;
  latest_taken_at: number | null;
}

/** Selects a LinkedPlayerView, with `users`, `runescape_players` and `runescape_snapshots` joined. */
export const linkedPlayerColumns = [
  'users.username',
  'runescape_players.player_name',
  'runescape_players.game_mode',
  'runescape_players.last_checked_at',
  'runescape_snapshots.data as latest_data',
  'runescape_snapshots.taken_at as latest_taken_at',
] as const;

export async function insertContest<T extends ContestTable>(db: Db, table: T, row: ContestRows[T]): Promise<void> {
  await db
    .insertInto(table as ContestTable)
    .values(row)
    .execute();
}

export const findContest = <T extends ContestTable>(db: Db, table: T, id: string) =>
  db
    .selectFrom(table as ContestTable)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst() as Promise<ContestRows[T] | undefined>;

/** Takes the contest's row lock (a no-op update, which both engines lock) inside a transaction. */
export const lockContest = <T extends ContestTable>(db: Db, table: T, id: string) =>
  db
    .updateTable(table as ContestTable)
    .set((eb) => ({ name: eb.ref('name') }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst() as Promise<ContestRows[T] | undefined>;

export async function updateContest<T extends ContestTable>(db: Db, table: T, id: string, fields: Partial<ContestRows[T]>): Promise<void> {
  await db
    .updateTable(table as ContestTable)
    .set(fields)
    .where('id', '=', id)
    .execute();
}

/** Deletes the contest; its members and everything else of it go with it (cascade). */
export async function deleteContest(db: Db, table: ContestTable, id: string): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

/** Started contests with something left to do, the oldest first. */
export const listOpenContests = <T extends ContestTable>(db: Db, table: T, now: number, limit: number) =>
  db
    .selectFrom(table as ContestTable)
    .selectAll()
    .where('closed_at', 'is', null)
    .where('starts_at', '<=', now)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(limit)
    .execute() as Promise<ContestRows[T][]>;

/** Sets a column of the contest that is still null; true for the one caller that set it. */
export async function markContestOnce<T extends ContestTable>(
  db: Db,
  table: T,
  id: string,
  column: OnceColumns[T],
  now: number,
): Promise<boolean> {
  const once = column as OnceColumns[ContestTable];
  const result = await db
    .updateTable(table as ContestTable)
    .set({ [once]: now })
    .where('id', '=', id)
    .where(once, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Claims the contest's refresh (the one caller that moves `refreshed_at` from `previous` to `now`). */
export async function markContestRefreshed(
  db: Db,
  table: ContestTable,
  id: string,
  previous: number | null,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ refreshed_at: now })
    .where('id', '=', id)
    .where((w) => (previous === null ? w('refreshed_at', 'is', null) : w('refreshed_at', '=', previous)))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The clan's current links: accounts of users who are still members. */
export const clanLinks = (db: Db, groupId: string) =>
  db
    .selectFrom('runescape_accounts')
    .innerJoin('group_members', (join) =>
      join
        .onRef('group_members.group_id', '=', 'runescape_accounts.group_id')
        .onRef('group_members.user_id', '=', 'runescape_accounts.user_id'),
    )
    .where('runescape_accounts.group_id', '=', groupId);

/** The member's current link in the clan (while a member). */
export const findLinkedPlayer = async (db: Db, groupId: string, userId: string): Promise<string | undefined> =>
  (await clanLinks(db, groupId).select('runescape_accounts.player_id').where('runescape_accounts.user_id', '=', userId).executeTakeFirst())
    ?.player_id;

/** The current links in the clan of these users (while members). */
export const listLinkedPlayers = async (db: Db, groupId: string, userIds: readonly string[]): Promise<Map<string, string>> =>
  userIds.length === 0
    ? new Map()
    : new Map(
        (
          await clanLinks(db, groupId)
            .select(['runescape_accounts.user_id', 'runescape_accounts.player_id'])
            .where('runescape_accounts.user_id', 'in', [...userIds])
            .execute()
        ).map((r) => [r.user_id, r.player_id]),
      );
