import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_LIMIT_MESSAGE, EVENTS_PER_HOUR, type EventDto } from '@smm/shared/events/schemas';
import { HOUR, iso } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// A member creates at most EVENTS_PER_HOUR events an hour, each occurrence of a weekly series
// counted: a few requests can no longer fill a group's calendar (and its members' mail).

let t: TestApp;
let owner: TestUser;
let member: TestUser;
let groupID: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.app);
  member = await createUser(t.app);
  const group = await createGroup(t.app, owner, { groupName: 'Busy Calendar', gameName: 'Civilization 6', isPrivate: false });
  groupID = group._id;
  await join(t.app, group, member);
}, 30_000);
afterAll(async () => t?.close());

const postEvent = (as: TestUser, name: string, repeatCount?: number) => {
  const start = t.clock.now() + 24 * HOUR;
  return t.app.inject({
    method: 'POST',
    url: '/api/events/postEvent',
    headers: { authorization: as.token },
    payload: {
      groupID,
      userID: as.user.id,
      eventName: name,
      startDate: iso(start),
      endDate: iso(start + 3 * HOUR),
      ...(repeatCount ? { repeatCount } : {}),
    },
  });
};
const countEvents = async () => ((await call(t.app, `/api/events/getEvents?groupID=${groupID}`, { as: owner })).body as EventDto[]).length;

describe('events per member and hour', () => {
  it('counts every occurrence of a series, refuses past the limit with 429 and Retry-After, and allows again after the hour', async () => {
    expect(EVENTS_PER_HOUR).toBe(120);
    expect((await postEvent(owner, 'Weekly A', 52)).statusCode).toBe(200);
    expect((await postEvent(owner, 'Weekly B', 52)).statusCode).toBe(200);
    for (let i = 0; i < 16; i += 1) expect((await postEvent(owner, `Single ${i}`)).statusCode).toBe(200);
    expect(await countEvents()).toBe(120);

    const refused = await postEvent(owner, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(EVENT_LIMIT_MESSAGE);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countEvents()).toBe(120);

    // Another member is not held back.
    expect((await postEvent(member, 'Mine')).statusCode).toBe(200);
    t.clock.advance(HOUR);
    expect((await postEvent(owner, 'Next hour')).statusCode).toBe(200);
  });

  it('refuses a series that would pass the limit as a whole, creating none of it', async () => {
    const before = await countEvents();
    expect((await postEvent(member, 'Weekly C', 52)).statusCode).toBe(200);
    expect((await postEvent(member, 'Weekly D', 52)).statusCode).toBe(200);
    const tooMany = await postEvent(member, 'Weekly E', 52);
    expect(tooMany.statusCode).toBe(429);
    expect(await countEvents()).toBe(before + 104);
    // The refused series counts for nothing: what is left of the hour (105 to 120) stays open.
    for (let i = 0; i < 16; i += 1) expect((await postEvent(member, `After the refusal ${i}`)).statusCode).toBe(200);
    expect((await postEvent(member, 'One past the limit')).statusCode).toBe(429);
    expect(await countEvents()).toBe(before + 120);
  });
});
