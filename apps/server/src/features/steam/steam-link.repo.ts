import type { Db } from '../../db/schema';

/** A pending "Link Steam Account": who started it; the state itself is stored only as a hash. */
export interface SteamLoginStatesTable {
  state_hash: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** OpenID response nonces already accepted, kept until they are too old to be accepted anyway. */
export interface SteamOpenIdNoncesTable {
  nonce: string;
  expires_at: number;
}

/** A Steam ID that Steam confirmed for a user, waiting for the /steamlink page to save it. */
export interface SteamLinkGrantsTable {
  id: string;
  user_id: string;
  steam_id: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

declare module '../../db/schema' {
  interface Database {
    steam_login_states: SteamLoginStatesTable;
    steam_openid_nonces: SteamOpenIdNoncesTable;
    steam_link_grants: SteamLinkGrantsTable;
  }
}

export async function insertState(db: Db, row: SteamLoginStatesTable): Promise<void> {
  await db.insertInto('steam_login_states').values(row).execute();
}

/** Uses up an unexpired state in one statement (so it works once) and returns whose it was. */
export async function consumeState(db: Db, stateHash: string, now: number): Promise<string | undefined> {
  const row = await db
    .updateTable('steam_login_states')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Records a nonce; false when it was already there, i.e. the assertion is a replay. */
export async function recordNonce(db: Db, nonce: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .insertInto('steam_openid_nonces')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function insertGrant(db: Db, row: SteamLinkGrantsTable): Promise<void> {
  await db.insertInto('steam_link_grants').values(row).execute();
}

/** Uses up the unexpired grants of exactly this user and Steam ID; false when there is none. */
export async function consumeGrant(db: Db, userId: string, steamId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('steam_link_grants')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('steam_id', '=', steamId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) >= 1;
}

/** The user a Steam ID is linked to, if any. */
export async function findUserIdBySteamId(db: Db, steamId: string): Promise<string | undefined> {
  const row = await db.selectFrom('users').select('id').where('steam_id', '=', steamId).executeTakeFirst();
  return row?.id;
}

/** Drops states, grants and nonces that can no longer be used. */
export async function pruneExpired(db: Db, now: number): Promise<void> {
  await db.deleteFrom('steam_login_states').where('expires_at', '<=', now).execute();
  await db.deleteFrom('steam_link_grants').where('expires_at', '<=', now).execute();
  await db.deleteFrom('steam_openid_nonces').where('expires_at', '<=', now).execute();
}
