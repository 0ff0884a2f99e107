import SQLite from 'better-sqlite3';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_VERSION_EVERY_MS } from '../src/db/sqlite-writes';
import { createGroup } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// The caller's account and their place in a group are kept between requests on SQLite; whatever
// writes to those tables, by whatever path, is seen by the very next request.

const queries: CompiledQuery[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => queries.push(query) });
});
afterAll(async () => {
  await t?.close();
});

const current = (token: string) => t.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: token } });
// On PostgreSQL the callers of requests that arrive together are read by one statement, from lists.
const usersQueries = () => queries.filter((q) => /from "users" where "id"/.test(q.sql) || /from unnest\(.*join users u on u\.id = c\.user_id/s.test(q.sql)).length;

describe('rows kept between requests', () => {
  it('are read once on SQLite, and every time on PostgreSQL', async () => {
    const { token } = await createUser(t.app);
    await current(token);
    queries.length = 0;
    for (let i = 0; i < 3; i++) expect((await current(token)).statusCode).toBe(200);
    expect(usersQueries()).toBe(t.database.kind === 'sqlite' ? 0 : 3);
  });

  it('lapse on a write that does not go through the account code', async () => {
    const { user, token } = await createUser(t.app);
    expect((await current(token)).json().username).toBe(user.username);
    await t.database.db.updateTable('users').set({ username: 'renamed' }).where('id', '=', user.id).execute();
    expect((await current(token)).json().username).toBe('renamed');
  });

  it('lapse when the account is deleted: its token is refused at once', async () => {
    const { user, token } = await createUser(t.app);
    expect((await current(token)).statusCode).toBe(200);
    await t.database.db.deleteFrom('users').where('id', '=', user.id).execute();
    expect((await current(token)).statusCode).toBe(401);
  });

  it('are not kept from inside a transaction that rolls back', async () => {
    const { user, token } = await createUser(t.app);
    await t.database.db
      .transaction()
      .execute(async (tx) => {
        await tx.updateTable('users').set({ session_version: 99 }).where('id', '=', user.id).execute();
        // The token is refused while the change stands, inside the transaction.
        expect((await tx.selectFrom('users').select('session_version').where('id', '=', user.id).executeTakeFirst())?.session_version).toBe(99);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await current(token)).statusCode).toBe(200);
  });

  it('lapse when a membership changes', async () => {
    const owner = await createUser(t.app);
    const group = await createGroup(t.app, owner, { groupName: 'Kept Rows', gameName: 'Civilization 6', isPrivate: true });
    const member = await createUser(t.app);
    const cards = () =>
      t.app.inject({ method: 'GET', url: `/api/components/getGroupCards?groupID=${group._id}`, headers: member.auth });
    expect((await cards()).statusCode).toBe(404);
    await t.database.db
      .insertInto('group_members')
      .values({ group_id: group._id, user_id: member.user.id, role: 'Member', is_active: 1, team: null, receive_event_notifications: 1, joined_at: Date.now() })
      .execute();
    expect((await cards()).statusCode).toBe(200);
    await t.database.db.deleteFrom('group_members').where('user_id', '=', member.user.id).execute();
    expect((await cards()).statusCode).toBe(404);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('lapse when another process writes to the database file', async () => {
    const { user, token } = await createUser(t.app);
    expect((await current(token)).json().username).toBe(user.username);
    const file = (await sql<{ file: string }>`pragma database_list`.execute(t.database.db)).rows[0]!.file;
    const other = new SQLite(file);
    other.prepare('update users set username = ? where id = ?').run('elsewhere', user.id);
    other.close();
    // Seen once SQLite is next asked about other processes' commits (DATA_VERSION_EVERY_MS).
    await new Promise((resolve) => setTimeout(resolve, DATA_VERSION_EVERY_MS + 20));
    expect((await current(token)).json().username).toBe('elsewhere');
  });
});
