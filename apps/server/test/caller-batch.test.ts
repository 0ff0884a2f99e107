import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Requests that arrive together are each checked against their own caller, group and membership,
// and against writes committed before they arrived; on PostgreSQL their callers are read by one
// statement.

const statements: CompiledQuery[] = [];
const measured = new AsyncLocalStorage<true>();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let owner: TestUser;
let member: TestUser;
let outsider: TestUser;
let groupID: string;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => measured.getStore() && statements.push(query) });
  owner = await createUser(t.app);
  member = await createUser(t.app);
  outsider = await createUser(t.app);
  const group = await createGroup(t.app, owner);
  groupID = group._id;
  await join(t.app, group, member);
});
afterAll(async () => {
  await t?.close();
});

/** Runs the requests at once; answers their statuses, and the statements they ran. */
async function together(requests: Array<() => Promise<{ status: number }>>) {
  statements.length = 0;
  const statuses = await measured.run(true, () => Promise.all(requests.map(async (request) => (await request()).status)));
  return { statuses, statements: statements.map((statement) => statement.sql) };
}

const callerStatements = (list: string[]) =>
  list.filter((statement) => /\bfrom unnest\(/.test(statement) || /^select .* from "users"/.test(statement));

describe('callers of requests that arrive together', () => {
  it('each request is answered as its own caller: members in, an outsider told the private group is not found', async () => {
    const fullGroup = (as: TestUser) => () => call(t.app, `/api/groups/getFullGroup?groupID=${groupID}`, { as });
    const { statuses, statements: ran } = await together([
      fullGroup(owner),
      fullGroup(outsider),
      fullGroup(member),
      fullGroup(outsider),
      fullGroup(member),
      fullGroup(owner),
    ]);
    expect(statuses).toEqual([200, 404, 200, 404, 200, 200]);
    if (onPostgres) expect(callerStatements(ran), ran.join('\n')).toHaveLength(1);
  });

  it('calls that name a group and calls that do not share the statement, each answered for its caller', async () => {
    const { statuses, statements: ran } = await together([
      () => call(t.app, `/api/groups/getUserGroups?userID=${member.user.id}`, { as: member }),
      () => call(t.app, `/api/groups/getFullGroup?groupID=${groupID}`, { as: outsider }),
      () => call(t.app, `/api/groups/getUserGroups?userID=${member.user.id}`, { as: outsider }),
      () => call(t.app, '/api/users/current', { as: { ...outsider, token: `${outsider.token}x` } }),
    ]);
    expect(statuses).toEqual([200, 404, 403, 401]);
    if (onPostgres) expect(callerStatements(ran), ran.join('\n')).toHaveLength(1);
  });

  it('a token whose session ended before the request arrived is refused, whatever arrives with it', async () => {
    const leaving = await createUser(t.app);
    const newPassword = 'a brand new passphrase';
    const changed = await call(t.app, '/api/users/updatePassword', {
      method: 'POST',
      as: leaving,
      payload: { userID: leaving.user.id, currentPassword: leaving.password, newPassword, newPassword2: newPassword },
    });
    expect(changed.status).toBe(200);
    const { statuses } = await together([
      () => call(t.app, '/api/users/current', { as: member }),
      () => call(t.app, '/api/users/current', { as: leaving }),
      () => call(t.app, '/api/users/current', { as: owner }),
    ]);
    expect(statuses).toEqual([200, 401, 200]);
  });

  it('a member removed before the requests arrive is refused by every one of them', async () => {
    const leaver = await createUser(t.app);
    const group = await createGroup(t.app, owner, { groupName: 'Second' });
    await join(t.app, group, leaver);
    const fullGroup = (as: TestUser) => () => call(t.app, `/api/groups/getFullGroup?groupID=${group._id}`, { as });
    expect((await together([fullGroup(leaver), fullGroup(owner)])).statuses).toEqual([200, 200]);
    const left = await call(t.app, '/api/groups/leaveGroup', {
      method: 'POST',
      as: leaver,
      payload: { groupID: group._id, userID: leaver.user.id },
    });
    expect(left.status).toBe(200);
    expect((await together([fullGroup(leaver), fullGroup(owner), fullGroup(leaver)])).statuses).toEqual([404, 200, 404]);
  });
});
