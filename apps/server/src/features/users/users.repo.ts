import type { Db, UsersTable } from '../../db/schema';

export type UserRow = UsersTable;

export const findById = (db: Db, id: string) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const findByUsernameKey = (db: Db, usernameKey: string) =>
  db.selectFrom('users').selectAll().where('username_key', '=', usernameKey).executeTakeFirst();

export async function insert(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string, changedAt: number): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash, password_changed_at: changedAt }).where('id', '=', id).execute();
}

export async function updateSteamId(db: Db, id: string, steamId: string | null): Promise<void> {
  await db.updateTable('users').set({ steam_id: steamId }).where('id', '=', id).execute();
}

/** The user's chosen IANA time zone, or null. */
export async function findTimeZone(db: Db, id: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('time_zone').where('id', '=', id).executeTakeFirst();
  return row?.time_zone ?? null;
}

export async function updateTimeZone(db: Db, id: string, timeZone: string | null): Promise<void> {
  await db.updateTable('users').set({ time_zone: timeZone }).where('id', '=', id).execute();
}
