import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import { createMailer } from '../src/integrations/mailer';
import { createEvent } from './events-fixtures';
import { createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Event mails are logged by outbox row and user id; the recipients' addresses never reach the log.

let t: TestApp;
let creator: TestUser;
let members: TestUser[];
let smtp: SMTPServer;
let smtpPort: number;
const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'smm-mail-log-'));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, done) {
      if (address.address.startsWith('refused')) done(Object.assign(new Error(`<${address.address}> no such user`), { responseCode: 550 }));
      else done();
    },
    onData(stream, _session, done) {
      stream.resume();
      stream.on('end', () => done());
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;

  t = await createTestApp();
  creator = await createUser(t.app);
  members = [
    await createUser(t.app, { username: 'mailee', email: 'mailee.private@example.com' }),
    await createUser(t.app, { username: 'refused', email: 'refused.private@example.com' }),
  ];
  const group = await createGroup(t.app, creator, { groupName: 'Mail log group' });
  for (const member of members) await join(t.app, group, member);
  await createEvent(t.app, creator, group._id, t.clock.now(), { eventName: 'Logged raid' });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(outboxDir, { recursive: true, force: true });
});

function capturedLog() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'trace' }, destination), lines };
}

const queued = () => t.database.db.selectFrom('event_mail_outbox').select(['id', 'user_id', 'to_email']).orderBy('id').execute();

function expectNoAddresses(text: string) {
  for (const user of [creator, ...members]) {
    expect(text).not.toContain(user.user.email);
    expect(text).not.toContain(user.user.email.split('@')[0]);
  }
}

describe('the event mail job', () => {
  it.each(['smtp', 'outbox'] as const)('logs mail and user ids, never an address (%s)', async (kind) => {
    const rows = await queued();
    expect(rows.map((row) => row.to_email).sort()).toEqual(members.map((m) => m.user.email).sort());
    // Each pass sends the queued mails afresh.
    await t.database.db
      .updateTable('event_mail_outbox')
      .set({ sent_at: null, failed_at: null, attempts: 0, claimed_by: null, claimed_at: null })
      .execute();

    const { log, lines } = capturedLog();
    const mailer = createMailer({
      from: 'SMM <no-reply@smm.test>',
      outboxDir,
      log,
      ...(kind === 'smtp' ? { smtpUrl: `smtp://127.0.0.1:${smtpPort}` } : {}),
    });
    const job = createEventMailJob({ db: t.database.db, clock: t.clock, mailer, log, publicUrl: 'http://smm.test' });
    const result = await job.tick();
    expect(result).toMatchObject(kind === 'smtp' ? { sent: 1, failed: 1 } : { sent: 2, failed: 0 });

    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const delivered = entries.filter((entry) => entry.msg === (kind === 'smtp' ? 'mail sent' : 'mail written to outbox'));
    const byUser = new Map(rows.map((row) => [row.user_id, row.id]));
    const expectedUsers = kind === 'smtp' ? [members[0]!.user.id] : members.map((m) => m.user.id).sort();
    expect(delivered.map((entry) => entry.userId).sort()).toEqual(expectedUsers);
    for (const entry of delivered) expect(entry.mailId).toBe(byUser.get(entry.userId as string));
    if (kind === 'smtp') {
      const failure = entries.find((entry) => entry.msg === 'event mail not sent');
      expect(failure).toMatchObject({ mailId: byUser.get(members[1]!.user.id), err: { responseCode: 550 } });
    }
    expectNoAddresses(lines.join(''));
    const lastErrors = await t.database.db.selectFrom('event_mail_outbox').select('last_error').execute();
    expectNoAddresses(JSON.stringify(lastErrors));
  });
});
