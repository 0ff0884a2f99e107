import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attend, createEvent, HOUR } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Texts members write (event names, usernames) reach calendar files other members download. They
// must stay inside their property: no CR/LF may start a line of its own, such as END:VEVENT.

// RFC 7986 NAME and the common X-WR-CALNAME are TEXT; ical.js reads them raw unless told so.
ICAL.design.icalendar.property.name = { defaultType: 'text' };
ICAL.design.icalendar.property['x-wr-calname'] = { defaultType: 'text' };

const INJECTED = 'Raid\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:evil@x\r\nSUMMARY:Injected\r\nEND:VEVENT';
const PUNCTUATED = 'a;b,c\\d \\n \\, END:VEVENT';
const LONE_BREAKS = 'one\ntwo\rthree\r\n\r\nfour';
const HOSTILE_NAMES = [INJECTED, PUNCTUATED, LONE_BREAKS];
/** iCalendar TEXT knows one line break, written `\n`: CR LF and a lone CR come back as LF. */
const asCalendarText = (text: string) => text.replace(/\r\n|\r/g, '\n');

let t: TestApp;
let owner: TestUser;
let guest: TestUser;
let groupID: string;
const eventIDs: string[] = [];
/** Registration refuses line breaks in usernames; older or imported rows may still hold them. */
const OWNER_NAME = 'Owner\r\nEND:VCALENDAR\r\nX-EVIL:1';
const GUEST_NAME = 'g;u\\,e\\nst END:VEVENT';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  guest = await createUser(t.app, { username: GUEST_NAME, email: 'semicolon-guest@example.com' });
  expect(guest.user.username).toBe(GUEST_NAME);
  await t.database.db.updateTable('users').set({ username: OWNER_NAME }).where('id', '=', owner.user.id).execute();
  const group = await createGroup(t.app, owner, { groupName: 'Crew; of, \\ friends' });
  groupID = group._id;
  await join(t.app, group, guest);
  for (const [index, eventName] of HOSTILE_NAMES.entries()) {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName, startIn: (index + 1) * 24 * HOUR });
    eventIDs.push(event._id);
    await attend(t.app, owner, event._id);
    await attend(t.app, guest, event._id);
  }
});
afterAll(() => t.close());

/** Every line of the file ends in CR LF and holds no other CR or LF; END:VEVENT only ends events. */
function expectWellFormedLines(text: string, events: number) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
  expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(events);
  expect(lines.filter((line) => line === 'END:VEVENT')).toHaveLength(events);
  expect(lines.filter((line) => line === 'END:VCALENDAR')).toHaveLength(1);
  expect(lines.some((line) => /^(UID:evil|SUMMARY:Injected|X-EVIL)/.test(line))).toBe(false);
}

function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
  return { calendar, events, subcomponents: calendar.getAllSubcomponents().map((c) => c.name) };
}

describe('one event as .ics', () => {
  it.each(HOSTILE_NAMES.map((name, index) => [JSON.stringify(name), index] as const))(
    'keeps the name %s inside its properties',
    async (_label, index) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/events/${eventIDs[index]}.ics`, headers: { authorization: owner.token } });
      expect(res.statusCode).toBe(200);
      expectWellFormedLines(res.body, 1);
      const { calendar, events, subcomponents } = parse(res.body);
      expect(subcomponents).toEqual(['vevent']);
      const expected = asCalendarText(HOSTILE_NAMES[index]!);
      expect(events[0]!.uid).toBe(`${eventIDs[index]}@smm.test`);
      expect(events[0]!.summary).toBe(expected);
      expect(calendar.getFirstPropertyValue('name')).toBe(expected);
      expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(expected);
      expect(events[0]!.description).toContain('Group: Crew; of, \\ friends');
      expect(events[0]!.description).toContain(`2/12 attending: ${asCalendarText(OWNER_NAME)}, ${GUEST_NAME}`);

      // The download's file name is a plain token: no quote, CR, LF or semicolon can break out of the header.
      const disposition = res.headers['content-disposition'];
      expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9_-]+\.ics"(; filename\*=UTF-8''[A-Za-z0-9%._~!'()*-]+)?$/);
    },
  );
});

describe('private calendar feed', () => {
  it("keeps the owner's name and every event name inside their properties", async () => {
    const created = await call(t.app, '/api/calendar/feedToken', { method: 'POST', as: owner, payload: {} });
    const res = await t.app.inject({ method: 'GET', url: new URL(created.body.url).pathname });
    expect(res.statusCode).toBe(200);
    expectWellFormedLines(res.body, HOSTILE_NAMES.length);
    const { calendar, events, subcomponents } = parse(res.body);
    expect(subcomponents).toEqual(HOSTILE_NAMES.map(() => 'vevent'));
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`SMM events of ${asCalendarText(OWNER_NAME)}`);
    expect(calendar.getFirstPropertyValue('name')).toBe(`SMM events of ${asCalendarText(OWNER_NAME)}`);
    expect(events.map((e) => e.uid)).toEqual(eventIDs.map((id) => `${id}@smm.test`));
    expect(events.map((e) => e.summary)).toEqual(HOSTILE_NAMES.map(asCalendarText));
    for (const event of events) expect(event.description).toContain(`2/12 attending: ${asCalendarText(OWNER_NAME)}, ${GUEST_NAME}`);
  });

  it("escapes the guest's name in their own feed too", async () => {
    const created = await call(t.app, '/api/calendar/feedToken', { method: 'POST', as: guest, payload: {} });
    const res = await t.app.inject({ method: 'GET', url: new URL(created.body.url).pathname });
    expectWellFormedLines(res.body, HOSTILE_NAMES.length);
    expect(parse(res.body).calendar.getFirstPropertyValue('x-wr-calname')).toBe(`SMM events of ${GUEST_NAME}`);
  });
});
