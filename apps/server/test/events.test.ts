import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { attend, createEvent, HOUR, iso, MINUTE, unattend } from './events-fixtures';
import { call, createCast, groupWithCast, type Cast } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Spec sections 5, 6 and 7 (Events) through the real app and database.

let t: TestApp;
let cast: Cast;
let publicGroup: { _id: string; inviteLink: string };
let privateGroup: { _id: string; inviteLink: string };
const statuses: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  publicGroup = await groupWithCast(t.app, cast, false);
  privateGroup = await groupWithCast(t.app, cast, true);
});
afterAll(async () => {
  // Whatever was refused above, nothing was a server error.
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await t.close();
});

const now = () => t.clock.now();
const post = async (url: string, as: Cast[keyof Cast] | null, payload: unknown) => {
  const res = await call(t.app, url, { method: 'POST', as, payload });
  statuses.push(res.status);
  return res;
};
const get = async (url: string, as: Cast[keyof Cast] | null) => {
  const res = await call(t.app, url, { as });
  statuses.push(res.status);
  return res;
};
const eventBody = (groupID: string, as: Cast[keyof Cast], fields: Record<string, unknown> = {}) => ({
  groupID,
  userID: as.user.id,
  eventName: 'Civ night',
  startDate: iso(now() + 24 * HOUR),
  endDate: iso(now() + 27 * HOUR),
  maxNumberOfMembers: 8,
  ...fields,
});
const countEvents = async (groupID: string) =>
  Number(
    (
      await t.database.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('group_id', '=', groupID)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('postEvent', () => {
  it('creates an event with the spec fields, UTC dates and the creator as userID', async () => {
    const start = now() + 48 * HOUR;
    const res = await post('/api/events/postEvent', cast.member, {
      ...eventBody(publicGroup._id, cast.member),
      // An offset is accepted and stored as the same instant.
      startDate: '2026-11-25T14:00:00+02:00',
      endDate: iso(start),
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      _id: expect.any(String),
      groupID: publicGroup._id,
      userID: cast.member.user.id,
      eventName: 'Civ night',
      startDate: '2026-11-25T12:00:00.000Z',
      endDate: iso(start),
      maxNumberOfMembers: 8,
      attendingMembers: [],
      isDrafted: false,
      draftGameID: null,
    });
  });

  it('defaults maxNumberOfMembers to 12 and accepts 1 and 12', async () => {
    const { maxNumberOfMembers: _omit, ...body } = eventBody(publicGroup._id, cast.owner);
    expect((await post('/api/events/postEvent', cast.owner, body)).body.maxNumberOfMembers).toBe(12);
    for (const max of [1, 12]) {
      const res = await post('/api/events/postEvent', cast.owner, eventBody(publicGroup._id, cast.owner, { maxNumberOfMembers: max }));
      expect(res.status).toBe(200);
      expect(res.body.maxNumberOfMembers).toBe(max);
    }
  });

  it("refuses an end before the start with 'Start Date must be before End Date' and saves nothing", async () => {
    const before = await countEvents(publicGroup._id);
    const res = await post(
      '/api/events/postEvent',
      cast.member,
      eventBody(publicGroup._id, cast.member, { endDate: iso(now() + 23 * HOUR) }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Start Date must be before End Date', fields: { endDate: 'Start Date must be before End Date' } });
    expect(await countEvents(publicGroup._id)).toBe(before);
  });

  it('accepts an end equal to the start (the rule is "not before")', async () => {
    const at = iso(now() + 5 * HOUR);
    expect(
      (await post('/api/events/postEvent', cast.member, eventBody(publicGroup._id, cast.member, { startDate: at, endDate: at }))).status,
    ).toBe(200);
  });

  it('refuses a start more than 15 minutes in the past, and accepts one within that grace', async () => {
    const before = await countEvents(publicGroup._id);
    const past = await post(
      '/api/events/postEvent',
      cast.member,
      eventBody(publicGroup._id, cast.member, { startDate: iso(now() - 16 * MINUTE) }),
    );
    expect(past.status).toBe(400);
    expect(past.body).toEqual({ message: 'Start Date cannot be in the past', fields: { startDate: 'Start Date cannot be in the past' } });
    const yesterday = await post(
      '/api/events/postEvent',
      cast.member,
      eventBody(publicGroup._id, cast.member, { startDate: iso(now() - 24 * HOUR), endDate: iso(now() - 20 * HOUR) }),
    );
    expect(yesterday.status).toBe(400);
    expect(yesterday.body.fields).toEqual({ startDate: 'Start Date cannot be in the past' });
    expect(await countEvents(publicGroup._id)).toBe(before);
    expect(
      (await post('/api/events/postEvent', cast.member, eventBody(publicGroup._id, cast.member, { startDate: iso(now() - 5 * MINUTE) })))
        .status,
    ).toBe(200);
  });

  it.each([0, 13, -1, 5.5, '12', null])('refuses maxNumberOfMembers %j', async (max) => {
    const res = await post('/api/events/postEvent', cast.member, eventBody(publicGroup._id, cast.member, { maxNumberOfMembers: max }));
    expect(res.status).toBe(400);
    expect(res.body.fields.maxNumberOfMembers).toBe('Max players must be a whole number from 1 to 12');
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])('refuses a %s event name', async (_label, eventName) => {
    const res = await post('/api/events/postEvent', cast.member, eventBody(publicGroup._id, cast.member, { eventName }));
    expect(res.status).toBe(400);
    expect(res.body.fields.eventName).toBe('Event Name is required');
  });

  it('refuses a name over 100 characters and dates that are not ISO date-times', async () => {
    expect(
      (await post('/api/events/postEvent', cast.member, eventBody(publicGroup._id, cast.member, { eventName: 'x'.repeat(101) }))).body
        .fields.eventName,
    ).toBe('Event Name must be at most 100 characters');
    for (const startDate of ['tomorrow', '2026-11-30', 1_800_000_000_000, undefined]) {
      const res = await post('/api/events/postEvent', cast.member, eventBody(publicGroup._id, cast.member, { startDate }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty('startDate');
    }
  });

  it('refuses non-members (403 on a public group, 404 on a private one), strangers to the token (401) and a userID of someone else (403)', async () => {
    const before = await countEvents(publicGroup._id);
    const outsider = await post('/api/events/postEvent', cast.outsider, eventBody(publicGroup._id, cast.outsider));
    expect(outsider.status).toBe(403);
    expect(outsider.body.message).toBe('Only members of this group can see and change its events');
    expect((await post('/api/events/postEvent', cast.outsider, eventBody(privateGroup._id, cast.outsider))).status).toBe(404);
    expect((await post('/api/events/postEvent', null, eventBody(publicGroup._id, cast.member))).status).toBe(401);
    const spoofed = await post('/api/events/postEvent', cast.member, eventBody(publicGroup._id, cast.owner));
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.message).toBe('You can only create events as yourself');
    expect((await post('/api/events/postEvent', cast.member, eventBody('no-such-group', cast.member))).status).toBe(404);
    expect(await countEvents(publicGroup._id)).toBe(before);
  });
});

describe('getEvents', () => {
  it('lists the events of the group sorted by startDate ascending, for members only', async () => {
    const group = await groupWithCast(t.app, cast, true);
    const late = await createEvent(t.app, cast.member, group._id, now(), { eventName: 'Late', startIn: 72 * HOUR });
    const early = await createEvent(t.app, cast.admin, group._id, now(), { eventName: 'Early', startIn: 2 * HOUR });
    const middle = await createEvent(t.app, cast.owner, group._id, now(), { eventName: 'Middle', startIn: 30 * HOUR });
    const res = await get(`/api/events/getEvents?groupID=${group._id}`, cast.member);
    expect(res.status).toBe(200);
    expect(res.body.map((e: EventDto) => e._id)).toEqual([early._id, middle._id, late._id]);
    expect(await get(`/api/events/getEvents?groupID=${group._id}`, cast.outsider)).toEqual({
      status: 404,
      body: { message: 'Group not found' },
    });
    expect((await get(`/api/events/getEvents?groupID=${publicGroup._id}`, cast.outsider)).status).toBe(403);
    expect((await get(`/api/events/getEvents?groupID=${group._id}`, null)).status).toBe(401);
    expect((await get('/api/events/getEvents', cast.member)).status).toBe(400);
  });

  it("shows attendees' names to members, and an email only on the caller's own entry", async () => {
    const event = await createEvent(t.app, cast.owner, publicGroup._id, now());
    await attend(t.app, cast.member, event._id);
    t.clock.advance(1000);
    await attend(t.app, cast.admin, event._id);
    const seenBy = async (who: Cast[keyof Cast]) =>
      ((await get(`/api/events/getEvents?groupID=${publicGroup._id}`, who)).body as EventDto[]).find((e) => e._id === event._id)!
        .attendingMembers;
    expect(await seenBy(cast.member)).toEqual([
      { userID: cast.member.user.id, username: cast.member.user.username, email: cast.member.user.email },
      { userID: cast.admin.user.id, username: cast.admin.user.username },
    ]);
    expect(await seenBy(cast.owner)).toEqual([
      { userID: cast.member.user.id, username: cast.member.user.username },
      { userID: cast.admin.user.id, username: cast.admin.user.username },
    ]);
  });
});

describe('updateEvent and deleteEvent: creator only', () => {
  it('lets the creator change name, times and maximum', async () => {
    const event = await createEvent(t.app, cast.member, publicGroup._id, now());
    const res = await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, {
      eventID: event._id,
      groupID: publicGroup._id,
      userID: cast.member.user.id,
      eventName: 'Renamed',
      startDate: iso(now() + 50 * HOUR),
      endDate: iso(now() + 51 * HOUR),
      maxNumberOfMembers: 4,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      _id: event._id,
      eventName: 'Renamed',
      startDate: iso(now() + 50 * HOUR),
      endDate: iso(now() + 51 * HOUR),
      maxNumberOfMembers: 4,
    });
  });

  it('refuses everyone but the creator, even the group owner, and changes nothing', async () => {
    const event = await createEvent(t.app, cast.member, publicGroup._id, now(), { eventName: 'Mine' });
    for (const who of [cast.owner, cast.admin]) {
      const edit = await post(`/api/events/updateEvent?eventID=${event._id}`, who, {
        ...eventBody(publicGroup._id, who),
        eventName: 'Hijacked',
      });
      expect(edit.status).toBe(403);
      expect(edit.body.message).toBe('Only the creator of this event can do that');
      const del = await post(`/api/events/deleteEvent?eventID=${event._id}`, who, {});
      expect(del.status).toBe(403);
      expect(del.body.message).toBe('Only the creator of this event can do that');
    }
    expect(
      (await post(`/api/events/updateEvent?eventID=${event._id}`, cast.outsider, eventBody(publicGroup._id, cast.outsider))).status,
    ).toBe(403);
    expect((await post(`/api/events/deleteEvent?eventID=${event._id}`, cast.outsider, {})).status).toBe(403);
    expect((await post(`/api/events/deleteEvent?eventID=${event._id}`, null, {})).status).toBe(401);
    // The creator cannot act through someone else's userID either.
    expect((await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, eventBody(publicGroup._id, cast.owner))).status).toBe(
      403,
    );
    const stored = await t.database.db.selectFrom('events').selectAll().where('id', '=', event._id).executeTakeFirst();
    expect(stored?.event_name).toBe('Mine');
  });

  it('applies the date rules to edits, but lets an event that has started keep its start', async () => {
    const event = await createEvent(t.app, cast.member, publicGroup._id, now(), { startIn: HOUR, length: 4 * HOUR });
    const body = (fields: Record<string, unknown>) => ({
      ...eventBody(publicGroup._id, cast.member),
      startDate: event.startDate,
      endDate: event.endDate,
      ...fields,
    });
    const backwards = await post(
      `/api/events/updateEvent?eventID=${event._id}`,
      cast.member,
      body({ endDate: iso(Date.parse(event.startDate) - 1) }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body).toEqual({
      message: 'Start Date must be before End Date',
      fields: { endDate: 'Start Date must be before End Date' },
    });
    expect(
      (await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, body({ startDate: iso(now() - HOUR) }))).body.fields,
    ).toEqual({
      startDate: 'Start Date cannot be in the past',
    });
    expect((await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, body({ maxNumberOfMembers: 13 }))).status).toBe(400);
    expect((await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, body({ eventName: '' }))).body.fields.eventName).toBe(
      'Event Name is required',
    );
    t.clock.advance(2 * HOUR);
    try {
      const renamed = await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, body({ eventName: 'Still running' }));
      expect(renamed.status).toBe(200);
      expect(renamed.body.eventName).toBe('Still running');
    } finally {
      t.clock.advance(-2 * HOUR);
    }
  });

  it('refuses a maximum below the number attending, mismatched ids and unknown events', async () => {
    const event = await createEvent(t.app, cast.member, publicGroup._id, now());
    await attend(t.app, cast.member, event._id);
    await attend(t.app, cast.admin, event._id);
    const body = { ...eventBody(publicGroup._id, cast.member), startDate: event.startDate, endDate: event.endDate };
    const tooSmall = await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, { ...body, maxNumberOfMembers: 1 });
    expect(tooSmall.status).toBe(409);
    expect(tooSmall.body.fields.maxNumberOfMembers).toBe('More members are already attending than that maximum');
    expect((await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, { ...body, maxNumberOfMembers: 2 })).status).toBe(200);
    expect((await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, { ...body, eventID: 'other' })).status).toBe(400);
    expect((await post(`/api/events/updateEvent?eventID=${event._id}`, cast.member, { ...body, groupID: privateGroup._id })).status).toBe(
      400,
    );
    expect((await post('/api/events/updateEvent?eventID=missing', cast.member, body)).status).toBe(404);
    expect((await post('/api/events/updateEvent', cast.member, body)).status).toBe(400);
  });

  it('lets the creator delete the event with its sign-ups; a second delete is 404', async () => {
    const event = await createEvent(t.app, cast.admin, publicGroup._id, now());
    await attend(t.app, cast.member, event._id);
    const res = await post(`/api/events/deleteEvent?eventID=${event._id}`, cast.admin, {});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Event deleted' });
    const list = (await get(`/api/events/getEvents?groupID=${publicGroup._id}`, cast.admin)).body as EventDto[];
    expect(list.some((e) => e._id === event._id)).toBe(false);
    expect(await t.database.db.selectFrom('event_attendees').selectAll().where('event_id', '=', event._id).execute()).toEqual([]);
    expect((await post(`/api/events/deleteEvent?eventID=${event._id}`, cast.admin, {})).status).toBe(404);
  });
});

describe('attendEvent and unattendEvent', () => {
  it('signs the caller up once, with the name and email of the account (not of the body)', async () => {
    const event = await createEvent(t.app, cast.owner, publicGroup._id, now());
    const res = await post('/api/events/attendEvent', cast.member, {
      eventID: event._id,
      userID: cast.member.user.id,
      username: 'Someone Else',
      email: 'evil@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body.attendingMembers).toEqual([
      { userID: cast.member.user.id, username: cast.member.user.username, email: cast.member.user.email },
    ]);
    const again = await attend(t.app, cast.member, event._id);
    expect(again.status).toBe(200);
    expect(again.body.attendingMembers).toHaveLength(1);
  });

  it("refuses a full event with 'This event is full', and frees the seat on unattend", async () => {
    const event = await createEvent(t.app, cast.owner, publicGroup._id, now(), { maxNumberOfMembers: 2 });
    expect((await attend(t.app, cast.owner, event._id)).status).toBe(200);
    expect((await attend(t.app, cast.admin, event._id)).status).toBe(200);
    const full = await attend(t.app, cast.member, event._id);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('This event is full');
    const left = await unattend(t.app, cast.admin, event._id);
    expect(left.status).toBe(200);
    expect(left.body.attendingMembers.map((m: { userID: string }) => m.userID)).toEqual([cast.owner.user.id]);
    expect((await attend(t.app, cast.member, event._id)).status).toBe(200);
    // Unattending when not attending changes nothing.
    const noop = await unattend(t.app, cast.admin, event._id);
    expect(noop.status).toBe(200);
    expect(noop.body.attendingMembers).toHaveLength(2);
  });

  it('refuses non-members, other userIDs, unknown events and ended events', async () => {
    const event = await createEvent(t.app, cast.owner, publicGroup._id, now(), { startIn: HOUR, length: HOUR });
    expect((await attend(t.app, cast.outsider, event._id)).status).toBe(403);
    expect((await unattend(t.app, cast.outsider, event._id)).status).toBe(403);
    const spoofed = await post('/api/events/attendEvent', cast.member, { eventID: event._id, userID: cast.admin.user.id });
    expect(spoofed.status).toBe(403);
    expect(spoofed.body.message).toBe('You can only attend events as yourself');
    expect((await post('/api/events/unattendEvent', cast.member, { eventID: event._id, userID: cast.admin.user.id })).status).toBe(403);
    expect((await post('/api/events/attendEvent', cast.member, { eventID: 'missing', userID: cast.member.user.id })).status).toBe(404);
    expect((await post('/api/events/attendEvent', null, { eventID: event._id, userID: cast.member.user.id })).status).toBe(401);
    expect((await post('/api/events/attendEvent', cast.member, { userID: cast.member.user.id })).body.fields).toHaveProperty('eventID');
    t.clock.advance(3 * HOUR);
    try {
      const ended = await attend(t.app, cast.member, event._id);
      expect(ended.status).toBe(409);
      expect(ended.body.message).toBe('This event has already ended');
    } finally {
      t.clock.advance(-3 * HOUR);
    }
  });

  it('does not count or show someone who left the group, and gives their seat back', async () => {
    const leaver = await createUser(t.app);
    await call(t.app, '/api/groups/joinGroup', {
      method: 'POST',
      as: leaver,
      payload: { groupID: publicGroup._id, userID: leaver.user.id },
    });
    const event = await createEvent(t.app, cast.owner, publicGroup._id, now(), { maxNumberOfMembers: 1 });
    expect((await attend(t.app, leaver, event._id)).status).toBe(200);
    expect((await attend(t.app, cast.member, event._id)).status).toBe(409);
    expect((await post('/api/groups/leaveGroup', leaver, { groupID: publicGroup._id, userID: leaver.user.id })).status).toBe(200);
    const list = (await get(`/api/events/getEvents?groupID=${publicGroup._id}`, cast.member)).body as EventDto[];
    expect(list.find((e) => e._id === event._id)?.attendingMembers).toEqual([]);
    expect((await attend(t.app, cast.member, event._id)).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('documents every events and calendar endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/events/getEvents',
      '/api/events/postEvent',
      '/api/events/updateEvent',
      '/api/events/attendEvent',
      '/api/events/unattendEvent',
      '/api/events/deleteEvent',
      '/api/events/{file}',
      '/api/calendar/feedToken',
      '/api/calendar/revokeFeedToken',
      '/api/calendar/{file}',
      '/api/users/postTimeZone',
      '/api/users/getTimeZone',
    ]) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });
});
