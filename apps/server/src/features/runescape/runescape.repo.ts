import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { RuneScapeAccountsTable, RuneScapePlayersTable, RuneScapeSnapshotsTable } from './runescape.tables';

export type PlayerRow = RuneScapePlayersTable;
export type SnapshotRow = RuneScapeSnapshotsTable;
export type AccountRow = RuneScapeAccountsTable;
export type AccountWithPlayerRow = AccountRow & Pick<PlayerRow, 'player_name' | 'game_mode' | 'last_checked_at'>;
export type ClanMemberRow = AccountWithPlayerRow & { username: string; latest_data: string | null; latest_taken_at: number | null };

export const findPlayer = (db: Db, gameMode: string, playerKey: string): Promise<PlayerRow | undefined> =>
  db.selectFrom('runescape_players').selectAll().where('game_mode', '=', gameMode).where('player_key', '=', playerKey).executeTakeFirst();

/** The player row of a name and mode, made when missing; the unique key settles a race. */
export async function upsertPlayer(db: Db, row: PlayerRow): Promise<PlayerRow> {
  await db
    .insertInto('runescape_players')
    .values(row)
    .onConflict((oc) => oc.columns(['game_mode', 'player_key']).doNothing())
    .execute();
  return (await findPlayer(db, row.game_mode, row.player_key))!;
}

export const findAccount = (db: Db, groupId: string, userId: string): Promise<AccountWithPlayerRow | undefined> =>
  db
    .selectFrom('runescape_accounts')
    .innerJoin('runescape_players', 'runescape_players.id', 'runescape_accounts.player_id')
    .selectAll('runescape_accounts')
    .select(['runescape_players.player_name', 'runescape_players.game_mode', 'runescape_players.last_checked_at'])
    .where('runescape_accounts.group_id', '=', groupId)
    .where('runescape_accounts.user_id', '=', userId)
    .executeTakeFirst();

/** Which current member of the clan has this player linked, if anyone. */
export const findLinkOfPlayer = (db: Db, groupId: string, playerId: string): Promise<AccountRow | undefined> =>
  db
    .selectFrom('runescape_accounts')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'runescape_accounts.group_id').onRef('group_members.user_id', '=', 'runescape_accounts.user_id'),
    )
    .selectAll('runescape_accounts')
    .where('runescape_accounts.player_id', '=', playerId)
    .where('runescape_accounts.group_id', '=', groupId)
    .executeTakeFirst();

/** The clan's link row of this player, whether or not its holder is still a member. */
export const findAnyLinkOfPlayer = (db: Db, groupId: string, playerId: string): Promise<AccountRow | undefined> =>
  db.selectFrom('runescape_accounts').selectAll().where('player_id', '=', playerId).where('group_id', '=', groupId).executeTakeFirst();

/**
 * Whether no clan links or keeps this player and it has no snapshots of its own: only then may a
 * rename copy another name's history into it. One query.
 */
export async function isFreshPlayer(db: Db, playerId: string): Promise<boolean> {
  const row = await db
    .selectFrom('runescape_players')
    .select('id')
    .where('id', '=', playerId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('runescape_accounts').select(sql.lit(1).as('one')).where('runescape_accounts.player_id', '=', playerId))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('runescape_departed_accounts').select(sql.lit(1).as('one')).where('runescape_departed_accounts.player_id', '=', playerId),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('runescape_snapshots').select(sql.lit(1).as('one')).where('runescape_snapshots.player_id', '=', playerId))),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether anyone besides this clan member links or keeps the player, in any clan. One query. */
export async function isSharedPlayer(db: Db, playerId: string, groupId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('runescape_accounts')
    .select('player_id')
    .where('player_id', '=', playerId)
    .where((w) => w.or([w('group_id', '!=', groupId), w('user_id', '!=', userId)]))
    .unionAll(
      db
        .selectFrom('runescape_departed_accounts')
        .select('player_id')
        .where('player_id', '=', playerId)
        .where((w) => w.or([w('group_id', '!=', groupId), w('user_id', '!=', userId)])),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the member's account in the clan, replacing an earlier one. */
export async function saveAccount(db: Db, row: AccountRow): Promise<void> {
  await db
    .insertInto('runescape_accounts')
    .values(row)
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ player_id: row.player_id, linked_at: row.linked_at }))
    .execute();
}

export async function removeAccount(db: Db, groupId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('runescape_accounts').where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Current members of the clan with a linked account, and each one's latest snapshot: one query. */
export const listClanMembers = (db: Db, groupId: string): Promise<ClanMemberRow[]> =>
  db
    .selectFrom('runescape_accounts')
    .innerJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'runescape_accounts.group_id').onRef('group_members.user_id', '=', 'runescape_accounts.user_id'),
    )
    .innerJoin('users', 'users.id', 'runescape_accounts.user_id')
    .innerJoin('runescape_players', 'runescape_players.id', 'runescape_accounts.player_id')
    .leftJoin('runescape_snapshots', 'runescape_snapshots.id', 'runescape_players.latest_snapshot_id')
    .selectAll('runescape_accounts')
    .select([
      'users.username',
      'runescape_players.player_name',
      'runescape_players.game_mode',
      'runescape_players.last_checked_at',
      'runescape_snapshots.data as latest_data',
      'runescape_snapshots.taken_at as latest_taken_at',
    ])
    .where('runescape_accounts.group_id', '=', groupId)
    .orderBy('users.username')
    .execute();

/**
 * For each of the clan's linked players, the snapshot in force at `since`: the last one taken at
 * or before it, or else the first one after it (a player linked during the period). One query,
 * each sub-select one seek on (player_id, taken_at).
 */
export const listBaselines = (db: Db, groupId: string, since: number): Promise<Pick<SnapshotRow, 'player_id' | 'data'>[]> =>
  db
    .selectFrom('runescape_accounts')
    .innerJoin('runescape_snapshots', 'runescape_snapshots.player_id', 'runescape_accounts.player_id')
    .select(['runescape_snapshots.player_id', 'runescape_snapshots.data'])
    .where('runescape_accounts.group_id', '=', groupId)
    .where(({ eb, selectFrom }) =>
      eb(
        'runescape_snapshots.taken_at',
        '=',
        eb.fn.coalesce(
          selectFrom('runescape_snapshots as before')
            .select((s) => s.fn.max('before.taken_at').as('at'))
            .whereRef('before.player_id', '=', 'runescape_accounts.player_id')
            .where('before.taken_at', '<=', since),
          selectFrom('runescape_snapshots as after')
            .select((s) => s.fn.min('after.taken_at').as('at'))
            .whereRef('after.player_id', '=', 'runescape_accounts.player_id')
            .where('after.taken_at', '>', since),
        ),
      ),
    )
    .execute();

export const listSnapshots = (db: Db, playerId: string, since: number, limit: number): Promise<Pick<SnapshotRow, 'taken_at' | 'data'>[]> =>
  db
    .selectFrom('runescape_snapshots')
    .select(['taken_at', 'data'])
    .where('player_id', '=', playerId)
    .where('taken_at', '>=', since)
    .orderBy('taken_at')
    .limit(limit)
    .execute();

/** The player's last snapshot taken at or before `at` (one seek on the player's index). */
export const findSnapshotAsOf = (db: Db, playerId: string, at: number): Promise<Pick<SnapshotRow, 'taken_at' | 'data'> | undefined> =>
  db
    .selectFrom('runescape_snapshots')
    .select(['taken_at', 'data'])
    .where('player_id', '=', playerId)
    .where('taken_at', '<=', at)
    .orderBy('taken_at', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Takes the player's row lock (a no-op update, which both engines lock) inside a transaction. */
export const lockPlayer = (db: Db, playerId: string): Promise<PlayerRow | undefined> =>
  db
    .updateTable('runescape_players')
    .set((eb) => ({ player_name: eb.ref('player_name') }))
    .where('id', '=', playerId)
    .returningAll()
    .executeTakeFirst();

export const snapshotData = async (db: Db, snapshotId: string): Promise<string | undefined> =>
  (await db.selectFrom('runescape_snapshots').select('data').where('id', '=', snapshotId).executeTakeFirst())?.data;

export async function insertSnapshot(db: Db, row: SnapshotRow): Promise<void> {
  await db.insertInto('runescape_snapshots').values(row).execute();
}

/** Records a successful check: the next one is due at `refreshDueAt`. */
export async function markChecked(
  db: Db,
  playerId: string,
  fields: { now: number; refreshDueAt: number; playerName?: string; latestSnapshotId?: string },
): Promise<void> {
  await db
    .updateTable('runescape_players')
    .set({
      last_checked_at: fields.now,
      refresh_due_at: fields.refreshDueAt,
      failures: 0,
      ...(fields.playerName ? { player_name: fields.playerName } : {}),
      ...(fields.latestSnapshotId ? { latest_snapshot_id: fields.latestSnapshotId } : {}),
    })
    .where('id', '=', playerId)
    .execute();
}

export async function markFailed(db: Db, playerId: string, refreshDueAt: number): Promise<void> {
  await db
    .updateTable('runescape_players')
    .set((eb) => ({ refresh_due_at: refreshDueAt, failures: eb('failures', '+', 1) }))
    .where('id', '=', playerId)
    .execute();
}

/** Players linked in at least one clan whose refresh is due, the longest due first. */
export const listDuePlayers = (db: Db, now: number, limit: number): Promise<PlayerRow[]> =>
  db
    .selectFrom('runescape_players')
    .selectAll()
    .where('refresh_due_at', '<=', now)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('runescape_accounts')
          .innerJoin('group_members', (join) =>
            join
              .onRef('group_members.group_id', '=', 'runescape_accounts.group_id')
              .onRef('group_members.user_id', '=', 'runescape_accounts.user_id'),
          )
          .select(sql.lit(1).as('one'))
          .whereRef('runescape_accounts.player_id', '=', 'runescape_players.id'),
      ),
    )
    .orderBy('refresh_due_at')
    .orderBy('id')
    .limit(limit)
    .execute();

/** The players linked in one clan, with when each was last checked. */
export const listClanPlayers = (db: Db, groupId: string): Promise<PlayerRow[]> =>
  db
    .selectFrom('runescape_players')
    .innerJoin('runescape_accounts', 'runescape_accounts.player_id', 'runescape_players.id')
    .selectAll('runescape_players')
    .where('runescape_accounts.group_id', '=', groupId)
    .execute();

/**
 * Takes or renews the named lease for `holder` until `until`; true when this holder has it. The
 * row's lock makes concurrent claims queue, and each re-checks the condition, so one wins.
 */
export async function claimLease(db: Db, name: string, holder: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable('runescape_job_lease')
    .set({ holder, lease_until: until })
    .where('name', '=', name)
    .where((w) => w.or([w('holder', '=', holder), w('lease_until', '<', now), w('holder', 'is', null)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease up (on shutdown), so another instance takes over at once. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.updateTable('runescape_job_lease').set({ holder: null, lease_until: 0 }).where('name', '=', name).where('holder', '=', holder).execute();
}
