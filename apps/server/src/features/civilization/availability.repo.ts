import { precompiled } from '../../db/precompiled';
import type { Db } from '../../db/schema';
import type { CivAvailabilityTable } from './civilization.tables';
import './civilization.tables';

export type AvailabilityRow = { user_id: string; username: string; day: string; time: string; time_zone: string };
type SlotKey = Pick<CivAvailabilityTable, 'group_id' | 'user_id' | 'day' | 'time'>;

// Only current members count: a member who left keeps their rows, but no grid shows them.
const ofMembers = (db: Db, groupId: string) =>
  db
    .selectFrom('civ_availability as a')
    .innerJoin('group_members as m', (join) => join.onRef('m.group_id', '=', 'a.group_id').onRef('m.user_id', '=', 'a.user_id'))
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.user_id', 'u.username', 'a.day', 'a.time', 'a.time_zone'])
    .where('a.group_id', '=', groupId);

/** Every current member's slots in a group. */
export const listByGroup = (db: Db, groupId: string): Promise<AvailabilityRow[]> => groupSlots.all(db, groupId);
// Read by every answer of the group's grid, which is worked out afresh each time: compiled once.
const groupSlots = precompiled(1, (db, groupId) => ofMembers(db, groupId).orderBy('u.username').orderBy('a.user_id'));

/** One member's slots in a group. */
export const listByUser = (db: Db, groupId: string, userId: string): Promise<AvailabilityRow[]> => memberSlots.all(db, groupId, userId);
// Read with every tick: compiled once.
const memberSlots = precompiled(2, (db, groupId, userId) => ofMembers(db, groupId).where('a.user_id', '=', userId));

/**
 * The caller's own slots in a group with the time zone of their profile (null when unset), in one
 * statement: a tick reads both in its transaction.
 */
export async function listOwnWithProfileZone(
  db: Db,
  groupId: string,
  userId: string,
): Promise<{ profileZone: string | null; slots: AvailabilityRow[] }> {
  const rows = await ownSlots.all(db, groupId, userId);
  const slots = rows.flatMap(({ profile_zone: _, ...row }) => (row.day === null ? [] : [row as AvailabilityRow]));
  return { profileZone: rows[0]?.profile_zone ?? null, slots };
}
// One row for the user even without slots; a slot counts only while they are a member, as in ofMembers.
const ownSlots = precompiled(2, (db, groupId, userId) =>
  db
    .selectFrom('users as u')
    .leftJoin('group_members as m', (join) => join.on('m.group_id', '=', groupId).onRef('m.user_id', '=', 'u.id'))
    .leftJoin('civ_availability as a', (join) => join.onRef('a.group_id', '=', 'm.group_id').onRef('a.user_id', '=', 'm.user_id'))
    .select(['u.time_zone as profile_zone', 'a.user_id', 'u.username', 'a.day', 'a.time', 'a.time_zone'])
    .where('u.id', '=', userId),
);

/**
 * Reads all of a member's slots in a group on the clock of `timeZone` from now on: a member's week
 * is one week of their own life, so answering from a new zone takes the earlier answers along.
 */
export async function moveToZone(db: Db, groupId: string, userId: string, timeZone: string): Promise<void> {
  await db
    .updateTable('civ_availability')
    .set({ time_zone: timeZone })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('time_zone', '<>', timeZone)
    .execute();
}

/** Marks the slot free; the primary key makes a repeated or concurrent insert a no-op. */
// An availability tick writes one of these two, compiled once.
const insertSlot = precompiled(6, (db, groupId, userId, day, time, timeZone, createdAt) =>
  db
    .insertInto('civ_availability')
    .values({ group_id: groupId, user_id: userId, day, time, time_zone: timeZone, created_at: createdAt as unknown as number })
    .onConflict((oc) => oc.columns(['group_id', 'user_id', 'day', 'time']).doNothing()),
);
const deleteSlot = precompiled(4, (db, groupId, userId, day, time) =>
  db
    .deleteFrom('civ_availability')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('day', '=', day)
    .where('time', '=', time),
);

// A tick's one write: in its transaction on PostgreSQL it leaves with the `commit`.
export async function insertIfAbsent(db: Db, row: CivAvailabilityTable): Promise<void> {
  await insertSlot.sentWithNext(db, row.group_id, row.user_id, row.day, row.time, row.time_zone, row.created_at);
}

export async function remove(db: Db, key: SlotKey): Promise<void> {
  await deleteSlot.sentWithNext(db, key.group_id, key.user_id, key.day, key.time);
}
