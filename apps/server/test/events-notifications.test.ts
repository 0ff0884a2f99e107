import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mail } from '../src/integrations/mailer';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import { createEvent, HOUR, iso, setNotifications } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, memoryMailer, type TestApp } from './test-app';

// Mails to members with Event Notifications on when an event is created, changed or deleted.

let t: TestApp;
let creator: TestUser;
let utcMember: TestUser;
let berlinMember: TestUser;
let optedOut: TestUser;
let outsider: TestUser;
let groupID: string;
const mailer = memoryMailer();
let job: ReturnType<typeof createEventMailJob>;

beforeAll(async () => {
  t = await createTestApp();
  [creator, utcMember, berlinMember, optedOut, outsider] = await Promise.all([
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
    createUser(t.app),
  ]);
  const group = await createGroup(t.app, creator, { groupName: 'Mail Group', gameName: 'Old School RuneScape' });
  groupID = group._id;
  for (const user of [utcMember, berlinMember, optedOut]) await join(t.app, group, user);
  expect((await setNotifications(t.app, optedOut, groupID, false)).status).toBe(200);
  expect(
    (await call(t.app, '/api/users/postTimeZone', { method: 'POST', as: berlinMember, payload: { timeZone: 'Europe/Berlin' } })).status,
  ).toBe(200);
  job = createEventMailJob({
    db: t.database.db,
    clock: t.clock,
    mailer,
    log: { info() {}, warn() {}, error() {} },
    publicUrl: 'http://smm.test',
  });
});
afterAll(() => t.close());

async function mailsAfterTick(): Promise<Mail[]> {
  mailer.sent.length = 0;
  await job.tick();
  return [...mailer.sent].sort((a, b) => a.to.localeCompare(b.to));
}
const to = (...users: TestUser[]) => users.map((u) => u.user.email).sort();

describe('event notifications', () => {
  it('tells every opted-in member but the creator about a new event, in their own time zone', async () => {
    // The test clock stands at 2026-11-23 12:00 UTC; the event starts a day later.
    const event = await createEvent(t.app, creator, groupID, t.clock.now(), { eventName: 'Raid', startIn: 24 * HOUR, length: 2 * HOUR });
    expect(event.startDate).toBe('2026-11-24T12:00:00.000Z');
    const mails = await mailsAfterTick();
    expect(mails.map((m) => m.to).sort()).toEqual(to(utcMember, berlinMember));
    for (const mail of mails) expect(mail.subject).toBe('New event in Mail Group: Raid');
    const berlin = mails.find((m) => m.to === berlinMember.user.email)!;
    expect(berlin.text).toContain(`${creator.user.username} scheduled "Raid" in Mail Group.`);
    expect(berlin.text).toContain('Starts: Tuesday, November 24, 2026 at 1:00 PM (Europe/Berlin)');
    expect(berlin.text).toContain('Ends:   Tuesday, November 24, 2026 at 3:00 PM (Europe/Berlin)');
    expect(berlin.text).toContain(`http://smm.test/runeScapeClan/events?groupID=${groupID}`);
    const utc = mails.find((m) => m.to === utcMember.user.email)!;
    expect(utc.text).toContain('Starts: Tuesday, November 24, 2026 at 12:00 PM (UTC)');
    // Sent once: the next tick has nothing left.
    expect(await mailsAfterTick()).toEqual([]);
  });

  it('tells them about a change, but not about an edit that changes nothing', async () => {
    const event = await createEvent(t.app, creator, groupID, t.clock.now(), { eventName: 'Boss', startIn: 48 * HOUR });
    await mailsAfterTick();
    const body = {
      userID: creator.user.id,
      eventName: 'Boss',
      startDate: event.startDate,
      endDate: event.endDate,
      maxNumberOfMembers: event.maxNumberOfMembers,
    };
    expect((await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, { method: 'POST', as: creator, payload: body })).status).toBe(
      200,
    );
    expect(await mailsAfterTick()).toEqual([]);
    const later = Date.parse(event.startDate) + HOUR;
    const changed = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: creator,
      payload: { ...body, eventName: 'Boss rush', startDate: iso(later), endDate: iso(later + HOUR) },
    });
    expect(changed.status).toBe(200);
    const mails = await mailsAfterTick();
    expect(mails.map((m) => m.to)).toEqual(to(utcMember, berlinMember));
    for (const mail of mails) {
      expect(mail.subject).toBe('Event changed in Mail Group: Boss rush');
      expect(mail.text).toContain('changed "Boss rush" in Mail Group. It is now:');
    }
  });

  it('tells them when an event is cancelled, and a member who created it hears nothing of their own change', async () => {
    const event = await createEvent(t.app, utcMember, groupID, t.clock.now(), { eventName: 'Skilling' });
    expect((await mailsAfterTick()).map((m) => m.to)).toEqual(to(creator, berlinMember));
    expect((await call(t.app, `/api/events/deleteEvent?eventID=${event._id}`, { method: 'POST', as: utcMember, payload: {} })).status).toBe(
      200,
    );
    const mails = await mailsAfterTick();
    expect(mails.map((m) => m.to)).toEqual(to(creator, berlinMember));
    for (const mail of mails) {
      expect(mail.subject).toBe('Event cancelled in Mail Group: Skilling');
      expect(mail.text).not.toContain('See the event');
    }
  });

  it('mails nobody about refused changes, and nobody outside the group', async () => {
    const event = await createEvent(t.app, creator, groupID, t.clock.now(), { eventName: 'Quiet' });
    await mailsAfterTick();
    const refused = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: utcMember,
      payload: { userID: utcMember.user.id, eventName: 'Hijack', startDate: event.startDate, endDate: event.endDate },
    });
    expect(refused.status).toBe(403);
    expect(await mailsAfterTick()).toEqual([]);
    const all = await t.database.db.selectFrom('event_mail_outbox').select('to_email').execute();
    expect(all.map((r) => r.to_email)).not.toContain(outsider.user.email);
    expect(all.map((r) => r.to_email)).not.toContain(optedOut.user.email);
  });
});
