import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import type { GroupChanges } from '../src/features/live/group-changes';
import { createPostgresGroupChanges, SESSION_ENDS_CHANNEL } from '../src/features/live/postgres-group-changes';
import { hashPassword } from '../src/features/users/passwords';
import * as usersRepo from '../src/features/users/users.repo';
import { createEvent } from './events-fixtures';
import { createGroup, join, type TestUser } from './groups-fixtures';
import { openLiveStream, type LiveStream } from './live-stream-client';
import { createUser, memoryMailer, TEST_APP_CONFIG, testClock, testDatabase } from './test-app';

// A password change or reset ends the account's open live streams within a second, on every
// instance: on PostgreSQL two apps share one database, the change is made on one and the streams
// are open on the other (and on the first); on SQLite there is one instance. Other users' streams
// stay open.

const pgUrl = process.env.TEST_DATABASE_URL;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  app: FastifyInstance;
  url: string;
}

/** Resolves 'ended' if the server ends the stream within `ms`, else 'open'. */
const endsWithin = (stream: LiveStream, ms: number) =>
  Promise.race([stream.ended.then(() => 'ended' as const), sleep(ms).then(() => 'open' as const)]);

describe('live streams end with the session', () => {
  const clock = testClock();
  const mailer = memoryMailer();
  const streams: LiveStream[] = [];
  const closers: (() => Promise<void>)[] = [];
  let database: Awaited<ReturnType<typeof testDatabase>>;
  /** Where passwords are changed. */
  let a: Instance;
  /** Another instance on the same database (PostgreSQL), or the same one (SQLite). */
  let b: Instance;
  let owner: TestUser;
  let group: { _id: string; inviteLink: string };

  async function startInstance(): Promise<Instance> {
    let changes: GroupChanges | undefined;
    if (pgUrl) {
      changes = await createPostgresGroupChanges({ db: database.db, url: pgUrl, log: silent });
      closers.push(() => changes!.close());
    }
    const app = await buildApp({
      database,
      mailer,
      clock,
      ...(changes ? { changes } : {}),
      config: TEST_APP_CONFIG,
    });
    closers.unshift(() => app.close());
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
  }

  const open = async (instance: Instance, token: string) => {
    const stream = await openLiveStream(instance.url, group._id, token);
    streams.push(stream);
    expect(stream.status).toBe(200);
    expect((await stream.next())?.event).toBe('ready');
    return stream;
  };

  const newMember = async () => {
    const member = await createUser(a.app);
    await join(a.app, group, member);
    return member;
  };

  beforeAll(async () => {
    database = await testDatabase();
    a = await startInstance();
    // Started after the first, so it reads the signing secret the first one stored.
    b = pgUrl ? await startInstance() : a;
    owner = await createUser(a.app);
    group = await createGroup(a.app, owner);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    for (const close of closers) await close();
    await database.destroy();
  });

  it("a password change closes that account's streams on every instance within a second, and no one else's", async () => {
    const member = await newMember();
    const bystander = await newMember();
    const memberOnA = await open(a, member.token);
    const memberOnB = await open(b, member.token);
    const ownerOnB = await open(b, owner.token);
    const bystanderOnA = await open(a, bystander.token);

    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/users/updatePassword',
      headers: member.auth,
      payload: { userID: member.user.id, currentPassword: member.password, newPassword: 'a new password', newPassword2: 'a new password' },
    });
    expect(changed.statusCode).toBe(200);
    const [onA, onB] = await Promise.all([endsWithin(memberOnA, 1000), endsWithin(memberOnB, 1000)]);
    expect({ onA, onB }).toEqual({ onA: 'ended', onB: 'ended' });
    // Ended, not told it lost the group: the client reconnects, and only a token of the new session gets in.
    expect(memberOnB.frames.map((frame) => frame.event)).toEqual(['ready']);

    // The other users' streams stay open and keep hearing the group.
    expect(await endsWithin(ownerOnB, 200)).toBe('open');
    expect(await endsWithin(bystanderOnA, 0)).toBe('open');
    const event = await createEvent(a.app, owner, group._id, clock.now());
    for (const stream of [ownerOnB, bystanderOnA]) {
      expect((await stream.next((frame) => frame.event === 'change'))?.data).toEqual({
        topic: 'events',
        action: 'created',
        eventId: event._id,
      });
    }

    expect((await openLiveStream(b.url, group._id, member.token)).status).toBe(401);
    const renewed = await open(b, (changed.json() as { token: string }).token);
    expect(await endsWithin(renewed, 300)).toBe('open');
  });

  it("a password reset closes that account's streams within a second", async () => {
    const member = await newMember();
    const onB = await open(b, member.token);
    const ownerOnB = await open(b, owner.token);

    expect(
      (await a.app.inject({ method: 'POST', url: '/api/users/resetPassword', payload: { email: member.user.email } })).statusCode,
    ).toBe(200);
    const resetToken = /token=([0-9a-f]{64})/.exec(mailer.sent.findLast((mail) => mail.to === member.user.email)!.text)![1]!;
    const reset = await a.app.inject({
      method: 'POST',
      url: `/api/users/${member.user.id}/${resetToken}`,
      payload: { password: 'reset password' },
    });
    expect(reset.statusCode).toBe(200);

    expect(await endsWithin(onB, 1000)).toBe('ended');
    expect(await endsWithin(ownerOnB, 200)).toBe('open');
  });

  it('a wrong current password ends nothing', async () => {
    const member = await newMember();
    const onB = await open(b, member.token);
    const refused = await a.app.inject({
      method: 'POST',
      url: '/api/users/updatePassword',
      headers: member.auth,
      payload: {
        userID: member.user.id,
        currentPassword: 'not my password',
        newPassword: 'a new password',
        newPassword2: 'a new password',
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(await endsWithin(onB, 500)).toBe('open');
  });

  it.skipIf(!pgUrl)('a session end missed while the LISTEN connection was down is caught when it comes back', async () => {
    const member = await newMember();
    const onB = await open(b, member.token);
    const ownerOnB = await open(b, owner.token);
    // A password change whose notification no instance heard: written straight to the database.
    await usersRepo.updatePassword(database.db, member.user.id, await hashPassword('changed elsewhere'), clock.now());
    expect(await endsWithin(onB, 300)).toBe('open');

    const cut = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where datname = current_database() and query like ${`%LISTEN ${SESSION_ENDS_CHANNEL}%`} and pg_terminate_backend(pid)
    `.execute(database.db);
    expect(cut.rows.length).toBeGreaterThanOrEqual(2);

    expect(await endsWithin(onB, 5000)).toBe('ended');
    expect(await endsWithin(ownerOnB, 200)).toBe('open');
  });
});
