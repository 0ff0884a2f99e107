import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { createEventMailJob } from '../src/features/reminders/event-mail.job';
import { attend, HOUR, iso, MINUTE } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, memoryMailer, type TestApp } from './test-app';

// Weekly series: occurrences are events of their own sharing a seriesID.

const WEEK = 7 * 24 * HOUR;
let t: TestApp;
let owner: TestUser;
let member: TestUser;
let groupID: string;
const silentLog = { info: () => {}, warn: () => {}, error: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  member = await createUser(t.app);
  const group = await createGroup(t.app, owner, { groupName: 'Weekly Civ' });
  groupID = group._id;
  await join(t.app, group, member);
});
afterAll(() => t.close());

const post = (payload: Record<string, unknown>) =>
  call(t.app, '/api/events/postEvent', {
    method: 'POST',
    as: owner,
    payload: { groupID, userID: owner.user.id, eventName: 'Weekly', maxNumberOfMembers: 4, ...payload },
  });

async function listSeries(seriesID: string): Promise<EventDto[]> {
  const res = await call(t.app, `/api/events/getEvents?groupID=${groupID}`, { as: member });
  return (res.body as EventDto[]).filter((e) => e.seriesID === seriesID);
}

async function newSeries(repeatCount: number, name = 'Weekly') {
  const start = t.clock.now() + 24 * HOUR;
  const res = await post({ eventName: name, startDate: iso(start), endDate: iso(start + 3 * HOUR), repeatCount });
  expect(res.status).toBe(200);
  return { first: res.body as EventDto, start, all: await listSeries(res.body.seriesID) };
}

describe('creating a weekly series', () => {
  it('makes one event per week sharing a seriesID, each with its own attendance', async () => {
    const { first, start, all } = await newSeries(4);
    expect(first.seriesID).toEqual(expect.any(String));
    expect(all.map((e) => e.startDate)).toEqual([0, 1, 2, 3].map((w) => iso(start + w * WEEK)));
    expect(all.map((e) => e.endDate)).toEqual([0, 1, 2, 3].map((w) => iso(start + w * WEEK + 3 * HOUR)));
    expect(new Set(all.map((e) => e._id)).size).toBe(4);

    expect((await attend(t.app, member, all[1]!._id)).status).toBe(200);
    const after = await listSeries(first.seriesID!);
    expect(after.map((e) => e.attendingMembers.length)).toEqual([0, 1, 0, 0]);
  });

  it('repeats until a date, inclusive', async () => {
    const start = t.clock.now() + 24 * HOUR;
    const res = await post({ startDate: iso(start), endDate: iso(start + HOUR), repeatUntil: iso(start + 2 * WEEK) });
    expect(res.status).toBe(200);
    expect((await listSeries(res.body.seriesID)).map((e) => e.startDate)).toEqual([iso(start), iso(start + WEEK), iso(start + 2 * WEEK)]);
  });

  it('keeps the wall-clock time of the given zone across daylight saving', async () => {
    // 20:00 in Berlin on Tuesday 2027-03-23 (UTC+1) and a week later (UTC+2, summer time from March 28).
    t.clock.set(Date.UTC(2027, 2, 20, 12));
    const start = Date.UTC(2027, 2, 23, 19);
    const res = await post({ startDate: iso(start), endDate: iso(start + 2 * HOUR), repeatCount: 2, timeZone: 'Europe/Berlin' });
    expect(res.status).toBe(200);
    const all = await listSeries(res.body.seriesID);
    expect(all.map((e) => e.startDate)).toEqual(['2027-03-23T19:00:00.000Z', '2027-03-30T18:00:00.000Z']);
    expect(all.map((e) => Date.parse(e.endDate) - Date.parse(e.startDate))).toEqual([2 * HOUR, 2 * HOUR]);
    t.clock.set(Date.UTC(2026, 10, 23, 12));
  });

  it("keeps the group's time zone when the request names none", async () => {
    // A London group: its owner's zone when it was made. 20:00 in London on Friday 2027-03-19 (UTC)
    // and two weeks later (UTC+1, summer time from March 28).
    const londoner = await createUser(t.app);
    const zone = await call(t.app, '/api/users/postTimeZone', { method: 'POST', as: londoner, payload: { timeZone: 'Europe/London' } });
    expect(zone.status).toBe(200);
    const london = await createGroup(t.app, londoner, { groupName: 'London Weekly' });
    t.clock.set(Date.UTC(2027, 2, 15, 12));
    const start = Date.UTC(2027, 2, 19, 20);
    const res = await call(t.app, '/api/events/postEvent', {
      method: 'POST',
      as: londoner,
      payload: {
        groupID: london._id,
        userID: londoner.user.id,
        eventName: 'Friday game',
        startDate: iso(start),
        endDate: iso(start + 3 * HOUR),
        repeatCount: 3,
      },
    });
    expect(res.status).toBe(200);
    const listed = await call(t.app, `/api/events/getEvents?groupID=${london._id}`, { as: londoner });
    expect((listed.body as EventDto[]).filter((e) => e.seriesID === res.body.seriesID).map((e) => e.startDate)).toEqual([
      '2027-03-19T20:00:00.000Z',
      '2027-03-26T20:00:00.000Z',
      '2027-04-02T19:00:00.000Z',
    ]);
    t.clock.set(Date.UTC(2026, 10, 23, 12));
  });

  it('refuses series that are too long, too short, or both kinds of repeat', async () => {
    const start = t.clock.now() + 24 * HOUR;
    const base = { startDate: iso(start), endDate: iso(start + HOUR) };
    const tooMany = await post({ ...base, repeatCount: 53 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.repeatCount).toMatch(/2 to 52/);
    const tooLate = await post({ ...base, repeatUntil: iso(start + 60 * WEEK) });
    expect(tooLate).toMatchObject({ status: 400, body: { fields: { repeatUntil: 'A weekly series can hold at most 52 events' } } });
    const tooSoon = await post({ ...base, repeatUntil: iso(start + 3 * 24 * HOUR) });
    expect(tooSoon).toMatchObject({
      status: 400,
      body: { fields: { repeatUntil: 'Repeat until must be at least a week after the Start Date' } },
    });
    const both = await post({ ...base, repeatUntil: iso(start + 2 * WEEK), repeatCount: 3 });
    expect(both.status).toBe(400);
    expect(both.body.fields.repeatUntil).toBe('Repeat until a date or a number of times, not both');
    const badZone = await post({ ...base, repeatCount: 3, timeZone: 'Mars/Base' });
    expect(badZone.status).toBe(400);
  });
});

describe('editing and deleting occurrences', () => {
  const edit = (event: EventDto, fields: Record<string, unknown>) =>
    call(t.app, `/api/events/updateEvent?eventID=${event._id}`, {
      method: 'POST',
      as: owner,
      payload: { userID: owner.user.id, eventName: event.eventName, startDate: event.startDate, endDate: event.endDate, ...fields },
    });

  it('"This event" changes one occurrence; "All events in the series" changes it and every later one', async () => {
    const { first, all } = await newSeries(4, 'Edit me');
    const one = await edit(all[1]!, { eventName: 'Just this one' });
    expect(one.status).toBe(200);
    expect((await listSeries(first.seriesID!)).map((e) => e.eventName)).toEqual(['Edit me', 'Just this one', 'Edit me', 'Edit me']);

    // From the second occurrence: one hour later, an hour longer, a new name, max 6, for all of them.
    const from = all[1]!;
    const moved = await edit(from, {
      eventName: 'Moved',
      startDate: iso(Date.parse(from.startDate) + HOUR),
      endDate: iso(Date.parse(from.startDate) + 5 * HOUR),
      maxNumberOfMembers: 6,
      scope: 'series',
    });
    expect(moved.status).toBe(200);
    const after = await listSeries(first.seriesID!);
    expect(after.map((e) => e.eventName)).toEqual(['Moved', 'Moved', 'Moved', 'Moved']);
    expect(after.map((e) => e.startDate)).toEqual(all.map((e) => iso(Date.parse(e.startDate) + HOUR)));
    expect(after.map((e) => Date.parse(e.endDate) - Date.parse(e.startDate))).toEqual([4 * HOUR, 4 * HOUR, 4 * HOUR, 4 * HOUR]);
    expect(after.every((e) => e.maxNumberOfMembers === 6)).toBe(true);
  });

  it('leaves occurrences that have started alone when editing or deleting the series', async () => {
    const { first, all } = await newSeries(3, 'Running');
    t.clock.set(Date.parse(all[0]!.startDate) + HOUR);
    const res = await edit(all[1]!, { eventName: 'Renamed', scope: 'series' });
    expect(res.status).toBe(200);
    expect((await listSeries(first.seriesID!)).map((e) => e.eventName)).toEqual(['Running', 'Renamed', 'Renamed']);
    const deleted = await call(t.app, `/api/events/deleteEvent?eventID=${all[1]!._id}&scope=series`, { method: 'POST', as: owner });
    expect(deleted.status).toBe(200);
    expect((await listSeries(first.seriesID!)).map((e) => e._id)).toEqual([all[0]!._id]);
    t.clock.set(Date.UTC(2026, 10, 23, 12));
  });

  it('refuses a series edit whose maximum is below the attendance of any occurrence', async () => {
    const { all } = await newSeries(3, 'Busy');
    await attend(t.app, member, all[2]!._id);
    await attend(t.app, owner, all[2]!._id);
    const res = await edit(all[0]!, { maxNumberOfMembers: 1, scope: 'series' });
    expect(res).toMatchObject({ status: 409, body: { message: 'More members are already attending than that maximum' } });
    expect((await listSeries(all[0]!.seriesID!)).map((e) => e.maxNumberOfMembers)).toEqual([4, 4, 4]);
  });

  it('deletes one occurrence, or the whole series; only the creator may', async () => {
    const { first, all } = await newSeries(3, 'Delete me');
    const refused = await call(t.app, `/api/events/deleteEvent?eventID=${all[0]!._id}&scope=series`, { method: 'POST', as: member });
    expect(refused.status).toBe(403);
    expect((await call(t.app, `/api/events/deleteEvent?eventID=${all[1]!._id}`, { method: 'POST', as: owner })).status).toBe(200);
    expect((await listSeries(first.seriesID!)).map((e) => e._id)).toEqual([all[0]!._id, all[2]!._id]);
    expect((await call(t.app, `/api/events/deleteEvent?eventID=${all[0]!._id}&scope=series`, { method: 'POST', as: owner })).status).toBe(
      200,
    );
    expect(await listSeries(first.seriesID!)).toEqual([]);
    const badScope = await call(t.app, `/api/events/deleteEvent?eventID=${all[0]!._id}&scope=everything`, { method: 'POST', as: owner });
    expect(badScope.status).toBe(400);
  });
});

describe('calendars and reminders per occurrence', () => {
  it('lists every occurrence in the calendar feed with its own UID and time', async () => {
    const { all } = await newSeries(3, 'Feed night');
    const created = await call(t.app, '/api/calendar/feedToken', { method: 'POST', as: member, payload: {} });
    const res = await t.app.inject({ method: 'GET', url: new URL(created.body.url).pathname });
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar
      .getAllSubcomponents('vevent')
      .map((c) => new ICAL.Event(c))
      .filter((e) => e.summary === 'Feed night');
    expect(events.map((e) => e.uid)).toEqual(all.map((e) => `${e._id}@smm.test`));
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual(all.map((e) => e.startDate));
  });

  it('reminds the attendees of each occurrence before that occurrence only', async () => {
    const { all } = await newSeries(3, 'Reminded');
    await attend(t.app, member, all[1]!._id);
    const mailer = memoryMailer();
    const job = createEventMailJob({ db: t.database.db, clock: t.clock, mailer, log: silentLog, publicUrl: 'http://smm.test' });
    t.clock.set(Date.parse(all[0]!.startDate) - 30 * MINUTE);
    await job.tick();
    expect(mailer.sent.filter((m) => m.subject === 'Reminder: Reminded starts soon')).toEqual([]);
    t.clock.set(Date.parse(all[1]!.startDate) - 30 * MINUTE);
    await job.tick();
    const reminders = mailer.sent.filter((m) => m.subject === 'Reminder: Reminded starts soon');
    expect(reminders.map((m) => m.to)).toEqual([member.user.email]);
    t.clock.set(Date.UTC(2026, 10, 23, 12));
  });
});
