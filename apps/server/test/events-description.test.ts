import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_DESCRIPTION_MAX } from '@smm/shared/events/schemas';
import { HOUR, iso } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Event descriptions: plain text, validated, kept as typed, shown in calendars.

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let groupID: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  member = await createUser(t.app);
  const group = await createGroup(t.app, owner, { groupName: 'Readers' });
  groupID = group._id;
  await join(t.app, group, member);
});
afterAll(() => t.close());

const start = () => t.clock.now() + 24 * HOUR;
const post = (fields: Record<string, unknown>) =>
  call(t.app, '/api/events/postEvent', {
    method: 'POST',
    as: owner,
    payload: { groupID, userID: owner.user.id, eventName: 'Story night', startDate: iso(start()), endDate: iso(start() + HOUR), ...fields },
  });
const edit = (id: string, fields: Record<string, unknown>) =>
  call(t.app, `/api/events/updateEvent?eventID=${id}`, {
    method: 'POST',
    as: owner,
    payload: { userID: owner.user.id, eventName: 'Story night', startDate: iso(start()), endDate: iso(start() + HOUR), ...fields },
  });

describe('event description', () => {
  it('is stored as plain text, trimmed, markup and line breaks kept as typed', async () => {
    const text = '  Lobby at https://example.com/lobby?x=1&y=2\n<b>bring snacks</b>  ';
    const res = await post({ description: text });
    expect(res.status).toBe(200);
    expect(res.body.description).toBe(text.trim());
    const list = await call(t.app, `/api/events/getEvents?groupID=${groupID}`, { as: member });
    expect(list.body.find((e: { _id: string }) => e._id === res.body._id).description).toBe(text.trim());
  });

  it('is absent when blank or not given', async () => {
    expect((await post({})).body).not.toHaveProperty('description');
    expect((await post({ description: '   ' })).body).not.toHaveProperty('description');
    expect((await post({ description: null })).body).not.toHaveProperty('description');
  });

  it(`refuses more than ${EVENT_DESCRIPTION_MAX} characters and non-text with a field message`, async () => {
    expect((await post({ description: 'x'.repeat(EVENT_DESCRIPTION_MAX) })).status).toBe(200);
    const long = await post({ description: 'x'.repeat(EVENT_DESCRIPTION_MAX + 1) });
    expect(long).toMatchObject({
      status: 400,
      body: { fields: { description: `Description must be at most ${EVENT_DESCRIPTION_MAX} characters` } },
    });
    const wrong = await post({ description: 42 });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { description: 'Description must be text' } } });
  });

  it('is kept by an edit that leaves it out, replaced by a new text and removed by null', async () => {
    const id = (await post({ description: 'First' })).body._id as string;
    expect((await edit(id, { eventName: 'Renamed' })).body.description).toBe('First');
    expect((await edit(id, { description: 'Second' })).body.description).toBe('Second');
    expect((await edit(id, { description: null })).body).not.toHaveProperty('description');
  });

  it('appears in the event .ics, escaped so it cannot add calendar lines', async () => {
    const id = (await post({ description: 'Bring snacks\nEND:VEVENT\nSUMMARY:Injected' })).body._id as string;
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${id}.ics`, headers: { authorization: member.token } });
    expect(res.statusCode).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(res.body));
    const events = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(events).toHaveLength(1);
    expect(events[0]!.summary).toBe('Story night');
    expect(events[0]!.description.startsWith('Bring snacks\nEND:VEVENT\nSUMMARY:Injected\n\nGroup: Readers')).toBe(true);
  });
});
