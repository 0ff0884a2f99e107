import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/schema';
import '../src/features/runescape/runescape.tables';
import { call, createGroup, join, type TestUser } from './groups-fixtures';

/** A private Old School RuneScape clan owned by `owner`, with `members` joined. */
export async function createClan(app: FastifyInstance, owner: TestUser, members: TestUser[] = [], fields: { isPrivate?: boolean } = {}) {
  const group = await createGroup(app, owner, { groupName: 'Iron Clan', gameName: 'Old School RuneScape', ...fields });
  for (const member of members) await join(app, group, member);
  return group;
}

export const link = (app: FastifyInstance, as: TestUser, groupID: string, playerName: string, gameMode = 'normal') =>
  call(app, '/api/runescape/linkAccount', { method: 'POST', as, payload: { groupID, playerName, gameMode } });

export const clanStats = (app: FastifyInstance, as: TestUser | null, groupID: string, period = 'week') =>
  call(app, `/api/runescape/getClanStats?groupID=${groupID}&period=${period}`, { as });

/** The stored snapshots of a player name (any mode), oldest first. */
export async function snapshotsOf(db: Db, playerKey: string) {
  return db
    .selectFrom('runescape_snapshots')
    .innerJoin('runescape_players', 'runescape_players.id', 'runescape_snapshots.player_id')
    .select(['runescape_snapshots.taken_at', 'runescape_snapshots.overall_xp', 'runescape_snapshots.data'])
    .where('runescape_players.player_key', '=', playerKey)
    .orderBy('runescape_snapshots.taken_at')
    .execute();
}
