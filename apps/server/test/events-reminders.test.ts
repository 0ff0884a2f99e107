import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Mail, Mailer } from '../src/integrations/mailer';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import * as outbox from '../src/features/reminders/event-mail-outbox.repo';
import { attend, createEvent, HOUR, iso, MINUTE, setNotifications, unattend } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, memoryMailer, type TestApp } from './test-app';

// The reminder job against the real database, driven tick by tick with the test clock.

let t: TestApp;
let owner: TestUser;
let attendees: TestUser[];
let quiet: TestUser;
let bystander: TestUser;
let groupID: string;
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  attendees = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
  quiet = await createUser(t.app);
  bystander = await createUser(t.app);
  const group = await createGroup(t.app, owner, { groupName: 'Reminder Group' });
  groupID = group._id;
  for (const user of [...attendees, quiet, bystander]) await join(t.app, group, user);
  // Notifications off: attends, but gets no reminder.
  expect((await setNotifications(t.app, quiet, groupID, false)).status).toBe(200);
  // The owner keeps notifications on but makes every change below, so no change mails reach them.
});
afterAll(() => t.close());

const newJob = (mailer: Mailer, instanceId?: string) =>
  createEventMailJob({ db: t.database.db, clock: t.clock, mailer, log: silentLog, publicUrl: 'http://smm.test', instanceId });

/** Sends everything already queued (the creation notices), so each test starts with an empty outbox. */
async function drain() {
  await newJob(memoryMailer()).tick();
}

/** An event starting in 3 hours that every one of `attendees` and `quiet` attends. */
async function attendedEvent(name: string) {
  const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: name, startIn: 3 * HOUR, maxNumberOfMembers: 12 });
  for (const user of [...attendees, quiet]) expect((await attend(t.app, user, event._id)).status).toBe(200);
  await drain();
  return event;
}

const remindersOf = (mails: Mail[], eventName: string) => mails.filter((m) => m.subject === `Reminder: ${eventName} starts soon`);
const recipients = (mails: Mail[]) => mails.map((m) => m.to).sort();
const attendeeEmails = () => attendees.map((a) => a.user.email).sort();

beforeEach(() => t.clock.advance(10 * 24 * HOUR));

describe('event reminders', () => {
  it('mails each attendee with notifications on once, one hour before the start', async () => {
    const event = await attendedEvent('Once');
    const mailer = memoryMailer();
    const job = newJob(mailer);
    expect(await job.tick()).toMatchObject({ remindersQueued: 0, sent: 0 });
    t.clock.advance(2 * HOUR - MINUTE);
    expect((await job.tick()).sent).toBe(0);
    t.clock.advance(MINUTE);
    expect(await job.tick()).toMatchObject({ remindersQueued: 4, sent: 4, failed: 0 });
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(10 * MINUTE);
      expect((await job.tick()).sent).toBe(0);
    }
    const reminders = remindersOf(mailer.sent, 'Once');
    expect(recipients(reminders)).toEqual(attendeeEmails());
    expect(mailer.sent).toHaveLength(4);
    expect(reminders[0]!.text).toContain(`"Once" in Reminder Group, which you are attending, starts soon.`);
    expect(reminders[0]!.text).toContain(`http://smm.test/civGroup/events?groupID=${groupID}`);
    expect(event.attendingMembers).toEqual([]);
  });

  it('sends exactly one per attendee when a sender dies mid-batch and a restarted one takes over', async () => {
    await attendedEvent('Crash');
    t.clock.advance(2 * HOUR + MINUTE);
    // The first process delivers one mail, then hangs on the next for ever, as if killed mid-send.
    const delivered: Mail[] = [];
    let hang!: () => void;
    const hung = new Promise<void>((resolve) => (hang = resolve));
    const dying: Mailer = {
      send: async (mail) => {
        if (delivered.length === 1) {
          hang();
          return new Promise<void>(() => {});
        }
        delivered.push(mail);
      },
    };
    void newJob(dying, 'first-process').tick();
    await hung;

    const mailer = memoryMailer();
    const restarted = newJob(mailer, 'restarted-process');
    // The dead sender's claims still stand: nothing is sent twice while it might be alive.
    expect((await restarted.tick()).sent).toBe(0);
    t.clock.advance(11 * MINUTE);
    expect((await restarted.tick()).sent).toBe(3);
    t.clock.advance(MINUTE);
    expect((await restarted.tick()).sent).toBe(0);
    const all = [...delivered, ...mailer.sent];
    expect(recipients(remindersOf(all, 'Crash'))).toEqual(attendeeEmails());
    expect(all).toHaveLength(4);
  });

  it('two instances ticking at the same time send each reminder once', async () => {
    await attendedEvent('Twins');
    t.clock.advance(2 * HOUR + MINUTE);
    const a = memoryMailer();
    const b = memoryMailer();
    const jobA = newJob(a, 'instance-a');
    const jobB = newJob(b, 'instance-b');
    for (let i = 0; i < 3; i += 1) {
      await Promise.all([jobA.tick(), jobB.tick(), jobA.tick(), jobB.tick()]);
      t.clock.advance(MINUTE);
    }
    expect(recipients(remindersOf([...a.sent, ...b.sent], 'Twins'))).toEqual(attendeeEmails());
    expect(a.sent.length + b.sent.length).toBe(4);
  });

  it('parallel claims from many senders never take the same mail twice', async () => {
    const now = t.clock.now();
    const rows = Array.from({ length: 300 }, (_, i) => ({
      id: `claim-${now}-${i}`,
      dedupe_key: `claim-test:${now}:${i}`,
      kind: 'created',
      event_id: 'claim-test',
      event_start_at: now,
      user_id: owner.user.id,
      to_email: owner.user.email,
      subject: `Claim test ${i}`,
      body: 'x',
      due_at: now - (i % 7),
      claimed_by: null,
      claimed_at: null,
      attempts: 0,
      sent_at: null,
      failed_at: null,
      last_error: null,
      created_at: now,
    }));
    expect(await outbox.insertMany(t.database.db, rows)).toBe(300);
    const claims = await Promise.all(
      Array.from({ length: 12 }, (_, i) => outbox.claimDue(t.database.db, `sender-${i}`, now, 10 * MINUTE, 40)),
    );
    const claimed = claims.flat().map((row) => row.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    const stored = await t.database.db
      .selectFrom('event_mail_outbox')
      .select(['id', 'claimed_by'])
      .where('event_id', '=', 'claim-test')
      .execute();
    for (const [i, batch] of claims.entries()) {
      for (const row of batch) expect(stored.find((s) => s.id === row.id)?.claimed_by).toBe(`sender-${i}`);
    }
    await t.database.db.deleteFrom('event_mail_outbox').where('event_id', '=', 'claim-test').execute();
  });

  it('retries a failed send and still delivers it once', async () => {
    await attendedEvent('Flaky');
    t.clock.advance(2 * HOUR + MINUTE);
    const delivered: Mail[] = [];
    let failures = 2;
    const flaky: Mailer = {
      send: async (mail) => {
        if (failures > 0) {
          failures -= 1;
          throw new Error('SMTP unavailable');
        }
        delivered.push(mail);
      },
    };
    const job = newJob(flaky);
    expect(await job.tick()).toMatchObject({ sent: 2, failed: 2 });
    t.clock.advance(MINUTE);
    expect(await job.tick()).toMatchObject({ sent: 2, failed: 0 });
    t.clock.advance(MINUTE);
    expect((await job.tick()).sent).toBe(0);
    expect(recipients(delivered)).toEqual(attendeeEmails());
  });

  it('drops the reminder of someone who unattends, and reminds again for a new start time', async () => {
    const event = await attendedEvent('Moved');
    const [leaver, ...stay] = attendees as [TestUser, ...TestUser[]];
    t.clock.advance(2 * HOUR + MINUTE);
    const mailer = memoryMailer();
    const job = newJob(mailer);
    expect((await job.tick()).sent).toBe(4);
    expect((await unattend(t.app, leaver, event._id)).status).toBe(200);
    const later = t.clock.now() + 5 * HOUR;
    const moved = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: owner,
      payload: { userID: owner.user.id, eventName: 'Moved', startDate: iso(later), endDate: iso(later + HOUR) },
    });
    expect(moved.status).toBe(200);
    mailer.sent.length = 0;
    await job.tick();
    // Only the change notices (to every member with notifications on but the owner) so far.
    expect(mailer.sent.every((m) => m.subject.startsWith('Event changed'))).toBe(true);
    mailer.sent.length = 0;
    t.clock.advance(4 * HOUR + MINUTE);
    await job.tick();
    expect(recipients(remindersOf(mailer.sent, 'Moved'))).toEqual(stay.map((u) => u.user.email).sort());
  });

  it('sends no reminder for an event that has already started (say the server was down)', async () => {
    await attendedEvent('Missed');
    t.clock.advance(3 * HOUR + MINUTE);
    const mailer = memoryMailer();
    expect((await newJob(mailer).tick()).sent).toBe(0);
    expect(remindersOf(mailer.sent, 'Missed')).toEqual([]);
  });

  it('stops cleanly: stop() waits for the tick in progress', async () => {
    const job = newJob(memoryMailer());
    job.start(60_000);
    await job.stop();
    expect((await job.tick()).sent).toBe(0);
  });
});
