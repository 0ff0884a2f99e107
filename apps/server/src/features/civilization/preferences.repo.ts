import type { Db } from '../../db/schema';
import type { CivSettingPreferencesTable } from './civilization.tables';
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
