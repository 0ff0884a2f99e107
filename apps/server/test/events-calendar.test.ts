import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/lib/redact';
import { attend, createEvent, HOUR } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Calendar files: one event's .ics for members, and each user's private subscription feed.

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let outsider: TestUser;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob, outsider] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
  const civ = await createGroup(t.app, alice, { groupName: 'Civ Friends' });
  const clan = await createGroup(t.app, bob, { groupName: 'The Clan', gameName: 'Old School RuneScape' });
  const other = await createGroup(t.app, outsider, { groupName: 'Elsewhere' });
  await join(t.app, clan, alice);
  const now = t.clock.now();
  ids.civ = (await createEvent(t.app, alice, civ._id, now, { eventName: 'Civ night', startIn: 24 * HOUR, length: 4 * HOUR }))._id;
  ids.clan = (await createEvent(t.app, bob, clan._id, now, { eventName: 'Clan raid', startIn: 48 * HOUR, length: HOUR }))._id;
  ids.other = (await createEvent(t.app, outsider, other._id, now, { eventName: 'Not yours' }))._id;
  await attend(t.app, bob, ids.clan);
  t.clock.advance(1000);
  await attend(t.app, alice, ids.clan);
});
afterAll(() => t.close());

/** Parses iCalendar text with an independent parser; throws if it is not valid. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return {
    calendar,
    events: events.map((e) => ({
      uid: e.uid,
      summary: e.summary,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      description: e.description,
    })),
  };
}

const feedPath = (url: string) => new URL(url).pathname;

describe('one event as .ics', () => {
  it('gives members a download that parses back to the event', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${ids.clan}.ics`, headers: { authorization: alice.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Clan-raid.ics"');
    const { calendar, events } = parseCalendar(res.body);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events).toEqual([
      {
        uid: `${ids.clan}@smm.test`,
        summary: 'Clan raid',
        start: new Date(t.clock.now() - 1000 + 48 * HOUR).toISOString(),
        end: new Date(t.clock.now() - 1000 + 49 * HOUR).toISOString(),
        description: expect.stringContaining(`2/12 attending: ${bob.user.username}, ${alice.user.username}`),
      },
    ]);
  });

  it('refuses non-members of the (private) group with 404, anonymous callers with 401 and unknown events with 404', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/events/${ids.clan}.ics`, headers: { authorization: outsider.token } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/events/${ids.clan}.ics` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/events/nope.ics', headers: { authorization: alice.token } })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/events/${ids.clan}`, headers: { authorization: alice.token } })).statusCode,
    ).toBe(404);
  });
});

describe('private calendar feed', () => {
  it("lists the events of all the owner's groups, without a token header, as valid iCalendar", async () => {
    const created = await call(t.app, '/api/calendar/feedToken', { method: 'POST', as: alice, payload: {} });
    expect(created.status).toBe(200);
    expect(created.body.url).toMatch(/^http:\/\/smm\.test\/api\/calendar\/[0-9a-f]{64}\.ics$/);
    const res = await t.app.inject({ method: 'GET', url: feedPath(created.body.url) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parseCalendar(res.body);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`SMM events of ${alice.user.username}`);
    expect(events.map((e) => e.summary)).toEqual(['Civ night', 'Clan raid']);
    expect(events.map((e) => e.uid)).toEqual([`${ids.civ}@smm.test`, `${ids.clan}@smm.test`]);
    expect(events[0]!.description).toContain('Group: Civ Friends');
    const status = await call(t.app, '/api/calendar/feedToken', { as: alice });
    expect(status.body).toEqual({ active: true, createdAt: new Date(t.clock.now()).toISOString() });
  });

  it('follows changes: a new event shows up in the same feed', async () => {
    const created = await call(t.app, '/api/calendar/feedToken', { method: 'POST', as: bob, payload: {} });
    const before = parseCalendar((await t.app.inject({ method: 'GET', url: feedPath(created.body.url) })).body).events;
    expect(before.map((e) => e.summary)).toEqual(['Clan raid']);
    const groups = await call(t.app, `/api/groups/getUserGroups?userID=${bob.user.id}`, { as: bob });
    await createEvent(t.app, bob, groups.body[0]._id, t.clock.now(), { eventName: 'Second raid', startIn: 72 * HOUR });
    const after = parseCalendar((await t.app.inject({ method: 'GET', url: feedPath(created.body.url) })).body).events;
    expect(after.map((e) => e.summary)).toEqual(['Clan raid', 'Second raid']);
  });

  it('rotating makes a new URL and retires the old; revoking answers 404', async () => {
    const first = await call(t.app, '/api/calendar/feedToken', { method: 'POST', as: outsider, payload: {} });
    const second = await call(t.app, '/api/calendar/feedToken', { method: 'POST', as: outsider, payload: {} });
    expect(second.body.url).not.toBe(first.body.url);
    expect((await t.app.inject({ method: 'GET', url: feedPath(first.body.url) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: feedPath(second.body.url) })).statusCode).toBe(200);
    const revoked = await call(t.app, '/api/calendar/revokeFeedToken', { method: 'POST', as: outsider, payload: {} });
    expect(revoked).toEqual({ status: 200, body: { message: 'Calendar link turned off' } });
    const gone = await t.app.inject({ method: 'GET', url: feedPath(second.body.url) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: 'Calendar feed not found' });
    expect((await call(t.app, '/api/calendar/feedToken', { as: outsider })).body).toEqual({ active: false, createdAt: null });
  });

  it('answers 404 to made-up tokens, and needs a login to manage the feed', async () => {
    for (const url of [`/api/calendar/${'0'.repeat(64)}.ics`, '/api/calendar/abc.ics', `/api/calendar/${'a'.repeat(64)}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    expect((await call(t.app, '/api/calendar/feedToken', { method: 'POST', payload: {} })).status).toBe(401);
    expect((await call(t.app, '/api/calendar/revokeFeedToken', { method: 'POST', payload: {} })).status).toBe(401);
  });

  it('keeps the feed token out of the request log', () => {
    expect(redactUrl(`/api/calendar/${'f'.repeat(64)}.ics`)).toBe('/api/calendar/[redacted].ics');
    expect(redactUrl('/api/calendar/feedToken')).toBe('/api/calendar/feedToken');
  });
});

describe('time zone', () => {
  it('starts unset, takes IANA names (canonical spelling), refuses others, and clears with null', async () => {
    const user = await createUser(t.app);
    expect((await call(t.app, '/api/users/getTimeZone', { as: user })).body).toEqual({ timeZone: null });
    expect(
      (await call(t.app, '/api/users/postTimeZone', { method: 'POST', as: user, payload: { timeZone: 'america/new_york' } })).body,
    ).toEqual({
      timeZone: 'America/New_York',
    });
    expect((await call(t.app, '/api/users/getTimeZone', { as: user })).body).toEqual({ timeZone: 'America/New_York' });
    for (const timeZone of ['Mars/Olympus_Mons', '', 42, 'x'.repeat(100)]) {
      const bad = await call(t.app, '/api/users/postTimeZone', { method: 'POST', as: user, payload: { timeZone } });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toHaveProperty('timeZone');
    }
    expect((await call(t.app, '/api/users/postTimeZone', { method: 'POST', as: user, payload: { timeZone: null } })).body).toEqual({
      timeZone: null,
    });
    expect((await call(t.app, '/api/users/postTimeZone', { method: 'POST', payload: { timeZone: 'UTC' } })).status).toBe(401);
  });
});
