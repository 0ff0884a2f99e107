import type { Db } from '../../db/schema';
import type { CivPreferenceNoticesTable, CivSettingPreferencesTable } from './civilization.tables';
import './civilization.tables';

/** Optional filter to some users; an empty list matches nobody. */
const only = (userIds: readonly string[] | undefined) => (userIds === undefined ? undefined : userIds.length ? userIds : ['']);

export function listAgendas(db: Db, groupId: string, userIds?: readonly string[]) {
  let query = db
    .selectFrom('civ_leader_agendas as p')
    .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'p.group_id').onRef('m.user_id', '=', 'p.user_id'))
    .select(['p.user_id', 'p.agenda'])
    .where('p.group_id', '=', groupId);
  const users = only(userIds);
  if (users) query = query.where('p.user_id', 'in', users);
  return query.execute();
}

/** Bans in the order each member made them. */
export function listBans(db: Db, groupId: string, userIds?: readonly string[]) {
  let query = db
    .selectFrom('civ_leader_bans as p')
    .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'p.group_id').onRef('m.user_id', '=', 'p.user_id'))
    .select(['p.user_id', 'p.civ_id'])
    .where('p.group_id', '=', groupId);
  const users = only(userIds);
  if (users) query = query.where('p.user_id', 'in', users);
  return query.orderBy('p.user_id').orderBy('p.seq').execute();
}

/** Map choices in the order each member made them. */
export function listMaps(db: Db, groupId: string, userIds?: readonly string[]) {
  let query = db
    .selectFrom('civ_map_choices as p')
    .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'p.group_id').onRef('m.user_id', '=', 'p.user_id'))
    .select(['p.user_id', 'p.map_name'])
    .where('p.group_id', '=', groupId);
  const users = only(userIds);
  if (users) query = query.where('p.user_id', 'in', users);
  return query.orderBy('p.user_id').orderBy('p.seq').execute();
}

export function listSettingPreferences(db: Db, groupId: string, userIds?: readonly string[]) {
  let query = db
    .selectFrom('civ_setting_preferences as p')
    .innerJoin('group_members as m', (j) => j.onRef('m.group_id', '=', 'p.group_id').onRef('m.user_id', '=', 'p.user_id'))
    .select(['p.user_id', 'p.setting_type', 'p.title', 'p.value'])
    .where('p.group_id', '=', groupId);
  const users = only(userIds);
  if (users) query = query.where('p.user_id', 'in', users);
  return query.execute();
}

export async function upsertAgenda(db: Db, groupId: string, userId: string, agenda: string, now: number): Promise<void> {
  await db
    .insertInto('civ_leader_agendas')
    .values({ group_id: groupId, user_id: userId, agenda, updated_at: now })
    .onConflict((oc) => oc.columns(['group_id', 'user_id']).doUpdateSet({ agenda, updated_at: now }))
    .execute();
}

/** The member's bans, in order; read inside the group's lock before a ban is added. */
export const ownBans = (db: Db, groupId: string, userId: string) =>
  db
    .selectFrom('civ_leader_bans')
    .select(['civ_id', 'seq'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();

export async function insertBan(db: Db, groupId: string, userId: string, civId: string, seq: number): Promise<void> {
  await db
    .insertInto('civ_leader_bans')
    .values({ group_id: groupId, user_id: userId, civ_id: civId, seq })
    .onConflict((oc) => oc.columns(['group_id', 'user_id', 'civ_id']).doNothing())
    .execute();
}

export async function deleteBan(db: Db, groupId: string, userId: string, civId: string): Promise<void> {
  await db
    .deleteFrom('civ_leader_bans')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('civ_id', '=', civId)
    .execute();
}

export async function insertMap(db: Db, groupId: string, userId: string, mapName: string, seq: number): Promise<void> {
  await db
    .insertInto('civ_map_choices')
    .values({ group_id: groupId, user_id: userId, map_name: mapName, seq })
    .onConflict((oc) => oc.columns(['group_id', 'user_id', 'map_name']).doNothing())
    .execute();
}

export async function deleteMap(db: Db, groupId: string, userId: string, mapName: string): Promise<void> {
  await db
    .deleteFrom('civ_map_choices')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .where('map_name', '=', mapName)
    .execute();
}

export async function upsertSettingPreference(db: Db, row: CivSettingPreferencesTable): Promise<void> {
  await db
    .insertInto('civ_setting_preferences')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['group_id', 'user_id', 'setting_type', 'title']).doUpdateSet({ value: row.value, updated_at: row.updated_at }),
    )
    .execute();
}

/**
 * Every ban stored in the group, each user's in the order they were made, departed members' too:
 * a lowered limit holds for everyone's bans.
 */
export const groupBans = (db: Db, groupId: string) =>
  db
    .selectFrom('civ_leader_bans')
    .select(['user_id', 'civ_id', 'seq'])
    .where('group_id', '=', groupId)
    .orderBy('user_id')
    .orderBy('seq')
    .execute();

/** Deletes these bans of the group in one statement. */
export async function deleteBans(db: Db, groupId: string, bans: readonly { user_id: string; civ_id: string }[]): Promise<void> {
  if (!bans.length) return;
  await db
    .deleteFrom('civ_leader_bans')
    .where('group_id', '=', groupId)
    .where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple('user_id', 'civ_id'),
        'in',
        bans.map((ban) => tuple(ban.user_id, ban.civ_id)),
      ),
    )
    .execute();
}

export async function insertNotices(db: Db, rows: readonly CivPreferenceNoticesTable[]): Promise<void> {
  if (rows.length)
    await db
      .insertInto('civ_preference_notices')
      .values([...rows])
      .execute();
}

/**
 * The member's pending notices in the group, deleted by the same statement that reads them, so two
 * visits at once cannot both show one.
 */
export async function takeNotices(db: Db, groupId: string, userId: string): Promise<string[]> {
  const rows = await db
    .deleteFrom('civ_preference_notices')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .returning(['id', 'message', 'created_at'])
    .execute();
  // RETURNING keeps no order; ids are time-ordered, so they break ties within one millisecond.
  return rows
    .sort((a, b) => Number(a.created_at) - Number(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((row) => row.message);
}
