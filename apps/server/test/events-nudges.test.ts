import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NUDGE_DAILY_LIMIT_MESSAGE,
  NUDGE_ONLY_ORGANISER_MESSAGE,
  NUDGE_SERIES_TOO_SOON_MESSAGE,
  NUDGE_TOO_SOON_MESSAGE,
  NUDGES_PER_DAY,
  type EventNudgeDto,
} from '@smm/shared/events/quorum';
import type { EventDto } from '@smm/shared/events/schemas';
import * as m0870 from '../src/db/migrations/0870_series_nudges_of_deleted_series';
import { createInProcessGroupChanges } from '../src/features/live/group-changes';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import '../src/features/discord/discord.tables';
import { createDiscordFake, fakeWebhookUrl, type DiscordFake } from './fakes/discord-fake';
import { attend, createEvent, HOUR, iso, joinWaitlist, setNotifications } from './events-fixtures';
import { call, createGroup, join, setRole, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, memoryMailer, type TestApp } from './test-app';

// Reminding members who have not answered an event: "5 of 8 answered", a mail to each of them who
// keeps notifications on, one Discord post, and at most one reminder per event in 24 hours.

const silentLog = { info: () => {}, warn: () => {}, error: () => {} };
let t: TestApp;
let discord: DiscordFake;
let organiser: TestUser;
let admin: TestUser;
let member: TestUser;
let seated: TestUser;
let waiting: TestUser;
let maybe: TestUser;
let quiet: TestUser;
let outsider: TestUser;
let groupID: string;
let group: { _id: string; inviteLink: string };
const changes = createInProcessGroupChanges();
/** The statements that read or write a series' last reminder, for their plans. */
const seriesStatements: CompiledQuery[] = [];

beforeAll(async () => {
  discord = await createDiscordFake();
  t = await createTestApp({
    discordApiUrl: discord.url,
    discordDelivery: { pollMs: 3_600_000 },
    deps: { changes },
    onQuery: (query) => void (query.sql.includes('event_series_nudges') && seriesStatements.push(query)),
  });
  const users = await Promise.all(Array.from({ length: 8 }, () => createUser(t.app)));
  [organiser, admin, member, seated, waiting, maybe, quiet, outsider] = users as [
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
    TestUser,
  ];
  group = await createGroup(t.app, organiser, { groupName: 'Nudge Group' });
  groupID = group._id;
  for (const user of [admin, member, seated, waiting, maybe, quiet]) await join(t.app, group, user);
  await setRole(t.app, groupID, organiser, admin, 'Administrator');
  expect((await setNotifications(t.app, quiet, groupID, false)).status).toBe(200);
  const hooked = await call(t.app, `/api/groups/${groupID}/discordWebhook`, {
    method: 'POST',
    as: organiser,
    payload: { webhookUrl: fakeWebhookUrl() },
  });
  expect(hooked.status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await discord.close();
});

/** An event by the organiser with one seat: `seated` takes it, `waiting` queues and `maybe` answers Maybe. */
async function answeredEvent(name: string): Promise<EventDto> {
  const start = t.clock.now() + 72 * HOUR;
  const res = await call(t.app, '/api/events/postEvent', {
    method: 'POST',
    as: organiser,
    payload: {
      groupID,
      userID: organiser.user.id,
      eventName: name,
      startDate: iso(start),
      endDate: iso(start + 2 * HOUR),
      maxNumberOfMembers: 1,
    },
  });
  expect(res.status).toBe(200);
  const event = res.body as EventDto;
  expect((await attend(t.app, seated, event._id)).status).toBe(200);
  expect((await joinWaitlist(t.app, waiting, event._id)).status).toBe(200);
  const answered = await call(t.app, '/api/events/respondToEvent', {
    method: 'POST',
    as: maybe,
    payload: { eventID: event._id, response: 'maybe' },
  });
  expect(answered.status).toBe(200);
  return event;
}

const nudgeOf = (as: TestUser, eventID: string) => call(t.app, `/api/events/getEventNudge?eventID=${eventID}`, { as });
const remind = (as: TestUser, eventID: string) =>
  call(t.app, '/api/events/remindEventMembers', { method: 'POST', as, payload: { eventID } });

async function sentMails() {
  const mailer = memoryMailer();
  await createEventMailJob({ db: t.database.db, clock: t.clock, mailer, log: silentLog, publicUrl: 'http://smm.test' }).tick();
  return mailer.sent;
}

describe('getEventNudge and remindEventMembers', () => {
  it('count members who answered (seat, waitlist, Maybe) and name those who have not', async () => {
    const event = await answeredEvent('Counted');
    const res = await nudgeOf(organiser, event._id);
    expect(res.status).toBe(200);
    const nudge = res.body as EventNudgeDto;
    expect(nudge).toMatchObject({
      eventID: event._id,
      answered: 3,
      members: 7,
      lastRemindedAt: null,
      nextReminderAt: null,
      canRemind: true,
    });
    expect(nudge.notAnswered.map((m) => m.userID).sort()).toEqual([organiser, admin, member, quiet].map((u) => u.user.id).sort());
    // An Administrator sees it too; a plain member is refused, an outsider does not see the event.
    expect((await nudgeOf(admin, event._id)).status).toBe(200);
    const refused = await nudgeOf(member, event._id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NUDGE_ONLY_ORGANISER_MESSAGE);
    expect((await remind(member, event._id)).status).toBe(403);
    expect((await nudgeOf(outsider, event._id)).status).toBe(404);
  });

  it('mails only the members who have not answered and keep notifications on, posts once to Discord, and refuses a second reminder within 24 hours', async () => {
    const event = await answeredEvent('Nudged');
    await sentMails();
    const posts = discord.posts.length;
    const first = await remind(organiser, event._id);
    expect(first.status).toBe(200);
    // admin and member: not the organiser who sends it, not quiet (notifications off), nobody who answered.
    expect(first.body).toMatchObject({ mailed: 2, message: 'Reminder sent to 2 members' });
    expect(first.body.nudge).toMatchObject({
      canRemind: false,
      lastRemindedAt: iso(t.clock.now()),
      nextReminderAt: iso(t.clock.now() + 24 * HOUR),
    });
    const mails = await sentMails();
    expect(mails.map((m) => m.to).sort()).toEqual([admin.user.email, member.user.email].sort());
    expect(mails[0]!.subject).toBe('Are you coming? Nudged in Nudge Group');
    expect(mails[0]!.text).toContain('you have not answered yet');
    await t.app.discordDeliveries.settled();
    const posted = discord.posts.slice(posts);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.payload.embeds?.[0]?.title).toContain('Are you coming? Nudged');

    t.clock.advance(23 * HOUR);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/events/remindEventMembers',
      headers: { authorization: admin.token },
      payload: { eventID: event._id },
    });
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(NUDGE_TOO_SOON_MESSAGE);
    expect(second.headers['retry-after']).toBe(String(60 * 60));
    expect((await nudgeOf(organiser, event._id)).body).toMatchObject({ canRemind: false });
    expect(await sentMails()).toEqual([]);
    await t.app.discordDeliveries.settled();
    expect(discord.posts.length).toBe(posts + 1);

    t.clock.advance(HOUR);
    expect((await nudgeOf(organiser, event._id)).body).toMatchObject({ canRemind: true, nextReminderAt: null });
    const nextDay = await remind(admin, event._id);
    expect(nextDay.status).toBe(200);
    // Sent by the Administrator this time: the organiser, who has not answered either, is mailed.
    expect((await sentMails()).map((m) => m.to).sort()).toEqual([organiser.user.email, member.user.email].sort());
  });

  it('two reminders at the same moment send one', async () => {
    const event = await answeredEvent('Raced');
    await sentMails();
    const answers = await Promise.all([remind(organiser, event._id), remind(admin, event._id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    expect(await sentMails()).toHaveLength(answers.find((a) => a.status === 200)!.body.mailed);
  });

  it('refuses when everyone has answered', async () => {
    const res = await call(t.app, '/api/events/postEvent', {
      method: 'POST',
      as: organiser,
      payload: {
        groupID,
        userID: organiser.user.id,
        eventName: 'All in',
        startDate: iso(t.clock.now() + 5 * HOUR),
        endDate: iso(t.clock.now() + 6 * HOUR),
      },
    });
    const eventID = (res.body as EventDto)._id;
    for (const user of [organiser, admin, member, seated, waiting, maybe, quiet])
      expect((await attend(t.app, user, eventID)).status).toBe(200);
    expect((await nudgeOf(organiser, eventID)).body).toMatchObject({ answered: 7, members: 7, canRemind: false, notAnswered: [] });
    expect((await remind(organiser, eventID)).status).toBe(409);
  });
});

/** A weekly series by the organiser, nobody answered: its occurrences, earliest first. */
async function newSeries(name: string, repeatCount: number, inGroup = groupID): Promise<EventDto[]> {
  const start = t.clock.now() + 72 * HOUR;
  const res = await call(t.app, '/api/events/postEvent', {
    method: 'POST',
    as: organiser,
    payload: {
      groupID: inGroup,
      userID: organiser.user.id,
      eventName: name,
      startDate: iso(start),
      endDate: iso(start + 2 * HOUR),
      repeatCount,
    },
  });
  expect(res.status).toBe(200);
  const all = await call(t.app, `/api/events/getEvents?groupID=${inGroup}`, { as: organiser });
  return (all.body as EventDto[]).filter((e) => e.seriesID === res.body.seriesID);
}

/** remindEventMembers with its headers (Retry-After). */
const remindWithHeaders = async (as: TestUser, eventID: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/events/remindEventMembers',
    headers: { authorization: as.token },
    payload: { eventID },
  });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
};

describe('reminders of a weekly series', () => {
  it('one reminder a day covers every week of the series: a member who answered none is mailed once', async () => {
    const weeks = await newSeries('Weekly nudged', 4);
    expect(weeks).toHaveLength(4);
    await sentMails();
    const sentAt = t.clock.now();
    const first = await remind(organiser, weeks[0]!._id);
    expect(first.status).toBe(200);
    // Everyone but the organiser and quiet (notifications off): nobody answered any week.
    expect(first.body).toMatchObject({ mailed: 5 });

    // Another week, by the other organiser, the same day: refused, saying when it may go.
    t.clock.advance(HOUR);
    const second = await remindWithHeaders(admin, weeks[1]!._id);
    expect(second.status).toBe(429);
    expect(second.body.message).toBe(NUDGE_SERIES_TOO_SOON_MESSAGE);
    expect(second.retryAfter).toBe(String(23 * 60 * 60));
    for (const week of weeks.slice(2)) expect((await remind(organiser, week._id)).status).toBe(429);

    const mails = await sentMails();
    const expected = [admin, member, seated, waiting, maybe].map((u) => u.user.email).sort();
    expect(mails.map((m) => m.to).sort()).toEqual(expected);
    expect(mails[0]!.text).toContain('"Weekly nudged" repeats every week');

    // The nudge of another week shows the series' reminder and when the next may go.
    const nudge = (await nudgeOf(organiser, weeks[3]!._id)).body as EventNudgeDto;
    expect(nudge).toMatchObject({ lastRemindedAt: iso(sentAt), nextReminderAt: iso(sentAt + 24 * HOUR), canRemind: false });

    // A day later one week may be reminded again, and then the others wait another day.
    t.clock.advance(23 * HOUR);
    expect((await nudgeOf(organiser, weeks[1]!._id)).body).toMatchObject({ canRemind: true, nextReminderAt: null });
    expect((await remind(admin, weeks[1]!._id)).status).toBe(200);
    const again = await remindWithHeaders(organiser, weeks[0]!._id);
    expect(again.status).toBe(429);
    expect(again.body.message).toBe(NUDGE_SERIES_TOO_SOON_MESSAGE);
    expect(again.retryAfter).toBe(String(24 * 60 * 60));
    // The same week again: the message of the event's own limit.
    expect((await remindWithHeaders(admin, weeks[1]!._id)).body.message).toBe(NUDGE_TOO_SOON_MESSAGE);
    const nextDay = await sentMails();
    expect(nextDay.map((m) => m.to).sort()).toEqual([organiser, member, seated, waiting, maybe].map((u) => u.user.email).sort());
  });

  it('two weeks of one series reminded at the same moment send one reminder', async () => {
    const weeks = await newSeries('Weekly raced', 2);
    await sentMails();
    const answers = await Promise.all([remind(organiser, weeks[0]!._id), remind(admin, weeks[1]!._id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429]);
    const mails = await sentMails();
    expect(mails).toHaveLength(answers.find((a) => a.status === 200)!.body.mailed);
    expect(new Set(mails.map((m) => m.to)).size).toBe(mails.length);
  });

  it('separate events are reminded independently on the same day', async () => {
    const one = await answeredEvent('Separate one');
    const two = await answeredEvent('Separate two');
    await sentMails();
    expect((await remind(admin, one._id)).status).toBe(200);
    expect((await remind(admin, two._id)).status).toBe(200);
    expect((await nudgeOf(admin, two._id)).body).toMatchObject({ canRemind: false, lastRemindedAt: iso(t.clock.now()) });
    expect(await sentMails()).toHaveLength(4);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('plans of the series reminder on PostgreSQL', () => {
  it('read the series by its primary key, never the whole table', async () => {
    const selects = [...new Map(seriesStatements.filter((q) => /^\s*select/i.test(q.sql)).map((q) => [q.sql, q])).values()];
    // The nudge's event with its series, and the series alone while reminding.
    expect(selects.length).toBeGreaterThanOrEqual(2);
    for (const query of selects) {
      const plan = await t.database.db.transaction().execute(async (tx) => {
        await sql`set local enable_seqscan = off`.execute(tx);
        const { rows } = await tx.executeQuery<{ 'QUERY PLAN': string }>({ ...query, sql: `explain ${query.sql}` });
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan, query.sql).not.toMatch(/Seq Scan/);
    }
  });
});

describe('reminders per organiser', () => {
  it(`are at most ${NUDGES_PER_DAY} a day across their events; refused reminders do not count`, async () => {
    const busy = await createUser(t.app);
    await join(t.app, group, busy);
    const own = [];
    for (let i = 0; i <= NUDGES_PER_DAY; i += 1)
      own.push(await createEvent(t.app, busy, groupID, t.clock.now(), { eventName: `Busy ${i}`, startIn: 72 * HOUR }));
    await sentMails();
    const startedAt = t.clock.now();
    for (const [i, event] of own.slice(0, NUDGES_PER_DAY).entries()) {
      const sent = await remind(busy, event._id);
      expect(sent.status).toBe(200);
      // The last reminder of the day says so in its answer; the ones before do not.
      if (i < NUDGES_PER_DAY - 1) expect(sent.body.nudge).not.toHaveProperty('dailyRemindersUsedUntil');
      else expect(sent.body.nudge).toMatchObject({ dailyRemindersUsedUntil: iso(startedAt + 24 * HOUR), canRemind: false });
      // Refused for the event's own limit: not counted against the organiser's day.
      if (i < NUDGES_PER_DAY - 1) expect((await remind(busy, event._id)).body.message).toBe(NUDGE_TOO_SOON_MESSAGE);
    }
    expect(await sentMails()).toHaveLength(NUDGES_PER_DAY * 6);
    t.clock.advance(HOUR);
    const over = await remindWithHeaders(busy, own[NUDGES_PER_DAY]!._id);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(NUDGE_DAILY_LIMIT_MESSAGE);
    expect(over.retryAfter).toBe(String((startedAt + 24 * HOUR - t.clock.now()) / 1000));
    expect(await sentMails()).toEqual([]);
    t.clock.advance(23 * HOUR);
    expect((await remind(busy, own[NUDGES_PER_DAY]!._id)).status).toBe(200);
  });

  it('the answers of an event tell an organiser who has sent their reminders of the day until when, and tell nobody else', async () => {
    const spent = await createUser(t.app);
    const otherAdmin = await createUser(t.app);
    for (const user of [spent, otherAdmin]) await join(t.app, group, user);
    await setRole(t.app, groupID, organiser, otherAdmin, 'Administrator');
    const own = [];
    for (let i = 0; i <= NUDGES_PER_DAY; i += 1)
      own.push(await createEvent(t.app, spent, groupID, t.clock.now(), { eventName: `Spent ${i}`, startIn: 72 * HOUR }));
    const waiting = own[NUDGES_PER_DAY]!;
    const startedAt = t.clock.now();
    for (const event of own.slice(0, NUDGES_PER_DAY - 1)) expect((await remind(spent, event._id)).status).toBe(200);
    // One reminder left: the event may be reminded and nothing is said of the day.
    const oneLeft = (await nudgeOf(spent, waiting._id)).body as EventNudgeDto;
    expect(oneLeft).toMatchObject({ canRemind: true, nextReminderAt: null });
    expect(oneLeft).not.toHaveProperty('dailyRemindersUsedUntil');
    expect((await remind(spent, own[NUDGES_PER_DAY - 1]!._id)).status).toBe(200);
    await sentMails();

    t.clock.advance(HOUR);
    const usedUp = (await nudgeOf(spent, waiting._id)).body as EventNudgeDto;
    // The event itself has never been reminded: only the organiser's day stops them.
    expect(usedUp).toMatchObject({
      lastRemindedAt: null,
      nextReminderAt: null,
      dailyRemindersUsedUntil: iso(startedAt + 24 * HOUR),
      canRemind: false,
    });
    // And on an event reminded today, beside its own next reminder.
    expect((await nudgeOf(spent, own[0]!._id)).body).toMatchObject({ dailyRemindersUsedUntil: iso(startedAt + 24 * HOUR) });
    // Another organiser of the same event is told nothing of it, and may remind.
    const forOther = (await nudgeOf(otherAdmin, waiting._id)).body as EventNudgeDto;
    expect(forOther).toMatchObject({ canRemind: true });
    expect(forOther).not.toHaveProperty('dailyRemindersUsedUntil');

    // Once the day is over, the organiser may remind again and nothing more is said.
    t.clock.advance(23 * HOUR);
    const nextDay = (await nudgeOf(spent, waiting._id)).body as EventNudgeDto;
    expect(nextDay).toMatchObject({ canRemind: true });
    expect(nextDay).not.toHaveProperty('dailyRemindersUsedUntil');
    expect((await remind(spent, waiting._id)).status).toBe(200);
    await sentMails();
  });
});

/** When the series was last reminded, as kept (undefined: no row). */
const seriesNudgeRow = (seriesID: string) =>
  t.database.db.selectFrom('event_series_nudges').selectAll().where('series_id', '=', seriesID).executeTakeFirst();

const deleteEvent = (eventID: string, scope?: 'series') =>
  call(t.app, `/api/events/deleteEvent?eventID=${eventID}${scope ? `&scope=${scope}` : ''}`, { method: 'POST', as: organiser });

describe('the last reminder of a deleted series', () => {
  it('goes with the series deleted from one of its weeks, in the same transaction', async () => {
    const weeks = await newSeries('Weekly deleted', 3);
    const seriesID = weeks[0]!.seriesID!;
    expect((await remind(organiser, weeks[0]!._id)).status).toBe(200);
    await sentMails();
    expect(await seriesNudgeRow(seriesID)).toEqual({ series_id: seriesID, last_nudge_at: t.clock.now() });
    expect((await deleteEvent(weeks[1]!._id, 'series')).status).toBe(200);
    expect(await seriesNudgeRow(seriesID)).toBeUndefined();
  });

  it("goes with its group when the group is deleted; another group's stays", async () => {
    const doomed = await createGroup(t.app, organiser, { groupName: 'Nudge Group Deleted' });
    const [gone] = await newSeries('Weekly of a deleted group', 2, doomed._id);
    const [kept] = await newSeries('Weekly of a group that stays', 2);
    const at = t.clock.now();
    await t.database.db
      .insertInto('event_series_nudges')
      .values([
        { series_id: gone!.seriesID!, last_nudge_at: at },
        { series_id: kept!.seriesID!, last_nudge_at: at },
      ])
      .execute();
    expect((await call(t.app, `/api/groups/deleteGroup/${doomed._id}`, { method: 'POST', as: organiser })).status).toBe(200);
    expect(await seriesNudgeRow(gone!.seriesID!)).toBeUndefined();
    expect(await seriesNudgeRow(kept!.seriesID!)).toEqual({ series_id: kept!.seriesID!, last_nudge_at: at });
  });

  it('stays while a week of the series is still to come, and goes with the last of them', async () => {
    const weeks = await newSeries('Weekly thinned', 3);
    const seriesID = weeks[0]!.seriesID!;
    expect((await remind(organiser, weeks[2]!._id)).status).toBe(200);
    await sentMails();
    expect((await deleteEvent(weeks[2]!._id)).status).toBe(200);
    expect((await deleteEvent(weeks[0]!._id)).status).toBe(200);
    // The week left is still covered by the series' reminder of today.
    expect(await seriesNudgeRow(seriesID)).toBeDefined();
    expect((await nudgeOf(organiser, weeks[1]!._id)).body).toMatchObject({
      lastRemindedAt: iso(t.clock.now()),
      nextReminderAt: iso(t.clock.now() + 24 * HOUR),
      canRemind: false,
    });
    expect((await deleteEvent(weeks[1]!._id)).status).toBe(200);
    expect(await seriesNudgeRow(seriesID)).toBeUndefined();
  });

  it('stays when a week that has started is deleted while others are to come', async () => {
    const weeks = await newSeries('Weekly begun', 2);
    const seriesID = weeks[0]!.seriesID!;
    expect((await remind(organiser, weeks[0]!._id)).status).toBe(200);
    await sentMails();
    t.clock.advance(73 * HOUR);
    expect((await deleteEvent(weeks[0]!._id)).status).toBe(200);
    expect(await seriesNudgeRow(seriesID)).toBeDefined();
    expect((await deleteEvent(weeks[1]!._id, 'series')).status).toBe(200);
    expect(await seriesNudgeRow(seriesID)).toBeUndefined();
  });

  it('left behind before, with no week left at all, is removed by migration 0870; the others stay', async () => {
    const weeks = await newSeries('Weekly kept', 2);
    const seriesID = weeks[0]!.seriesID!;
    expect((await remind(organiser, weeks[0]!._id)).status).toBe(200);
    await sentMails();
    await t.database.db.insertInto('event_series_nudges').values({ series_id: 'deleted-before-0870', last_nudge_at: 1 }).execute();
    await m0870.up(t.database.db as never);
    expect(await seriesNudgeRow('deleted-before-0870')).toBeUndefined();
    expect(await seriesNudgeRow(seriesID)).toBeDefined();
  });
});
