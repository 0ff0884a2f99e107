import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { createInProcessGroupChanges, type GroupChange } from '../src/features/live/group-changes';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import { attend, createEvent, HOUR, unattend } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, memoryMailer, type TestApp } from './test-app';

// Waitlists and sign-up cutoffs through the real app and database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

let t: TestApp;
let owner: TestUser;
let crowd: TestUser[];
let outsider: TestUser;
let group: Awaited<ReturnType<typeof createGroup>>;
const published: GroupChange[] = [];
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  const changes = createInProcessGroupChanges();
  changes.onLocal((change) => published.push(change));
  t = await createTestApp({ deps: { changes } });
  owner = await createUser(t.app);
  outsider = await createUser(t.app);
  crowd = await Promise.all(Array.from({ length: 12 }, () => createUser(t.app)));
  group = await createGroup(t.app, owner, { groupName: 'Waiting Room' });
  for (const user of crowd) await join(t.app, group, user);
});
afterAll(() => t.close());

const waitlistCall = (path: 'joinWaitlist' | 'leaveWaitlist', as: TestUser, eventID: string) =>
  call(t.app, `/api/events/${path}`, { method: 'POST', as, payload: { eventID, userID: as.user.id } });
const joinWaitlist = (as: TestUser, eventID: string) => waitlistCall('joinWaitlist', as, eventID);
const leaveWaitlist = (as: TestUser, eventID: string) => waitlistCall('leaveWaitlist', as, eventID);

async function eventAs(as: TestUser, eventID: string): Promise<EventDto> {
  const list = await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as });
  return (list.body as EventDto[]).find((e) => e._id === eventID)!;
}
const attendingIds = (event: EventDto) => event.attendingMembers.map((m) => m.userID);
const waitingIds = (event: EventDto) => (event.waitlistMembers ?? []).map((m) => m.userID);

/** A full event of `seats` seats, taken by the first `seats` of the crowd. */
async function fullEvent(seats: number, fields: { startIn?: number } = {}) {
  const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: seats, ...fields });
  for (const user of crowd.slice(0, seats)) expect((await attend(t.app, user, event._id)).status).toBe(200);
  return event;
}

/** Sends the queued mails and returns them. */
async function sendMails() {
  const mailer = memoryMailer();
  await createEventMailJob({ db: t.database.db, clock: t.clock, mailer, log: silentLog, publicUrl: 'http://smm.test' }).tick();
  return mailer.sent;
}

describe('joining and leaving the waitlist', () => {
  it('queues members of a full event in order and tells each their place', async () => {
    const event = await fullEvent(1);
    const [, second, third] = crowd;
    const first = await joinWaitlist(second!, event._id);
    expect(first.status).toBe(200);
    expect(first.body.waitlistPosition).toBe(1);
    t.clock.advance(1000);
    const next = await joinWaitlist(third!, event._id);
    expect(next.body.waitlistPosition).toBe(2);
    expect(next.body.waitlistMembers).toEqual([
      { userID: second!.user.id, username: second!.user.username },
      { userID: third!.user.id, username: third!.user.username },
    ]);
    // Joining twice keeps the place.
    expect((await joinWaitlist(second!, event._id)).body.waitlistPosition).toBe(1);
    // Others see the queue but no place of their own.
    const seen = await eventAs(owner, event._id);
    expect(waitingIds(seen)).toEqual([second!.user.id, third!.user.id]);
    expect(seen.waitlistPosition).toBeUndefined();

    const left = await leaveWaitlist(second!, event._id);
    expect(left.status).toBe(200);
    expect(left.body.waitlistPosition).toBeUndefined();
    expect((await eventAs(third!, event._id)).waitlistPosition).toBe(1);
  });

  it('refuses the waitlist while seats are free, to attendees, to outsiders and with bad input', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 2 });
    expect(await joinWaitlist(crowd[0]!, event._id)).toMatchObject({
      status: 409,
      body: { message: 'This event still has free seats: attend it instead' },
    });
    await attend(t.app, crowd[0]!, event._id);
    await attend(t.app, crowd[1]!, event._id);
    expect(await joinWaitlist(crowd[0]!, event._id)).toMatchObject({
      status: 409,
      body: { message: 'You are already attending this event' },
    });
    expect((await joinWaitlist(outsider, event._id)).status).toBe(404);
    const asSomeoneElse = await call(t.app, '/api/events/joinWaitlist', {
      method: 'POST',
      as: crowd[2]!,
      payload: { eventID: event._id, userID: crowd[3]!.user.id },
    });
    expect(asSomeoneElse.status).toBe(403);
    const bad = await call(t.app, '/api/events/joinWaitlist', { method: 'POST', as: crowd[2]!, payload: { eventID: 7 } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['eventID', 'userID']));
    expect((await call(t.app, '/api/events/joinWaitlist', { method: 'POST', payload: { eventID: event._id, userID: 'x' } })).status).toBe(
      401,
    );
  });
});

describe('promotion when a seat frees', () => {
  it('gives the seat to the first in line when an attendee unattends, with a mail and a published change', async () => {
    const event = await fullEvent(2);
    const [a, , c, d] = crowd;
    await joinWaitlist(c!, event._id);
    t.clock.advance(1000);
    await joinWaitlist(d!, event._id);
    await sendMails();
    published.length = 0;

    const res = await unattend(t.app, a!, event._id);
    expect(res.status).toBe(200);
    const after = await eventAs(c!, event._id);
    expect(attendingIds(after)).toEqual([crowd[1]!.user.id, c!.user.id]);
    expect(waitingIds(after)).toEqual([d!.user.id]);
    expect(after.waitlistPosition).toBeUndefined();
    expect((await eventAs(d!, event._id)).waitlistPosition).toBe(1);

    expect(published).toContainEqual({
      groupId: group._id,
      topic: 'attendance',
      action: 'waitlistPromoted',
      eventId: event._id,
      userId: c!.user.id,
    });
    const mails = await sendMails();
    const promotion = mails.filter((m) => m.subject.startsWith('You have a seat'));
    expect(promotion).toHaveLength(1);
    expect(promotion[0]).toMatchObject({ to: c!.user.email, subject: 'You have a seat: Game night in Waiting Room' });
    expect(promotion[0]!.text).toContain('you are now attending');
  });

  it('gives new seats to the waitlist when the creator raises the maximum', async () => {
    const event = await fullEvent(1);
    for (const user of crowd.slice(1, 4)) {
      await joinWaitlist(user, event._id);
      t.clock.advance(1000);
    }
    const raised = await call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: owner,
      payload: {
        userID: owner.user.id,
        eventName: event.eventName,
        startDate: event.startDate,
        endDate: event.endDate,
        maxNumberOfMembers: 3,
      },
    });
    expect(raised.status).toBe(200);
    expect(attendingIds(raised.body)).toEqual(crowd.slice(0, 3).map((u) => u.user.id));
    expect(waitingIds(raised.body)).toEqual([crowd[3]!.user.id]);
  });

  it('gives the seat of a member who leaves or is kicked to the first in line', async () => {
    const leaver = await createUser(t.app);
    const kicked = await createUser(t.app);
    await join(t.app, group, leaver);
    await join(t.app, group, kicked);
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 2 });
    await attend(t.app, leaver, event._id);
    await attend(t.app, kicked, event._id);
    await joinWaitlist(crowd[5]!, event._id);
    t.clock.advance(1000);
    await joinWaitlist(crowd[6]!, event._id);

    const left = await call(t.app, '/api/groups/leaveGroup', {
      method: 'POST',
      as: leaver,
      payload: { groupID: group._id, userID: leaver.user.id },
    });
    expect(left.status).toBe(200);
    expect(attendingIds(await eventAs(owner, event._id))).toEqual([kicked.user.id, crowd[5]!.user.id]);

    const kick = await call(t.app, '/api/groups/kickMember', {
      method: 'POST',
      as: owner,
      payload: { groupID: group._id, userID: kicked.user.id },
    });
    expect(kick.status).toBe(200);
    const after = await eventAs(owner, event._id);
    expect(attendingIds(after)).toEqual([crowd[5]!.user.id, crowd[6]!.user.id]);
    expect(after.waitlistMembers).toBeUndefined();
  });

  it('hands out no seats once the event has started', async () => {
    const event = await fullEvent(1, { startIn: HOUR });
    await joinWaitlist(crowd[1]!, event._id);
    t.clock.advance(2 * HOUR);
    await unattend(t.app, crowd[0]!, event._id);
    const after = await eventAs(owner, event._id);
    expect(after.attendingMembers).toEqual([]);
    expect(waitingIds(after)).toEqual([crowd[1]!.user.id]);
    t.clock.advance(-2 * HOUR);
  });
});

describe('sign-up cutoff', () => {
  it('refuses attend and the waitlist after the cutoff with a clear message, and shows when sign-ups close', async () => {
    const start = t.clock.now() + 5 * HOUR;
    const created = await call(t.app, '/api/events/postEvent', {
      method: 'POST',
      as: owner,
      payload: {
        groupID: group._id,
        userID: owner.user.id,
        eventName: 'Cutoff night',
        startDate: new Date(start).toISOString(),
        endDate: new Date(start + HOUR).toISOString(),
        maxNumberOfMembers: 1,
        signupCutoffMinutes: 120,
      },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ signupCutoffMinutes: 120, signupClosesAt: new Date(start - 2 * HOUR).toISOString() });
    const id = created.body._id as string;
    expect((await attend(t.app, crowd[0]!, id)).status).toBe(200);
    expect((await joinWaitlist(crowd[1]!, id)).status).toBe(200);

    t.clock.advance(3 * HOUR);
    expect(await attend(t.app, crowd[2]!, id)).toMatchObject({ status: 409, body: { message: 'Sign-ups for this event have closed' } });
    expect(await joinWaitlist(crowd[2]!, id)).toMatchObject({ status: 409, body: { message: 'Sign-ups for this event have closed' } });
    // Leaving still works, and the seat still goes to whoever waited before the cutoff.
    expect((await unattend(t.app, crowd[0]!, id)).status).toBe(200);
    expect(attendingIds(await eventAs(owner, id))).toEqual([crowd[1]!.user.id]);
    t.clock.advance(-3 * HOUR);
  });

  it('validates the cutoff and lets the creator change or remove it', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), {});
    const edit = (signupCutoffMinutes: unknown) =>
      call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
        method: 'POST',
        as: owner,
        payload: {
          userID: owner.user.id,
          eventName: event.eventName,
          startDate: event.startDate,
          endDate: event.endDate,
          signupCutoffMinutes,
        },
      });
    for (const bad of [-1, 1.5, 7 * 24 * 60 + 1, 'soon']) {
      const res = await edit(bad);
      expect(res.status).toBe(400);
      expect(res.body.fields.signupCutoffMinutes).toMatch(/Sign-up cutoff/);
    }
    expect((await edit(30)).body.signupCutoffMinutes).toBe(30);
    expect((await edit(null)).body.signupCutoffMinutes).toBeUndefined();
  });
});

describe('the last seat under concurrency', () => {
  it('of many members racing for one seat exactly one gets it; the others are told it is full and queue in order', async () => {
    const event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 1 });
    const racers = crowd.slice(0, 10);
    const results = await Promise.all(racers.map((user) => attend(t.app, user, event._id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const losers = racers.filter((_, i) => results[i]!.status !== 200);
    for (const i of racers.keys())
      if (results[i]!.status !== 200) expect(results[i]).toMatchObject({ status: 409, body: { message: 'This event is full' } });

    const queued = await Promise.all(losers.map((user) => joinWaitlist(user, event._id)));
    expect(queued.every((r) => r.status === 200)).toBe(true);
    expect(queued.map((r) => r.body.waitlistPosition).sort((a, b) => a - b)).toEqual(losers.map((_, i) => i + 1));
  });

  it('a freed seat goes to the first in line even while others try to attend at the same moment, never overbooking', async () => {
    const event = await fullEvent(1);
    const waiting = crowd.slice(1, 4);
    for (const user of waiting) {
      await joinWaitlist(user, event._id);
      t.clock.advance(1000);
    }
    const rivals = crowd.slice(4, 12);
    await Promise.all([unattend(t.app, crowd[0]!, event._id), ...rivals.map((user) => attend(t.app, user, event._id))]);
    const after = await eventAs(owner, event._id);
    expect(attendingIds(after)).toEqual([waiting[0]!.user.id]);
    expect(waitingIds(after)).toEqual(waiting.slice(1).map((u) => u.user.id));
    const stored = await t.database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', event._id).execute();
    expect(stored).toEqual([{ user_id: waiting[0]!.user.id }]);
  });

  it('several seats freed at once by parallel unattends go to the queue in order', async () => {
    const event = await fullEvent(4);
    const waiting = crowd.slice(4, 9);
    for (const user of waiting) {
      await joinWaitlist(user, event._id);
      t.clock.advance(1000);
    }
    await Promise.all(crowd.slice(0, 3).map((user) => unattend(t.app, user, event._id)));
    const after = await eventAs(owner, event._id);
    expect(attendingIds(after).sort()).toEqual([crowd[3]!, ...waiting.slice(0, 3)].map((u) => u.user.id).sort());
    expect(waitingIds(after)).toEqual(waiting.slice(3).map((u) => u.user.id));
    expect(after.attendingMembers).toHaveLength(4);
  });
});
