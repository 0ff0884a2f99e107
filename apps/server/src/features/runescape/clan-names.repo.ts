import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type { RuneScapeDepartedAccountsTable, RuneScapeRosterInvitationsTable } from './runescape.tables';

export type DepartedRow = RuneScapeDepartedAccountsTable;
export type InvitationRow = RuneScapeRosterInvitationsTable;
export type InvitationWithClaimerRow = InvitationRow & { claimed_by_username: string | null; claim_held_by: string | null };

/**
 * Moves a departing member's link out of the clan's accounts (their name is free at once) into
 * the departed links, replacing an older one. Three statements, none when nothing is linked.
 */
export async function departAccount(tx: Db, groupId: string, userId: string, now: number): Promise<boolean> {
  const account = await tx
    .selectFrom('runescape_accounts')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!account) return false;
  const row: DepartedRow = {
    group_id: groupId,
    user_id: userId,
    player_id: account.player_id,
    linked_at: account.linked_at,
    departed_at: now,
  };
  await tx
    .insertInto('runescape_departed_accounts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['group_id', 'user_id']).doUpdateSet({ player_id: row.player_id, linked_at: row.linked_at, departed_at: now }),
    )
    .execute();
  await tx.deleteFrom('runescape_accounts').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
  return true;
}

export const findDeparted = (db: Db, groupId: string, userId: string): Promise<DepartedRow | undefined> =>
  db.selectFrom('runescape_departed_accounts').selectAll().where('group_id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();

export async function deleteDeparted(db: Db, groupId: string, userId: string): Promise<void> {
  await db.deleteFrom('runescape_departed_accounts').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

/**
 * Forgets the departures before `before`, and the snapshots of their players that no clan links
 * or keeps any more (the refresh no longer updates them). A fixed four statements.
 */
export async function purgeDeparted(db: Db, before: number): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const gone = await tx.selectFrom('runescape_departed_accounts').select('player_id').where('departed_at', '<', before).execute();
    if (gone.length === 0) return 0;
    await tx.deleteFrom('runescape_departed_accounts').where('departed_at', '<', before).execute();
    const playerIds = [...new Set(gone.map((row) => row.player_id))];
    const orphans = await tx
      .selectFrom('runescape_players')
      .select('id')
      .where('id', 'in', playerIds)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('runescape_accounts')
              .select(sql.lit(1).as('one'))
              .whereRef('runescape_accounts.player_id', '=', 'runescape_players.id'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('runescape_departed_accounts')
              .select(sql.lit(1).as('one'))
              .whereRef('runescape_departed_accounts.player_id', '=', 'runescape_players.id'),
          ),
        ),
      )
      .execute();
    const ids = orphans.map((row) => row.id);
    if (ids.length === 0) return gone.length;
    await tx.updateTable('runescape_players').set({ latest_snapshot_id: null, last_checked_at: null }).where('id', 'in', ids).execute();
    await tx.deleteFrom('runescape_snapshots').where('player_id', 'in', ids).execute();
    return gone.length;
  });
}

/** Copies a player's snapshots to another player (a rename): those older than the target's first one. */
export async function copySnapshots(db: Db, fromPlayerId: string, toPlayerId: string): Promise<void> {
  await db
    .insertInto('runescape_snapshots')
    .columns(['id', 'player_id', 'taken_at', 'overall_xp', 'data'])
    .expression((eb) =>
      eb
        .selectFrom('runescape_snapshots as s')
        .select([
          sql<string>`s.id || ${`:${toPlayerId}`}`.as('id'),
          sql.lit(toPlayerId).as('player_id'),
          's.taken_at',
          's.overall_xp',
          's.data',
        ])
        .where('s.player_id', '=', fromPlayerId)
        .where(({ eb: e, selectFrom }) =>
          e(
            's.taken_at',
            '<',
            e.fn.coalesce(
              selectFrom('runescape_snapshots as t')
                .select((t) => t.fn.min('t.taken_at').as('first'))
                .where('t.player_id', '=', toPlayerId),
              sql.lit(Number.MAX_SAFE_INTEGER),
            ),
          ),
        ),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Adds the roster's names as invitations; a name already invited in the clan is left as it is. */
export async function insertInvitations(db: Db, rows: InvitationRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db
    .insertInto('runescape_roster_invitations')
    .values(rows)
    .onConflict((oc) => oc.columns(['group_id', 'game_mode', 'player_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The clan's invitations in name order, with the claimer's username and whether the claimer, still
 * a member, still links that name (else the claim has lapsed): one query.
 */
export const listInvitations = (db: Db, groupId: string): Promise<InvitationWithClaimerRow[]> =>
  db
    .selectFrom('runescape_roster_invitations')
    .leftJoin('users', 'users.id', 'runescape_roster_invitations.claimed_by')
    .leftJoin('runescape_players', (join) =>
      join
        .onRef('runescape_players.game_mode', '=', 'runescape_roster_invitations.game_mode')
        .onRef('runescape_players.player_key', '=', 'runescape_roster_invitations.player_key'),
    )
    .leftJoin('runescape_accounts', (join) =>
      join
        .onRef('runescape_accounts.player_id', '=', 'runescape_players.id')
        .onRef('runescape_accounts.group_id', '=', 'runescape_roster_invitations.group_id')
        .onRef('runescape_accounts.user_id', '=', 'runescape_roster_invitations.claimed_by'),
    )
    .leftJoin('group_members', (join) =>
      join.onRef('group_members.group_id', '=', 'runescape_accounts.group_id').onRef('group_members.user_id', '=', 'runescape_accounts.user_id'),
    )
    .selectAll('runescape_roster_invitations')
    .select(['users.username as claimed_by_username', 'group_members.user_id as claim_held_by'])
    .where('runescape_roster_invitations.group_id', '=', groupId)
    .orderBy('runescape_roster_invitations.player_key')
    .execute();

export const findInvitation = (db: Db, groupId: string, invitationId: string): Promise<InvitationRow | undefined> =>
  db
    .selectFrom('runescape_roster_invitations')
    .selectAll()
    .where('id', '=', invitationId)
    .where('group_id', '=', groupId)
    .executeTakeFirst();

/**
 * Marks the invitation claimed by the member linking its name (in the link's transaction, so the
 * unique link settles who holds it; a claimer who no longer links the name loses the claim).
 */
export async function claimInvitation(db: Db, invitationId: string, userId: string, now: number): Promise<void> {
  await db
    .updateTable('runescape_roster_invitations')
    .set((eb) => ({
      claimed_by: userId,
      claimed_at: eb.case().when('claimed_by', '=', userId).then(eb.ref('claimed_at')).else(now).end(),
    }))
    .where('id', '=', invitationId)
    .execute();
}
