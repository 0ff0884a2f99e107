import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_LIVE_STREAMS_MESSAGE } from '@smm/shared/live/schemas';
import { attend, createEvent } from './events-fixtures';
import { call, createCast, createGroup, groupWithCast, join, type Cast } from './groups-fixtures';
import { openLiveStream, type LiveStream } from './live-stream-client';
import { createTestApp, createUser, type TestApp } from './test-app';

// Live pages over real HTTP: a member's stream hears every committed change to the group's events,
// attendance, cards and members, and nothing of other groups; only members get a stream.

describe('live pages (GET /api/groups/:id/live)', () => {
  let t: TestApp;
  let baseUrl: string;
  let cast: Cast;
  const streams: LiveStream[] = [];
  const open = async (groupId: string, token: string | null) => {
    const stream = await openLiveStream(baseUrl, groupId, token);
    streams.push(stream);
    return stream;
  };
  const change = (stream: LiveStream) => stream.next((f) => f.event === 'change');

  beforeAll(async () => {
    t = await createTestApp({ maxLiveStreamsPerUser: 3, liveHeartbeatMs: 50 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    cast = await createCast(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it("a member's stream hears another member's sign-up, a new event, and card and member changes, by id only", async () => {
    const group = await groupWithCast(t.app, cast, true);
    const other = await createGroup(t.app, cast.outsider, { groupName: 'Elsewhere' });
    const event = await createEvent(t.app, cast.owner, group._id, t.clock.now(), { eventName: 'Secret plans', maxNumberOfMembers: 1 });
    const stream = await open(group._id, cast.member.token);
    expect(stream.status).toBe(200);
    expect((await stream.next())?.event).toBe('ready');

    // Another group's change is not heard; the next frame is this group's.
    await createEvent(t.app, cast.outsider, other._id, t.clock.now());
    expect((await attend(t.app, cast.admin, event._id)).status).toBe(200);
    const attended = await change(stream);
    expect(attended?.data).toEqual({ topic: 'attendance', action: 'attended', eventId: event._id });
    expect(JSON.stringify(stream.frames)).not.toContain('Secret plans');
    expect(JSON.stringify(stream.frames)).not.toContain(cast.admin.user.id);

    // A refused sign-up (the event is full) changes nothing and publishes nothing.
    expect((await attend(t.app, cast.owner, event._id)).status).toBe(409);
    const created = await createEvent(t.app, cast.admin, group._id, t.clock.now(), { eventName: 'Second' });
    expect((await change(stream))?.data).toEqual({ topic: 'events', action: 'created', eventId: created._id });

    const card = await call(t.app, '/api/components/postGroupCard', {
      method: 'POST',
      as: cast.admin,
      payload: { groupID: group._id, title: 'News', body: 'Hi' },
    });
    expect(card.status).toBe(200);
    expect((await change(stream))?.data).toEqual({ topic: 'cards', action: 'changed' });

    const newcomer = await createUser(t.app);
    await join(t.app, group, newcomer);
    expect((await change(stream))?.data).toEqual({ topic: 'members', action: 'changed' });
    // Sequence ids let a client see the order.
    expect(stream.frames.filter((f) => f.event === 'change').map((f) => f.id)).toEqual(['1', '2', '3', '4']);
  });

  it('an idle stream gets heartbeats, so proxies and the client know it is alive', async () => {
    const group = await createGroup(t.app, cast.owner);
    const stream = await open(group._id, cast.owner.token);
    expect(await stream.heartbeats(2)).toBeGreaterThanOrEqual(2);
    expect(stream.frames.map((f) => f.event)).toEqual(['ready']);
  });

  it('outsiders get no stream: 401 without a token, 404 for a private group, 403 for a public one', async () => {
    const privateGroup = await createGroup(t.app, cast.owner, { isPrivate: true });
    const publicGroup = await createGroup(t.app, cast.owner, { isPrivate: false });
    expect((await open(privateGroup._id, null)).status).toBe(401);
    expect((await open(privateGroup._id, cast.outsider.token)).status).toBe(404);
    expect((await open(publicGroup._id, cast.outsider.token)).status).toBe(403);
    expect((await open('no-such-group', cast.owner.token)).status).toBe(404);
  });

  it("a kicked member's stream is told and closed", async () => {
    const group = await createGroup(t.app, cast.owner);
    const guest = await createUser(t.app);
    await join(t.app, group, guest);
    const stream = await open(group._id, guest.token);
    await stream.next((f) => f.event === 'ready');
    const kicked = await call(t.app, '/api/groups/kickMember', {
      method: 'POST',
      as: cast.owner,
      payload: { groupID: group._id, userID: guest.user.id },
    });
    expect(kicked.status).toBe(200);
    expect((await stream.next((f) => f.event === 'closed'))?.data).toEqual({ message: 'You are no longer a member of this group' });
    await stream.ended;
  });

  it('a user holds a bounded number of streams, and a closed stream frees its place', async () => {
    const user = await createUser(t.app);
    const group = await createGroup(t.app, user);
    const held = [await open(group._id, user.token), await open(group._id, user.token), await open(group._id, user.token)];
    for (const stream of held) expect(stream.status).toBe(200);
    const refused = await open(group._id, user.token);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_LIVE_STREAMS_MESSAGE });

    // The server notices the client going away and gives the place back.
    held[0]!.close();
    await held[0]!.ended;
    let again = await open(group._id, user.token);
    while (again.status === 429) again = await open(group._id, user.token);
    expect(again.status).toBe(200);
    expect(await again.next()).toMatchObject({ event: 'ready' });
  });
});
