import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTO_CANCEL_NEEDS_CHECK_MESSAGE,
  EVENT_CANCELLED_MESSAGE,
  MIN_ABOVE_MAX_MESSAGE,
  QUORUM_CHECK_MESSAGE,
  QUORUM_CHECK_NEEDS_MIN_MESSAGE,
} from '@smm/shared/events/quorum';
import type { EventDto } from '@smm/shared/events/schemas';
import { createInProcessGroupChanges, type GroupChange } from '../src/features/live/group-changes';
import type { Mail } from '../src/integrations/mailer';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import { EVENT_ENDED_MESSAGE } from '../src/features/events/rsvp';
import { attend, HOUR, iso, MINUTE, unattend } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, memoryMailer, type TestApp } from './test-app';

// Minimum players: checked once at the chosen time before the start by the mail job; below it the
// creator is told and, if they chose so, the event is cancelled (kept, sign-ups and all) and its
// attendees and waitlist are mailed.

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;
let organiser: TestUser;
let players: TestUser[];
let groupID: string;
let group: Awaited<ReturnType<typeof createGroup>>;
const changes = createInProcessGroupChanges();
const heard: GroupChange[] = [];

beforeAll(async () => {
  t = await createTestApp({ deps: { changes } });
  organiser = await createUser(t.app);
  players = await Promise.all(Array.from({ length: 4 }, () => createUser(t.app)));
  group = await createGroup(t.app, organiser, { groupName: 'Quorum Group' });
  groupID = group._id;
  for (const user of players) await join(t.app, group, user);
  changes.subscribe(groupID, (change) => heard.push(change));
});
afterAll(() => t.close());
beforeEach(() => t.clock.advance(10 * 24 * HOUR));

const newJob = (mailer = memoryMailer(), instanceId?: string) =>
  createEventMailJob({ db: t.database.db, clock: t.clock, mailer, log: silentLog, publicUrl: 'http://smm.test', instanceId, changes });

/** Sends the mails queued so far (creation notices), so each test counts only its own. */
const drain = () => newJob().tick();

const post = (fields: Record<string, unknown>) => {
  const start = t.clock.now() + 10 * HOUR;
  return call(t.app, '/api/events/postEvent', {
    method: 'POST',
    as: organiser,
    payload: { groupID, userID: organiser.user.id, eventName: 'Raid', startDate: iso(start), endDate: iso(start + 2 * HOUR), ...fields },
  });
};

/** An event starting in 10 hours, checked 6 hours before, with `seated` of the players attending. */
async function eventWithMinimum(name: string, seated: number, autoCancel: boolean, maxNumberOfMembers = 4): Promise<EventDto> {
  const res = await post({ eventName: name, minPlayers: 3, quorumCheckMinutes: 360, autoCancel, maxNumberOfMembers });
  expect(res.status).toBe(200);
  const event = res.body as EventDto;
  expect(event).toMatchObject({ minPlayers: 3, quorumCheckMinutes: 360 });
  for (const user of players.slice(0, seated)) expect((await attend(t.app, user, event._id)).status).toBe(200);
  await drain();
  return event;
}

const readEvent = async (eventID: string) =>
  ((await call(t.app, `/api/events/getEvents?groupID=${groupID}`, { as: organiser })).body as EventDto[]).find((e) => e._id === eventID)!;
const to = (mails: Mail[]) => mails.map((m) => m.to).sort();

describe('minimum players: input', () => {
  it('refuses, per field, a minimum above the maximum, an unknown check time, a check without a minimum and a cancellation without a check', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ minPlayers: 5, maxNumberOfMembers: 4 }, 'minPlayers', MIN_ABOVE_MAX_MESSAGE],
      [{ minPlayers: 0 }, 'minPlayers', 'Minimum players must be a whole number from 1 to 12'],
      [{ minPlayers: 2, quorumCheckMinutes: 90 }, 'quorumCheckMinutes', QUORUM_CHECK_MESSAGE],
      [{ quorumCheckMinutes: 60 }, 'quorumCheckMinutes', QUORUM_CHECK_NEEDS_MIN_MESSAGE],
      [{ minPlayers: 2, autoCancel: true }, 'autoCancel', AUTO_CANCEL_NEEDS_CHECK_MESSAGE],
    ];
    for (const [fields, field, message] of cases) {
      const res = await post(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.fields[field]).toBe(message);
    }
  });

  it('applies to every occurrence of a weekly series, and an edit of the series changes them all', async () => {
    const res = await post({ eventName: 'Weekly', minPlayers: 2, quorumCheckMinutes: 1440, autoCancel: true, repeatCount: 3 });
    expect(res.status).toBe(200);
    const all = ((await call(t.app, `/api/events/getEvents?groupID=${groupID}`, { as: organiser })).body as EventDto[]).filter(
      (e) => e.seriesID === (res.body as EventDto).seriesID,
    );
    expect(all).toHaveLength(3);
    for (const e of all) expect(e).toMatchObject({ minPlayers: 2, quorumCheckMinutes: 1440, autoCancel: true });
    const first = all[0]!;
    const edited = await call(t.app, `/api/events/updateEvent?eventID=${first._id}`, {
      method: 'POST',
      as: organiser,
      payload: {
        userID: organiser.user.id,
        eventName: 'Weekly',
        startDate: first.startDate,
        endDate: first.endDate,
        minPlayers: 4,
        autoCancel: false,
        scope: 'series',
      },
    });
    expect(edited.status).toBe(200);
    const after = ((await call(t.app, `/api/events/getEvents?groupID=${groupID}`, { as: organiser })).body as EventDto[]).filter(
      (e) => e.seriesID === first.seriesID,
    );
    for (const e of after) {
      expect(e).toMatchObject({ minPlayers: 4, quorumCheckMinutes: 1440 });
      expect(e.autoCancel).toBeUndefined();
    }
    // Null removes the minimum (and so its check) from one occurrence.
    const removed = await call(t.app, `/api/events/updateEvent?eventID=${first._id}`, {
      method: 'POST',
      as: organiser,
      payload: {
        userID: organiser.user.id,
        eventName: 'Weekly',
        startDate: first.startDate,
        endDate: first.endDate,
        minPlayers: null,
        quorumCheckMinutes: null,
      },
    });
    expect(removed.status).toBe(200);
    expect(removed.body.minPlayers).toBeUndefined();
    expect(removed.body.quorumCheckMinutes).toBeUndefined();
  });
});

describe('the minimum check', () => {
  it('auto-cancel: at the cutoff the event is cancelled, kept with its sign-ups, and its creator and attendees are mailed once', async () => {
    const event = await eventWithMinimum('Short raid', 2, true);
    const mailer = memoryMailer();
    const job = newJob(mailer);
    t.clock.advance(4 * HOUR - MINUTE);
    expect((await job.tick()).quorum).toEqual({ checked: 0, belowMinimum: 0, cancelled: 0 });
    expect((await readEvent(event._id)).cancelledAt).toBeUndefined();
    heard.length = 0;
    t.clock.advance(MINUTE);
    expect((await job.tick()).quorum).toEqual({ checked: 1, belowMinimum: 1, cancelled: 1 });
    expect(heard).toContainEqual(expect.objectContaining({ topic: 'events', action: 'cancelled', eventId: event._id }));

    const cancelled = await readEvent(event._id);
    expect(cancelled.cancelledAt).toBe(iso(t.clock.now()));
    expect(cancelled.belowMinimum).toBe(true);
    expect(cancelled.attendingMembers.map((m) => m.userID)).toEqual(players.slice(0, 2).map((p) => p.user.id));
    const notices = mailer.sent.filter((m) => m.subject === 'Event cancelled in Quorum Group: Short raid');
    expect(to(notices)).toEqual(
      players
        .slice(0, 2)
        .map((p) => p.user.email)
        .sort(),
    );
    expect(notices[0]!.text).toContain('it had 2 players of the 3 it needs');
    const flag = mailer.sent.filter((m) => m.to === organiser.user.email);
    expect(flag.map((m) => m.subject)).toEqual(['Cancelled, below its minimum: Short raid in Quorum Group']);
    expect(mailer.sent).toHaveLength(3);

    // Nothing more on later ticks; a cancelled event takes no new answers.
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(30 * MINUTE);
      expect((await job.tick()).sent).toBe(0);
    }
    const refused = await attend(t.app, players[3]!, event._id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(EVENT_CANCELLED_MESSAGE);
    const responded = await call(t.app, '/api/events/respondToEvent', {
      method: 'POST',
      as: players[3]!,
      payload: { eventID: event._id, response: 'maybe' },
    });
    expect(responded.status).toBe(409);
  });

  it('flag only: below the minimum the creator is told and the event is marked, not cancelled; it clears once the minimum is reached', async () => {
    const event = await eventWithMinimum('Flagged raid', 1, false);
    const mailer = memoryMailer();
    t.clock.advance(4 * HOUR);
    heard.length = 0;
    expect((await newJob(mailer).tick()).quorum).toEqual({ checked: 1, belowMinimum: 1, cancelled: 0 });
    expect(heard).toContainEqual(expect.objectContaining({ topic: 'events', action: 'updated', eventId: event._id }));
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([[organiser.user.email, 'Below its minimum: Flagged raid in Quorum Group']]);
    expect(mailer.sent[0]!.text).toContain('has 1 player of the 3 it needs at its check 6 hours before the start');
    const flagged = await readEvent(event._id);
    expect(flagged).toMatchObject({ belowMinimum: true });
    expect(flagged.cancelledAt).toBeUndefined();

    for (const user of players.slice(1, 3)) expect((await attend(t.app, user, event._id)).status).toBe(200);
    expect((await readEvent(event._id)).belowMinimum).toBeUndefined();
    expect((await newJob(memoryMailer()).tick()).quorum.checked).toBe(0);
  });

  it('an event that reached its minimum is not flagged and nobody is mailed', async () => {
    const event = await eventWithMinimum('Full raid', 3, true);
    const mailer = memoryMailer();
    t.clock.advance(4 * HOUR);
    expect((await newJob(mailer).tick()).quorum).toEqual({ checked: 1, belowMinimum: 0, cancelled: 0 });
    expect(mailer.sent).toEqual([]);
    const read = await readEvent(event._id);
    expect(read.belowMinimum).toBeUndefined();
    expect(read.cancelledAt).toBeUndefined();
  });

  it('a job that was down catches up on an event that has not started, and skips one that has', async () => {
    const missed = await eventWithMinimum('Missed check', 0, true);
    const started = await eventWithMinimum('Too late', 0, true);
    const moved = await call(t.app, `/api/events/updateEvent?eventID=${started._id}`, {
      method: 'POST',
      as: organiser,
      payload: {
        userID: organiser.user.id,
        eventName: 'Too late',
        startDate: iso(t.clock.now() + 7 * HOUR),
        endDate: iso(t.clock.now() + 12 * HOUR),
      },
    });
    expect(moved.status).toBe(200);
    // Down for 8 hours: "Missed check" (checked at 4 h) has not started, "Too late" (7 h) has.
    t.clock.advance(8 * HOUR);
    const mailer = memoryMailer();
    expect((await newJob(mailer).tick()).quorum).toEqual({ checked: 1, belowMinimum: 1, cancelled: 1 });
    expect((await readEvent(missed._id)).cancelledAt).toBe(iso(t.clock.now()));
    expect((await readEvent(started._id)).cancelledAt).toBeUndefined();
  });

  it('two instances ticking at once check each event once', async () => {
    const events = [];
    for (const name of ['Twin A', 'Twin B', 'Twin C']) events.push(await eventWithMinimum(name, 1, true));
    t.clock.advance(4 * HOUR);
    const [a, b] = [memoryMailer(), memoryMailer()];
    const results = await Promise.all([newJob(a, 'instance-a').tick(), newJob(b, 'instance-b').tick()]);
    expect(results[0]!.quorum.cancelled + results[1]!.quorum.cancelled).toBe(3);
    const all = [...a.sent, ...b.sent];
    // Per event: the creator's notice and one to its attendee.
    expect(all).toHaveLength(6);
    expect(new Set(all.map((m) => `${m.to}|${m.subject}`)).size).toBe(6);
    for (const event of events) expect((await readEvent(event._id)).cancelledAt).toBeDefined();
  });

  it('a creator who has left the group is not mailed; its attendees still are', async () => {
    const creator = await createUser(t.app);
    await join(t.app, group, creator);
    const start = t.clock.now() + 10 * HOUR;
    const posted = await call(t.app, '/api/events/postEvent', {
      method: 'POST',
      as: creator,
      payload: {
        groupID,
        userID: creator.user.id,
        eventName: 'Orphaned raid',
        startDate: iso(start),
        endDate: iso(start + 2 * HOUR),
        minPlayers: 3,
        quorumCheckMinutes: 360,
        autoCancel: true,
      },
    });
    expect(posted.status).toBe(200);
    const event = posted.body as EventDto;
    expect((await attend(t.app, players[0]!, event._id)).status).toBe(200);
    const left = await call(t.app, '/api/groups/leaveGroup', { method: 'POST', as: creator, payload: { groupID, userID: creator.user.id } });
    expect(left.status).toBe(200);
    await drain();
    t.clock.advance(4 * HOUR);
    const mailer = memoryMailer();
    expect((await newJob(mailer).tick()).quorum).toEqual({ checked: 1, belowMinimum: 1, cancelled: 1 });
    expect(mailer.sent.map((m) => [m.to, m.subject])).toEqual([[players[0]!.user.email, 'Event cancelled in Quorum Group: Orphaned raid']]);
  });
});

describe('unattendEvent after the event is over', () => {
  it('refuses to clear an answer on a cancelled or an ended event, and keeps it', async () => {
    const event = await eventWithMinimum('Kept answers', 2, false);
    const seated = players[0]!;
    expect((await call(t.app, '/api/events/cancelEvent', { method: 'POST', as: organiser, payload: { eventID: event._id } })).status).toBe(200);
    const onCancelled = await unattend(t.app, seated, event._id);
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.message).toBe(EVENT_CANCELLED_MESSAGE);
    expect((await readEvent(event._id)).attendingMembers.map((m) => m.userID)).toContain(seated.user.id);

    const ended = await eventWithMinimum('Already played', 2, false);
    t.clock.advance(13 * HOUR);
    const onEnded = await unattend(t.app, seated, ended._id);
    expect(onEnded.status).toBe(409);
    expect(onEnded.body.message).toBe(EVENT_ENDED_MESSAGE);
    expect((await readEvent(ended._id)).attendingMembers.map((m) => m.userID)).toContain(seated.user.id);
  });
});

describe('cancelEvent', () => {
  it('the creator cancels by hand: kept with its sign-ups, attendees mailed, answers refused; others may not, and twice is refused', async () => {
    const event = await eventWithMinimum('Called off', 2, false);
    const stranger = players[3]!;
    const refused = await call(t.app, '/api/events/cancelEvent', { method: 'POST', as: stranger, payload: { eventID: event._id } });
    expect(refused.status).toBe(403);
    heard.length = 0;
    const res = await call(t.app, '/api/events/cancelEvent', { method: 'POST', as: organiser, payload: { eventID: event._id } });
    expect(res.status).toBe(200);
    expect(res.body.cancelledAt).toBe(iso(t.clock.now()));
    expect(res.body.attendingMembers).toHaveLength(2);
    expect(heard).toContainEqual(expect.objectContaining({ topic: 'events', action: 'cancelled', eventId: event._id }));
    const mailer = memoryMailer();
    await newJob(mailer).tick();
    expect(to(mailer.sent)).toEqual(
      players
        .slice(0, 2)
        .map((p) => p.user.email)
        .sort(),
    );
    expect(mailer.sent[0]!.text).toContain(`${organiser.user.username} cancelled "Called off" in Quorum Group.`);
    expect((await attend(t.app, stranger, event._id)).body.message).toBe(EVENT_CANCELLED_MESSAGE);
    const ics = await t.app.inject({ url: `/api/events/${event._id}.ics`, headers: { authorization: organiser.token } });
    expect(ics.body).toContain('STATUS:CANCELLED');
    const again = await call(t.app, '/api/events/cancelEvent', { method: 'POST', as: organiser, payload: { eventID: event._id } });
    expect(again.status).toBe(409);
    // Its minimum is not checked any more: a cancelled event is not cancelled again.
    t.clock.advance(4 * HOUR);
    expect((await newJob(memoryMailer()).tick()).quorum.checked).toBe(0);
  });
});
