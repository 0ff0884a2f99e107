import type { Insertable, Selectable } from 'kysely';
import { precompiled } from '../../db/precompiled';
import { rowCache } from '../../db/row-cache';
import type { Db, UsersTable } from '../../db/schema';
import { postgresReadsOf, tableVersionsColumn, type TableVersions } from '../../db/table-versions';

export type UserRow = Selectable<UsersTable>;

// Read for the caller of nearly every request: compiled once, and kept between requests on SQLite
// until the users table is written to.
const byId = precompiled(1, (db, id) => db.selectFrom('users').selectAll().where('id', '=', id));
const cachedById = rowCache<UserRow>({ tables: ['users'], ttlMs: 60_000, max: 10_000 });
export const findById = (db: Db, id: string): Promise<UserRow | undefined> => cachedById.read(db, id, () => byId.first(db, id));

// On PostgreSQL the caller's account is read with every table's version, for the answers kept
// between requests (plugins/kept-responses.ts): one statement where there would be two.
const callerById = precompiled(1, (db, id) => db.selectFrom('users').selectAll().select(tableVersionsColumn(db)).where('id', '=', id));
/** The account of a request's caller; on PostgreSQL with every table's version. */
export const findCaller = (db: Db, id: string): Promise<(UserRow & { table_versions?: TableVersions | null }) | undefined> =>
  postgresReadsOf(db) ? callerById.first(db, id) : findById(db, id);

export const findByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export const findByUsernameKey = (db: Db, usernameKey: string) =>
  db.selectFrom('users').selectAll().where('username_key', '=', usernameKey).executeTakeFirst();

export async function insert(db: Db, row: Insertable<UsersTable>): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

/**
 * Sets a new password and raises the session version in the same statement, so every token
 * issued before it is refused; returns the new version (undefined when the user is gone).
 */
export async function updatePassword(db: Db, id: string, passwordHash: string, changedAt: number): Promise<number | undefined> {
  const row = await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, password_changed_at: changedAt, session_version: eb('session_version', '+', 1) }))
    .where('id', '=', id)
    .returning('session_version')
    .executeTakeFirst();
  return row && Number(row.session_version);
}

export async function updateSteamId(db: Db, id: string, steamId: string | null): Promise<void> {
  await db.updateTable('users').set({ steam_id: steamId }).where('id', '=', id).execute();
}

/** The user's chosen IANA time zone, or null. */
export async function findTimeZone(db: Db, id: string): Promise<string | null> {
  const row = await timeZoneOf.first(db, id);
  return row?.time_zone ?? null;
}
// Read with every availability tick: compiled once.
const timeZoneOf = precompiled(1, (db, id) => db.selectFrom('users').select('time_zone').where('id', '=', id));

export async function updateTimeZone(db: Db, id: string, timeZone: string | null): Promise<void> {
  await db.updateTable('users').set({ time_zone: timeZone }).where('id', '=', id).execute();
}
