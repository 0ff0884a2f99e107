import type { Db } from '../../db/schema';
import type { DiscordLinksTable, DiscordLoginGrantsTable, DiscordOauthStatesTable } from './discord-app.tables';

export const findLinkByUser = (db: Db, userId: string) =>
  db.selectFrom('discord_links').selectAll().where('user_id', '=', userId).executeTakeFirst();

export const findLinkByDiscordId = (db: Db, discordId: string) =>
  db.selectFrom('discord_links').selectAll().where('discord_id', '=', discordId).executeTakeFirst();

/** Links (or re-links) the user's Discord account. */
export async function upsertLink(db: Db, row: DiscordLinksTable): Promise<void> {
  await db
    .insertInto('discord_links')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ discord_id: row.discord_id, discord_username: row.discord_username, linked_at: row.linked_at }),
    )
    .execute();
}

export async function deleteLink(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('discord_links').where('user_id', '=', userId).execute();
}

export async function setDmReminders(db: Db, userId: string, on: boolean): Promise<boolean> {
  const result = await db
    .updateTable('discord_links')
    .set({ dm_reminders: on ? 1 : 0 })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertState(db: Db, row: DiscordOauthStatesTable): Promise<void> {
  await db.insertInto('discord_oauth_states').values(row).execute();
}

/** Marks a state used and returns it, once: a second use (or an expired state) finds nothing. */
export const consumeState = (db: Db, stateHash: string, now: number) =>
  db
    .updateTable('discord_oauth_states')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();

export async function insertGrant(db: Db, row: DiscordLoginGrantsTable): Promise<void> {
  await db.insertInto('discord_login_grants').values(row).execute();
}

/** Marks a grant used and returns its user, once, to the browser that started the sign-in. */
export const consumeGrant = async (db: Db, grantHash: string, browserHash: string, now: number): Promise<string | undefined> =>
  (
    await db
      .updateTable('discord_login_grants')
      .set({ used_at: now })
      .where('grant_hash', '=', grantHash)
      .where('browser_hash', '=', browserHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst()
  )?.user_id;

/** Forgets states and grants past their expiry. */
export async function pruneExpired(db: Db, now: number): Promise<void> {
  await db.deleteFrom('discord_oauth_states').where('expires_at', '<', now).execute();
  await db.deleteFrom('discord_login_grants').where('expires_at', '<', now).execute();
}

export const usernameTaken = async (db: Db, usernameKey: string): Promise<boolean> =>
  (await db.selectFrom('users').select('id').where('username_key', '=', usernameKey).executeTakeFirst()) !== undefined;

/** Gives an account made by a Discord sign-in its real email. */
export async function setEmail(db: Db, userId: string, email: string): Promise<void> {
  await db.updateTable('users').set({ email }).where('id', '=', userId).execute();
}
