import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDto } from '@smm/shared/events/schemas';
import { SIGNUP_CHANGES_PER_HOUR, signupLimitMessage } from '../src/features/events/signup-limit';
import { createDiscordFake, type DiscordFake } from './fakes/discord-fake';
import { fakeDiscordApp, linkDiscord, postInteraction, signedInteraction } from './discord-fixtures';
import { createEvent, HOUR } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// Each member changes their sign-ups (attend, leave, answer, waitlist; site and Discord buttons
// together) at most SIGNUP_CHANGES_PER_HOUR times an hour: a script toggling a seat cannot flood
// the group's live pages, its Discord post and the mail of whoever a freed seat goes to.
// On SQLite, or PostgreSQL with TEST_DATABASE_URL.

async function signUp(t: TestApp, as: TestUser, url: string, eventID: string, extra: object = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: as.token },
    payload: { eventID, userID: as.user.id, ...extra },
  });
  return { status: res.statusCode, body: res.json() as { message?: string }, headers: res.headers };
}
const seatsOf = async (t: TestApp, eventID: string) =>
  (await t.database.db.selectFrom('event_attendees').select('user_id').where('event_id', '=', eventID).execute()).map((r) => r.user_id);

describe('sign-up changes per member and hour, default limit', () => {
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let event: EventDto;
  let full: EventDto;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app);
    member = await createUser(t.app);
    const group = await createGroup(t.app, owner, { groupName: 'Toggles' });
    await join(t.app, group, member);
    event = await createEvent(t.app, owner, group._id, t.clock.now(), { maxNumberOfMembers: 12 });
    full = await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: 'Full', maxNumberOfMembers: 1 });
    await signUp(t, owner, '/api/events/attendEvent', full._id);
  }, 60_000);
  afterAll(() => t?.close());

  it(`allows ${SIGNUP_CHANGES_PER_HOUR} changes an hour, then answers 429 with Retry-After and changes nothing`, async () => {
    expect(SIGNUP_CHANGES_PER_HOUR).toBe(240);
    for (let i = 0; i < SIGNUP_CHANGES_PER_HOUR; i += 1) {
      const url = i % 2 === 0 ? '/api/events/attendEvent' : '/api/events/unattendEvent';
      expect((await signUp(t, member, url, event._id)).status).toBe(200);
    }
    expect(await seatsOf(t, event._id)).toEqual([]);

    const refused = await signUp(t, member, '/api/events/attendEvent', event._id);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(signupLimitMessage({ max: SIGNUP_CHANGES_PER_HOUR, windowMs: HOUR }));
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await seatsOf(t, event._id)).toEqual([]);
    // Every kind of change is held back, the answers and the waitlist too.
    expect((await signUp(t, member, '/api/events/respondToEvent', event._id, { response: 'maybe' })).status).toBe(429);
    expect((await signUp(t, member, '/api/events/joinWaitlist', full._id)).status).toBe(429);
    // A change refused for another reason says why, as it would count for nothing anyway.
    expect((await signUp(t, member, '/api/events/joinWaitlist', event._id)).status).toBe(409);

    // Another member is not, and after the hour the member may change again.
    expect((await signUp(t, owner, '/api/events/attendEvent', event._id)).status).toBe(200);
    t.clock.advance(HOUR);
    expect((await signUp(t, member, '/api/events/attendEvent', event._id)).status).toBe(200);
    expect((await seatsOf(t, event._id)).sort()).toEqual([owner.user.id, member.user.id].sort());
  });
});

describe('sign-up changes per member and hour, every way of changing', () => {
  const LIMIT = 5;
  let t: TestApp;
  let discord: DiscordFake;
  let owner: TestUser;
  let member: TestUser;
  let other: TestUser;
  let groupID: string;

  beforeAll(async () => {
    discord = await createDiscordFake();
    t = await createTestApp({
      signupChangesPerHour: LIMIT,
      discordApiUrl: discord.url,
      discordApp: fakeDiscordApp,
      upstreamRateLimit: { max: 10_000, windowMs: 60_000 },
      discordDelivery: { pollMs: 3_600_000, backoffBaseMs: 2000 },
    });
    owner = await createUser(t.app);
    member = await createUser(t.app);
    other = await createUser(t.app);
    const group = await createGroup(t.app, owner, { groupName: 'Every way' });
    groupID = group._id;
    for (const user of [member, other]) await join(t.app, group, user);
  }, 60_000);
  afterAll(async () => {
    discord?.release();
    await t?.close();
    await discord?.close();
  });

  it('counts attending, answering, leaving, the waitlist and Discord buttons together; refused changes count for nothing', async () => {
    const full = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Full', maxNumberOfMembers: 1 });
    const open = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Open', maxNumberOfMembers: 12 });
    expect((await signUp(t, other, '/api/events/attendEvent', full._id)).status).toBe(200);

    // Refusals for other reasons are not counted: a full event, someone else's sign-up.
    for (let i = 0; i < LIMIT + 2; i += 1) {
      expect((await signUp(t, member, '/api/events/attendEvent', full._id)).status).toBe(409);
      const forOther = await call(t.app, '/api/events/attendEvent', {
        method: 'POST',
        as: member,
        payload: { eventID: open._id, userID: other.user.id },
      });
      expect(forOther.status).toBe(403);
    }

    expect((await signUp(t, member, '/api/events/joinWaitlist', full._id)).status).toBe(200);
    expect((await signUp(t, member, '/api/events/leaveWaitlist', full._id)).status).toBe(200);
    expect((await signUp(t, member, '/api/events/respondToEvent', open._id, { response: 'maybe' })).status).toBe(200);
    expect((await signUp(t, member, '/api/events/unattendEvent', open._id)).status).toBe(200);

    // The fifth change is a press on the event's Discord button by the member's linked account.
    const discordId = await linkDiscord(t.app, discord, member);
    const press = (customId: string) =>
      postInteraction(
        t.app,
        signedInteraction(t.clock.now(), {
          type: 3,
          channel_id: '1',
          member: { user: { id: discordId, username: 'x' } },
          data: { custom_id: customId, component_type: 2 },
        }),
      );
    const pressed = await press(`rsvp:attend:${open._id}`);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json().data.content).toContain('You are attending');
    expect(await seatsOf(t, open._id)).toEqual([member.user.id]);

    // The sixth, on the site or through Discord, is refused and changes nothing.
    const refused = await signUp(t, member, '/api/events/unattendEvent', open._id);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(signupLimitMessage({ max: LIMIT, windowMs: HOUR }));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const refusedPress = await press(`rsvp:maybe:${open._id}`);
    expect(refusedPress.json().data.content).toBe(signupLimitMessage({ max: LIMIT, windowMs: HOUR }));
    expect(await seatsOf(t, open._id)).toEqual([member.user.id]);

    // The others' changes go on.
    expect((await signUp(t, other, '/api/events/attendEvent', open._id)).status).toBe(200);
  });

  it('states the limit this server runs with in the API docs of every sign-up call', async () => {
    await t.app.ready();
    const paths = (t.app.swagger() as { paths: Record<string, { post?: { description?: string } }> }).paths;
    for (const call of ['attendEvent', 'unattendEvent', 'respondToEvent', 'joinWaitlist', 'leaveWaitlist']) {
      const description = paths[`/api/events/${call}`]?.post?.description ?? '';
      expect(description, call).toContain(`at most ${LIMIT} sign-up changes an hour`);
    }
  });
});

describe('sign-up changes of one member sent at once', () => {
  const LIMIT = 6;
  let t: TestApp;
  let owner: TestUser;
  let member: TestUser;
  let events: EventDto[];

  beforeAll(async () => {
    t = await createTestApp({ signupChangesPerHour: LIMIT });
    owner = await createUser(t.app);
    member = await createUser(t.app);
    const group = await createGroup(t.app, owner, { groupName: 'All at once' });
    await join(t.app, group, member);
    events = [];
    for (let i = 0; i < LIMIT + 2; i += 1)
      events.push(await createEvent(t.app, owner, group._id, t.clock.now(), { eventName: `Night ${i + 1}`, maxNumberOfMembers: 1 }));
    await signUp(t, owner, '/api/events/attendEvent', events[LIMIT + 1]!._id);
  }, 60_000);
  afterAll(() => t?.close());

  it('counts each one, gives back those refused for another reason, and refuses past the limit', async () => {
    // Eight at once: one event is full (refused, and not counted); of the other seven, six go through
    // and the seventh is refused for the limit, whichever order they are counted in.
    const answers = await Promise.all(events.map((event) => signUp(t, member, '/api/events/attendEvent', event._id)));
    const statuses = answers.map((a) => a.status);
    expect(statuses[LIMIT + 1]).toBe(409);
    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
    const seated = await t.database.db.selectFrom('event_attendees').select('event_id').where('user_id', '=', member.user.id).execute();
    expect(seated).toHaveLength(LIMIT);
    // The one refused for the limit changed nothing, and the limit holds for the next change too.
    const limited = events[statuses.indexOf(429)]!;
    expect(await seatsOf(t, limited._id)).toEqual([]);
    expect((await signUp(t, member, '/api/events/unattendEvent', events[0]!._id)).status).toBe(429);
  });
});
