import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_WRITES_MESSAGE, USER_WRITES_PER_MINUTE } from '../src/plugins/security';
import { createGroup, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Each signed-in user makes at most so many API changes a minute, counted per account whatever
// the address or token they come with: one account cannot spread a flood of writes over many
// addresses. Reads are not counted, nor the calls made before signing in.

const LIMIT = 6;
let t: TestApp;
let member: TestUser;
let other: TestUser;
let groupID: string;

beforeAll(async () => {
  t = await createTestApp({ userWritesPerMinute: LIMIT });
  member = await createUser(t.app);
  other = await createUser(t.app);
  groupID = (await createGroup(t.app, member, { groupName: 'Busy hands' }))._id;
}, 30_000);
afterAll(() => t?.close());

const notifications = (as: TestUser, on: boolean, from = '203.0.113.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/members/postMemberNotifications/${groupID}/${as.user.id}`,
    headers: { authorization: as.token },
    payload: { receiveEventNotifications: on },
    remoteAddress: from,
  });

describe('API changes per user and minute', () => {
  it('is 300 a minute unless configured', () => {
    expect(USER_WRITES_PER_MINUTE).toBe(300);
  });

  it('counts every write of the account, over addresses, tokens and calls; then 429 with Retry-After, and nothing is written', async () => {
    // createGroup was the first change; reads do not count.
    for (let i = 0; i < 10; i += 1) {
      const read = await t.app.inject({ method: 'GET', url: `/api/groups/getFullGroup?groupID=${groupID}`, headers: { authorization: member.token } });
      expect(read.statusCode).toBe(200);
    }
    const secondToken = (
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: member.user.email, password: member.password } })
    ).json().token as string;
    const changes = [
      () => notifications(member, false, '203.0.113.2'),
      () => notifications(member, true, '198.51.100.7'),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/users/postTimeZone',
          headers: { authorization: secondToken },
          payload: { timeZone: 'Europe/Berlin' },
        }),
      () => notifications({ ...member, token: secondToken }, false),
      () => notifications(member, true),
    ];
    for (const change of changes) expect((await change()).statusCode).toBe(200);

    const refused = await notifications(member, false, '192.0.2.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(USER_WRITES_MESSAGE);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const stored = await t.database.db
      .selectFrom('group_members')
      .select('receive_event_notifications')
      .where('group_id', '=', groupID)
      .where('user_id', '=', member.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.receive_event_notifications)).toBe(1);

    // Reads still answer, another account is not held back, and a write without a token is a 401, not a 429.
    expect((await t.app.inject({ method: 'GET', url: '/api/users/current', headers: { authorization: member.token } })).statusCode).toBe(200);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/groups/createGroup',
      headers: { authorization: other.token },
      payload: { groupName: 'Calm hands', gameName: 'Civilization 6', isPrivate: false },
    });
    expect(joined.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/postTimeZone', payload: { timeZone: 'UTC' } })).statusCode).toBe(401);
  });
});
