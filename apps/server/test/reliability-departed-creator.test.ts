import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONLY_CREATOR_OR_ADMINS_MESSAGE } from '@smm/shared/events/messages';
import type { EventDto } from '@smm/shared/events/schemas';
import { createEvent, HOUR, iso } from './events-fixtures';
import { call, createCast, groupWithCast, join, type Cast, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// An event whose creator has left the group: its owner and Administrators may delete it (nobody
// else could), but only the creator ever edits it. While the creator is a member, it stays theirs.

let t: TestApp;
let cast: Cast;
let leaver: TestUser;
let kicked: TestUser;
let group: { _id: string; inviteLink: string };
const events: Record<string, EventDto> = {};
const statuses: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  cast = await createCast(t.app);
  group = await groupWithCast(t.app, cast, true);
  [leaver, kicked] = [await createUser(t.app), await createUser(t.app)];
  await join(t.app, group, leaver);
  await join(t.app, group, kicked);
  const now = t.clock.now();
  for (const name of ['ownerDeletes', 'adminDeletes', 'untouchable', 'rejoined']) {
    events[name] = await createEvent(t.app, leaver, group._id, now, { eventName: name });
  }
  events.kicked = await createEvent(t.app, kicked, group._id, now, { eventName: 'kicked' });
  events.stays = await createEvent(t.app, cast.member, group._id, now, { eventName: 'stays' });
  expect((await post('/api/groups/leaveGroup', leaver, { groupID: group._id, userID: leaver.user.id })).status).toBe(200);
  expect((await post('/api/groups/kickMember', cast.owner, { groupID: group._id, userID: kicked.user.id })).status).toBe(200);
});
afterAll(async () => {
  expect(statuses.filter((s) => s >= 500)).toEqual([]);
  await t.close();
});

async function post(url: string, as: TestUser, payload: unknown = {}) {
  const res = await call(t.app, url, { method: 'POST', as, payload });
  statuses.push(res.status);
  return res;
}
const remove = (as: TestUser, name: string) => post(`/api/events/deleteEvent?eventID=${events[name]!._id}`, as);
const edit = (as: TestUser, name: string) =>
  post(`/api/events/updateEvent?eventID=${events[name]!._id}`, as, {
    userID: as.user.id,
    eventName: `${name} (edited)`,
    startDate: iso(t.clock.now() + 48 * HOUR),
    endDate: iso(t.clock.now() + 50 * HOUR),
  });
async function listed(as: TestUser = cast.owner): Promise<EventDto[]> {
  const res = await call(t.app, `/api/events/getEvents?groupID=${group._id}`, { as });
  expect(res.status).toBe(200);
  return res.body as EventDto[];
}
const names = (list: EventDto[]) => list.map((e) => e.eventName).sort();

describe('the events list tells whether each creator is still a member', () => {
  it("marks the departed creators' events creatorIsMember: false and leaves the others unmarked", async () => {
    const byName = Object.fromEntries((await listed(cast.member)).map((e) => [e.eventName, e]));
    for (const name of ['ownerDeletes', 'adminDeletes', 'untouchable', 'rejoined', 'kicked'])
      expect(byName[name]!.creatorIsMember).toBe(false);
    expect(byName.stays).not.toHaveProperty('creatorIsMember');
  });
});

describe('deleting an event whose creator has left', () => {
  it('is refused to a Member (403) and changes nothing', async () => {
    const refused = await remove(cast.member, 'untouchable');
    expect(refused).toEqual({ status: 403, body: { message: ONLY_CREATOR_OR_ADMINS_MESSAGE } });
    expect(names(await listed())).toContain('untouchable');
  });

  it('is refused to outsiders of the private group (404)', async () => {
    expect((await remove(cast.outsider, 'untouchable')).status).toBe(404);
  });

  it('lets the owner delete it (200)', async () => {
    expect(await remove(cast.owner, 'ownerDeletes')).toEqual({ status: 200, body: { message: 'Event deleted' } });
    expect(names(await listed())).not.toContain('ownerDeletes');
  });

  it('lets an Administrator delete it, also when the creator was kicked (200)', async () => {
    expect((await remove(cast.admin, 'adminDeletes')).status).toBe(200);
    expect((await remove(cast.admin, 'kicked')).status).toBe(200);
    expect(names(await listed())).not.toEqual(expect.arrayContaining(['adminDeletes', 'kicked']));
  });

  it('still lets nobody but the creator edit it', async () => {
    for (const user of [cast.owner, cast.admin, cast.member]) expect((await edit(user, 'untouchable')).status).toBe(403);
    expect(names(await listed())).toContain('untouchable');
  });
});

describe('an event whose creator is still a member', () => {
  it("stays the creator's alone to edit and delete", async () => {
    for (const user of [cast.owner, cast.admin]) {
      expect((await remove(user, 'stays')).status).toBe(403);
      expect((await edit(user, 'stays')).status).toBe(403);
    }
    expect(names(await listed())).toContain('stays');
    expect((await edit(cast.member, 'stays')).status).toBe(200);
    expect((await remove(cast.member, 'stays')).status).toBe(200);
  });

  it("is the creator's alone again once they rejoin", async () => {
    await join(t.app, group, leaver);
    const rejoined = (await listed()).find((e) => e.eventName === 'rejoined')!;
    expect(rejoined).not.toHaveProperty('creatorIsMember');
    expect((await remove(cast.owner, 'rejoined')).status).toBe(403);
    expect((await edit(leaver, 'rejoined')).status).toBe(200);
    expect((await remove(leaver, 'rejoined')).status).toBe(200);
  });
});
