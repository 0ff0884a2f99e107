import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultUsersLimits } from '../../src/features/users/users.service';
import {
  clientAddress,
  createDatabase,
  createGroup,
  joinGroup,
  mapLimit,
  postEvent,
  REDIS_URL,
  registerAndLogin,
  report,
  request,
  sleep,
  startNode,
  tally,
  type Account,
  type Answer,
  type ServerNode,
  type TestDatabase,
  whyNotRunnable,
} from './harness';

// Two server processes (the built dist/main.js) on one PostgreSQL database and one Redis, with
// requests spread over both: what one node does, the other must see and respect.

const why = await whyNotRunnable({ redis: true });
if (why) report(`two-nodes.test.ts skipped: ${why}`);

/** The mails in a node's outbox (DATA_DIR/outbox/*.eml), as recipient and subject. */
function outbox(node: ServerNode): { to: string; subject: string; file: string }[] {
  const dir = path.join(node.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      const head = text.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      return { to: header('To').replace(/^.*<(.+)>$/, '$1'), subject: header('Subject'), file };
    });
}

describe.skipIf(why !== null)('two nodes on one PostgreSQL and one Redis', () => {
  let database: TestDatabase;
  let a: ServerNode;
  let b: ServerNode;
  /** Request i goes to node A when i is even, to node B when odd. */
  const node = (i: number) => (i % 2 === 0 ? a : b);

  beforeAll(async () => {
    database = await createDatabase('two');
    const env = { DATABASE_URL: database.url, REDIS_URL };
    // Started at the same moment on an empty database: both migrate and both create the signing secret.
    [a, b] = await Promise.all([startNode({ name: 'A', env }), startNode({ name: 'B', env })]);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('accepts on one node the session made on the other', async () => {
    const from = clientAddress();
    const user = await registerAndLogin(a, from); // registered and logged in on A
    const onB = await request(b, 'GET', '/api/users/current', { from, token: user.token });
    expect(onB.status).toBe(200);
    expect(onB.body.username).toBe(user.username);

    const loginOnB = await request(b, 'POST', '/api/users/login', { from, body: { email: user.email, password: user.password } });
    expect(loginOnB.status).toBe(200);
    // 40 parallel reads alternating A and B with the tokens issued by A and by B: all accepted.
    const reads = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(node(i), 'GET', '/api/users/current', { from, token: i % 4 < 2 ? user.token : loginOnB.body.token }),
      ),
    );
    expect(tally(reads)).toEqual({ 200: 40 });
    expect(a.alive() && b.alive()).toBe(true);
    report(`session: token from A accepted on B and B's on A, 40/40 reads OK`);
  });

  it('fills an event of 5 seats exactly once under 30 parallel attends over both nodes', async () => {
    const owner = await registerAndLogin(a);
    const group = await createGroup(a, owner, 'Seats Group');
    const players = await mapLimit(Array.from({ length: 30 }), 6, async (_, i) => {
      const player = await registerAndLogin(node(i));
      await joinGroup(node(i + 1), group, player);
      return player;
    });
    const created = await postEvent(b, owner, group._id, { eventName: 'Five seats', maxNumberOfMembers: 5 });
    expect(created.status).toBe(200);
    const eventID = created.body._id as string;

    const attends = await Promise.all(
      players.map((p, i) =>
        request(node(i), 'POST', '/api/events/attendEvent', {
          from: p.from,
          token: p.token,
          body: { eventID, userID: p.id, username: p.username, email: p.email },
        }),
      ),
    );
    expect(tally(attends)).toEqual({ 200: 5, 409: 25 });
    for (const refused of attends.filter((r) => r.status === 409)) expect(refused.body.message).toBe('This event is full');
    const admitted = players
      .filter((_, i) => attends[i]!.status === 200)
      .map((p) => p.id)
      .sort();

    for (const n of [a, b]) {
      const events = await request(n, 'GET', `/api/events/getEvents?groupID=${group._id}`, { from: owner.from, token: owner.token });
      expect(events.status).toBe(200);
      const event = (events.body as { _id: string; attendingMembers: { userID: string }[] }[]).find((e) => e._id === eventID)!;
      expect(event.attendingMembers.map((m) => m.userID).sort()).toEqual(admitted);
    }
    const byNode = tally(attends.filter((r) => r.status === 200).map((r) => ({ ...r, status: r.node as unknown as number })));
    report(`seats: 30 parallel attends -> 5 admitted (${JSON.stringify(byNode)}), 25 refused 'This event is full'`);
  });

  it('holds the login throttle over both nodes: per account and per address, by the total', async () => {
    const { loginPerAccount, loginPerIp } = defaultUsersLimits;
    expect(loginPerAccount?.max, 'defaultUsersLimits.loginPerAccount.max (users.service.ts)').toBeTypeOf('number');
    expect(loginPerIp?.max, 'defaultUsersLimits.loginPerIp.max (users.service.ts)').toBeTypeOf('number');

    // Per account: 3 x the limit of wrong passwords for one account, in parallel, alternating nodes.
    const victim = await registerAndLogin(a);
    const from = clientAddress();
    const guesses = await Promise.all(
      Array.from({ length: 3 * loginPerAccount.max }, (_, i) =>
        request(node(i), 'POST', '/api/users/login', { from, body: { email: victim.email, password: `wrong ${i}` } }),
      ),
    );
    const counts = tally(guesses);
    expect(counts['400'], `wrong passwords answered before the account limit: ${JSON.stringify(counts)}`).toBe(loginPerAccount.max);
    expect(counts['429']).toBe(2 * loginPerAccount.max);
    for (const g of guesses.filter((r) => r.status === 429)) expect(g.body.message).toEqual(expect.any(String));
    // The account stays locked for its window, even with the right password, on either node.
    for (const n of [a, b]) {
      expect(
        (await request(n, 'POST', '/api/users/login', { from, body: { email: victim.email, password: victim.password } })).status,
      ).toBe(429);
    }

    // Per address: more than the limit of attempts (distinct unknown emails) from one address.
    const attacker = clientAddress();
    const total = loginPerIp.max + 20;
    const tries = await mapLimit(Array.from({ length: total }), 20, (_, i) =>
      request(node(i), 'POST', '/api/users/login', {
        from: attacker,
        body: { email: `nobody${i}-${Date.now()}@example.com`, password: 'whatever' },
      }),
    );
    const ipCounts = tally(tries);
    expect(ipCounts['404'], `answered before the address limit: ${JSON.stringify(ipCounts)}`).toBe(loginPerIp.max);
    expect(ipCounts['429']).toBe(20);
    const other = await registerAndLogin(b);
    expect(
      (await request(a, 'POST', '/api/users/login', { from: attacker, body: { email: other.email, password: other.password } })).status,
    ).toBe(429);
    expect(
      (await request(a, 'POST', '/api/users/login', { from: clientAddress(), body: { email: other.email, password: other.password } }))
        .status,
    ).toBe(200);
    report(
      `login throttle: ${guesses.length} wrong passwords for one account -> ${counts['400']} checked (limit ${loginPerAccount.max}); ` +
        `${total} attempts from one address -> ${ipCounts['404']} answered (limit ${loginPerIp.max}); rest 429, over both nodes`,
    );
  });

  it('holds the general rate limit over both nodes by the total, not per node', async () => {
    const limit = 60;
    const env = { DATABASE_URL: database.url, REDIS_URL, RATE_LIMIT_PER_MINUTE: String(limit) };
    const [c, d] = await Promise.all([startNode({ name: 'C', env }), startNode({ name: 'D', env })]);
    try {
      const from = clientAddress();
      const answers = await mapLimit(Array.from({ length: 3 * limit }), 10, (_, i) =>
        request(i % 2 === 0 ? c : d, 'GET', '/api/games/getGames', { from }),
      );
      const counts = tally(answers);
      const accepted = answers.filter((r) => r.status === 200);
      expect(Object.keys(counts).sort(), JSON.stringify(counts)).toEqual(['200', '429']);
      // Per-node counters would accept 2 x limit; one shared counter accepts the limit.
      expect(accepted.length).toBe(limit);
      for (const r of answers.filter((x) => x.status === 429)) expect(r.body.message).toMatch(/^Too many requests/);
      const perNode = { C: accepted.filter((r) => r.node === 'C').length, D: accepted.filter((r) => r.node === 'D').length };
      expect(perNode.C).toBeGreaterThan(0);
      expect(perNode.D).toBeGreaterThan(0);
      // Another address still has its whole allowance.
      expect((await request(d, 'GET', '/api/games/getGames', { from: clientAddress() })).status).toBe(200);
      report(
        `general rate limit ${limit}/min: ${answers.length} requests from one address over 2 nodes -> ${accepted.length} accepted (${JSON.stringify(perNode)}), ${counts['429']} x 429`,
      );
    } finally {
      await Promise.all([c.stop(), d.stop()]);
    }
  });

  it('sends each event mail once in all, not once per node', async () => {
    // A pair of its own on a database of its own, started 500 ms apart: A and B started together
    // tick in step, and the first would always win every mail; these two really share the work.
    const mailDb = await createDatabase('mail');
    const env = { DATABASE_URL: mailDb.url, REDIS_URL, EVENT_MAIL_INTERVAL_SECONDS: '1' };
    const m1 = await startNode({ name: 'M1', env });
    await sleep(500);
    const m2 = await startNode({ name: 'M2', env });
    const pair = (i: number) => (i % 2 === 0 ? m1 : m2);
    try {
      const owner = await registerAndLogin(m2);
      const groupName = `Mail ${Date.now().toString(36)}`;
      const group = await createGroup(m2, owner, groupName);
      const members: Account[] = [];
      for (let i = 0; i < 4; i += 1) {
        const member = await registerAndLogin(pair(i));
        await joinGroup(pair(i + 1), group, member);
        members.push(member);
      }
      // 16 events over both nodes, two at a time 250 ms apart, so mails fall due all through both
      // jobs' ticks; each event owes a mail to the 4 members (notifications are on by default).
      const events: Answer[] = [];
      for (let round = 0; round < 8; round += 1) {
        events.push(
          ...(await Promise.all([0, 1].map((k) => postEvent(pair(k), owner, group._id, { eventName: `Raid ${2 * round + k}` })))),
        );
        await sleep(250);
      }
      expect(tally(events)).toEqual({ 200: 16 });
      const expected = members.flatMap((m) => events.map((_, i) => `${m.email} | New event in ${groupName}: Raid ${i}`)).sort();

      const written = () => [...outbox(m1).map((m) => ({ ...m, node: 'M1' })), ...outbox(m2).map((m) => ({ ...m, node: 'M2' }))];
      const deadline = Date.now() + 30_000;
      while (written().length < expected.length && Date.now() < deadline) await sleep(250);
      // Several more ticks of both jobs (1 s interval): nothing may be sent a second time.
      await sleep(3500);
      const mails = written();
      expect(mails.map((m) => `${m.to} | ${m.subject}`).sort()).toEqual(expected);

      const rows = await mailDb.query<{ sent: number; attempts: number }>(
        'select count(*)::int as sent, max(attempts)::int as attempts from event_mail_outbox where sent_at is not null',
      );
      expect(rows[0]).toEqual({ sent: expected.length, attempts: 1 });
      const split = { M1: mails.filter((m) => m.node === 'M1').length, M2: mails.filter((m) => m.node === 'M2').length };
      report(
        `event mails: 16 events x 4 members = ${expected.length} due, ${mails.length} written in all (${JSON.stringify(split)}), none twice`,
      );
    } finally {
      await Promise.all([m1.stop(), m2.stop()]);
      await mailDb.drop();
    }
  });
});
