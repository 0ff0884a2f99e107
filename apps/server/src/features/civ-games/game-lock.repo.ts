import { PostgresAdapter } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import type { GroupMemberWithNameRow, MembershipColumns } from '../groups/group-members.repo';
import type { GroupsTable } from '../groups/groups.tables';
import { GROUP_COLUMNS, MEMBERSHIP_COLUMNS, splitLockedRow, type GroupColumns } from '../groups/locked-with-group';
import type { GameRow } from './civ-games.repo';

type LockedGameRow = GameRow & GroupColumns & MembershipColumns;

// Every change to a game (an edit, a proposal, a delete, a restore) reads it under its row lock,
// with its group and the caller's membership for the rules: one statement, compiled once. On
// PostgreSQL the lock is the game row's alone (FOR NO KEY UPDATE OF civ_games, as lockById took);
// SQLite runs one transaction at a time on the server's connection.
const lockedGame = precompiled(2, (db, gameId, userId) => {
  const query = db
    .selectFrom('civ_games')
    .innerJoin('groups', 'groups.id', 'civ_games.group_id')
    .leftJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'civ_games.group_id').on('m.user_id', '=', userId))
    .leftJoin('users', 'users.id', 'm.user_id')
    .selectAll('civ_games')
    .select(GROUP_COLUMNS)
    .select(MEMBERSHIP_COLUMNS)
    .where('civ_games.id', '=', gameId);
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forNoKeyUpdate('civ_games') : query;
});

/**
 * The game (deleted or not), held until the transaction ends, with its group and the user's
 * membership in it (undefined when they are not a member); undefined when there is no such game.
 */
export async function lockGameWithMembership(
  db: Db,
  gameId: string,
  userId: string,
): Promise<{ game: GameRow; group: GroupsTable; membership: GroupMemberWithNameRow | undefined } | undefined> {
  const row = (await lockedGame.first(db, gameId, userId)) as LockedGameRow | undefined;
  if (!row) return undefined;
  const { own: game, group, membership } = splitLockedRow<GameRow>(row, row.group_id);
  return { game, group, membership };
}
