import type { Db } from '../../db/schema';
import type { CivAvailabilityTable } from './civilization.tables';
import './civilization.tables';

export type AvailabilityRow = { user_id: string; username: string; day: string; time: string };

// Only current members count: a member who left keeps their rows, but no grid shows them.
const ofMembers = (db: Db, groupId: string) =>
  db
    .selectFrom('civ_availability as a')
    .innerJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'a.group_id').onRef('m.user_id', '=', 'a.user_id'))
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'u.username', 'a.day', 'a.time'])
    .where('a.group_id', '=', groupId);

/** Every current member's slots in a group. */
export const listByGroup = (db: Db, groupId: string): Promise<AvailabilityRow[]> =>
  ofMembers(db, groupId).orderBy('u.username').orderBy('a.user_id').execute();

/** One member's slots in a group. */
export const listByUser = (db: Db, groupId: string, userId: string): Promise<AvailabilityRow[]> =>
  ofMembers(db, groupId).where('a.user_id', '=', userId).execute();

export async function exists(db: Db, key: Omit<CivAvailabilityTable, 'created_at'>): Promise<boolean> {
  const row = await db
    .selectFrom('civ_availability')
    .select('day')
    .where('group_id', '=', key.group_id)
    .where('user_id', '=', key.user_id)
    .where('day', '=', key.day)
    .where('time', '=', key.time)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the slot free; the primary key makes a repeated or concurrent insert a no-op. */
export async function insertIfAbsent(db: Db, row: CivAvailabilityTable): Promise<void> {
  await db
    .insertInto('civ_availability')
    .values(row)
    .onConflict((oc) => oc.columns(['group_id', 'user_id', 'day', 'time']).doNothing())
    .execute();
}

export async function remove(db: Db, key: Omit<CivAvailabilityTable, 'created_at'>): Promise<void> {
  await db
    .deleteFrom('civ_availability')
    .where('group_id', '=', key.group_id)
    .where('user_id', '=', key.user_id)
    .where('day', '=', key.day)
    .where('time', '=', key.time)
    .execute();
}
