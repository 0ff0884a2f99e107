import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES } from '../src/plugins/compression';
import { groupKey } from '../src/db/group-scoped-tables';
import { DATA_VERSION_EVERY_MS, sqliteWritesOf } from '../src/db/sqlite-writes';
import { attend, createEvent, HOUR } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, type TestApp } from './test-app';

// The answers of the hottest reads are kept whole between requests, on SQLite and on PostgreSQL;
// whatever writes to a table they read, by whatever path, is seen by the very next request, and one
// caller's answer is never another's (kept-responses-postgres.test.ts: what only PostgreSQL has).

const queries: CompiledQuery[] = [];
let t: TestApp;
let owner: TestUser;
let member: TestUser;
let groupID: string;

beforeAll(async () => {
  t = await createTestApp({ onQuery: (query) => queries.push(query) });
  owner = await createUser(t.app);
  member = await createUser(t.app);
  const group = await createGroup(t.app, owner, { groupName: 'Kept Answers' });
  groupID = group._id;
  await join(t.app, group, member);
});
afterAll(async () => {
  await t?.close();
});

const read = (url: string, as: TestUser | null = member) => call(t.app, url, { as });
const cardsUrl = () => `/api/components/getGroupCards?groupID=${groupID}`;
const eventsUrl = () => `/api/events/getEvents?groupID=${groupID}`;

describe('answers kept between requests', () => {
  it('are made once, and then cost no statement on SQLite and only the caller\'s on PostgreSQL, sent as JSON either way', async () => {
    await read(cardsUrl());
    queries.length = 0;
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: cardsUrl(), headers: { authorization: member.token } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.json()[0].title).toBeTypeOf('string');
    }
    expect(queries).toHaveLength(t.database.kind === 'sqlite' ? 0 : 3);
  });

  it('are sent compressed as the client asks, compressed once however often they are sent, and lapse with their text', async () => {
    const url = `/api/groups/getFullGroup?groupID=${groupID}`;
    const get = (headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers: { authorization: member.token, ...headers } });
    const plain = await get();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const brotli = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      for (let i = 0; i < 3; i++) {
        const res = await get({ 'accept-encoding': 'gzip, deflate, br, zstd' });
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(plain.json());
      }
      expect(brotli).toHaveBeenCalledTimes(1);
    } finally {
      brotli.mockRestore();
    }
    const gzipped = await get({ 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
    const uncompressed: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br', 'x-no-compression': '1' },
    ];
    for (const headers of uncompressed) {
      const res = await get(headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json()).toEqual(plain.json());
    }
    await t.database.db.updateTable('groups').set({ group_name: 'Renamed behind the API' }).where('id', '=', groupID).execute();
    const renamed = await get({ 'accept-encoding': 'br' });
    expect(JSON.parse(zlib.brotliDecompressSync(renamed.rawPayload).toString()).groupName).toBe('Renamed behind the API');
  });

  it('lapse on a write that does not go through the API', async () => {
    const before = (await read(cardsUrl())).body;
    await t.database.db.updateTable('group_cards').set({ title: 'Changed behind the API' }).where('id', '=', before[0]._id).execute();
    expect((await read(cardsUrl())).body[0].title).toBe('Changed behind the API');
  });

  it('lapse on a write through the API, and each caller gets their own', async () => {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Kept night' });
    const seenBy = async (as: TestUser) =>
      ((await read(eventsUrl(), as)).body as { _id: string; attendingMembers: { userID: string; email?: string }[] }[]).find(
        (e) => e._id === event._id,
      )!;
    expect((await seenBy(member)).attendingMembers).toEqual([]);
    expect((await attend(t.app, owner, event._id)).status).toBe(200);
    expect((await seenBy(member)).attendingMembers.map((a) => a.userID)).toEqual([owner.user.id]);
    expect((await attend(t.app, member, event._id)).status).toBe(200);
    const forMember = await seenBy(member);
    expect(forMember.attendingMembers.map((a) => a.userID).sort()).toEqual([owner.user.id, member.user.id].sort());
    // Only the caller's own entry carries an email: the owner's answer is not the member's.
    const forOwner = await seenBy(owner);
    expect(forOwner.attendingMembers.find((a) => a.userID === member.user.id)?.email).toBeUndefined();
    expect(forOwner.attendingMembers.find((a) => a.userID === owner.user.id)?.email).toBe(owner.user.email);
    expect(forMember.attendingMembers.find((a) => a.userID === owner.user.id)?.email).toBeUndefined();
  });

  it('are not kept when a write runs while the answer is made', async () => {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Busy night' });
    const newcomer = await createUser(t.app);
    await join(
      t.app,
      { _id: groupID, inviteLink: (await read(`/api/groups/getFullGroup?groupID=${groupID}`, owner)).body.inviteLink },
      newcomer,
    );
    await read(eventsUrl(), newcomer);
    await Promise.all([read(eventsUrl(), newcomer), attend(t.app, newcomer, event._id), read(eventsUrl(), newcomer)]);
    const after = (await read(eventsUrl(), newcomer)).body.find((e: { _id: string }) => e._id === event._id);
    expect(after.attendingMembers.map((a: { userID: string }) => a.userID)).toContain(newcomer.user.id);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'are not kept when their table was written to after it was read, or a transaction was open',
    async () => {
      const writes = sqliteWritesOf(t.database.db)!;
      const cards = () => t.database.db.selectFrom('group_cards').select('title').where('group_id', '=', groupID).execute();
      const readOnly = await writes.track(cards);
      expect(readOnly.tables).toContain('group_cards');
      expect(readOnly.stamp).toBeDefined();
      const readThenWritten = await writes.track(async () => {
        const rows = await cards();
        await t.database.db.updateTable('group_cards').set({ footer: 'changed meanwhile' }).where('group_id', '=', groupID).execute();
        return rows;
      });
      expect(readThenWritten.stamp).toBeUndefined();
      let inside: Awaited<ReturnType<typeof writes.track>> | undefined;
      await t.database.db.transaction().execute(async (tx) => {
        inside = await writes.track(() => tx.selectFrom('group_cards').select('title').execute());
      });
      expect(inside?.stamp).toBeUndefined();
    },
  );

  it.runIf(!process.env.TEST_DATABASE_URL)('lapse when a delete cascades to a table they read', async () => {
    const writes = sqliteWritesOf(t.database.db)!;
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Cascading' });
    expect((await attend(t.app, member, event._id)).status).toBe(200);
    const before = writes.stamp(['event_attendees']);
    await t.database.db.deleteFrom('events').where('id', '=', event._id).execute();
    expect(writes.stamp(['event_attendees'])).not.toEqual(before);
  });

  it('lapse when the caller leaves the group behind the API, even when their membership row was kept', async () => {
    const visitor = await createUser(t.app);
    await join(
      t.app,
      { _id: groupID, inviteLink: (await read(`/api/groups/getFullGroup?groupID=${groupID}`, owner)).body.inviteLink },
      visitor,
    );
    // The group and the membership are read first: the cards are then made from the kept rows.
    for (const url of [`/api/groups/getFullGroup?groupID=${groupID}`, eventsUrl(), cardsUrl()]) {
      expect((await read(url, visitor)).status).toBe(200);
      expect((await read(url, visitor)).status).toBe(200);
    }
    await t.database.db.deleteFrom('group_members').where('user_id', '=', visitor.user.id).execute();
    expect((await read(cardsUrl(), visitor)).status).toBe(404);
    expect((await read(eventsUrl(), visitor)).status).not.toBe(200);
    expect((await read(`/api/groups/getFullGroup?groupID=${groupID}`, visitor)).status).not.toBe(200);
  });

  it('lapse when the caller renames their account, and a deleted account is refused', async () => {
    const fullUrl = `/api/groups/getFullGroup?groupID=${groupID}`;
    const name = (body: { members: { userID: string; username: string }[] }) =>
      body.members.find((m) => m.userID === member.user.id)?.username;
    expect(name((await read(fullUrl)).body)).toBe(member.user.username);
    await t.database.db.updateTable('users').set({ username: 'Renamed Member' }).where('id', '=', member.user.id).execute();
    expect(name((await read(fullUrl)).body)).toBe('Renamed Member');
    const leaving = await createUser(t.app);
    await join(t.app, { _id: groupID, inviteLink: (await read(fullUrl, owner)).body.inviteLink }, leaving);
    expect((await read(fullUrl, leaving)).status).toBe(200);
    await t.database.db.deleteFrom('group_members').where('user_id', '=', leaving.user.id).execute();
    await t.database.db.deleteFrom('users').where('id', '=', leaving.user.id).execute();
    expect((await read(fullUrl, leaving)).status).toBe(401);
  });

  it("of the caller's groups lapse when their next event ends", async () => {
    const solo = await createUser(t.app);
    const group = await createGroup(t.app, solo, { groupName: 'Timed' });
    const now = t.clock.now();
    const first = await createEvent(t.app, solo, group._id, now, { eventName: 'First', startIn: HOUR, length: HOUR });
    const second = await createEvent(t.app, solo, group._id, now, { eventName: 'Second', startIn: 3 * HOUR, length: HOUR });
    const next = async () => (await read(`/api/groups/getUserGroups?userID=${solo.user.id}`, solo)).body[0].nextEvent?._id;
    expect(await next()).toBe(first._id);
    t.clock.advance(2 * HOUR);
    expect(await next()).toBe(second._id);
    t.clock.advance(2 * HOUR);
    expect(await next()).toBeUndefined();
    // A clock set back (tests, a corrected server clock) is not an answer's future.
    t.clock.advance(-4 * HOUR);
    expect(await next()).toBe(first._id);
  });

  it("of a group's availability for a named week are kept, lapse on a member's tick and stay each caller's; without a week none is kept", async () => {
    const weekOf = t.clock.now();
    const gridUrl = `/api/civilization/getGroupAvailability?groupID=${groupID}&weekOf=${weekOf}`;
    const tick = (as: TestUser, available: boolean) =>
      call(t.app, `/api/civilization/postPlayerAvailability/${groupID}/${as.user.id}`, {
        method: 'POST',
        as,
        payload: { day: 'Saturday', time: 'Evening', available },
      });
    const slotsOf = async (as: TestUser) =>
      ((await read(gridUrl, as)).body.availability as { userID: string; timeZone?: string }[]).map((slot) => ({
        userID: slot.userID,
        zoned: slot.timeZone !== undefined,
      }));
    expect(await slotsOf(member)).toEqual([]);
    queries.length = 0;
    expect(await slotsOf(member)).toEqual([]);
    expect(queries).toHaveLength(t.database.kind === 'sqlite' ? 0 : 1);
    expect((await tick(owner, true)).status).toBe(200);
    expect(await slotsOf(member)).toEqual([{ userID: owner.user.id, zoned: false }]);
    // The owner's own answer names the zone of their slot; the member's does not.
    expect(await slotsOf(owner)).toEqual([{ userID: owner.user.id, zoned: true }]);
    expect((await tick(owner, false)).status).toBe(200);
    expect(await slotsOf(member)).toEqual([]);
    // Without weekOf the week starts when asked: each answer is made afresh, from its own time.
    const nowUrl = `/api/civilization/getGroupAvailability?groupID=${groupID}`;
    const first = (await read(nowUrl)).body.from;
    t.clock.advance(60_000);
    expect((await read(nowUrl)).body.from).toBe(first + 60_000);
  });

  it("of a group's events and grid stay kept through sign-ups and ticks in another group, and lapse on those in their own", async () => {
    const elsewhere = await createGroup(t.app, owner, { groupName: 'Elsewhere' });
    await join(t.app, elsewhere, member);
    const here = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Here tonight' });
    const there = await createEvent(t.app, owner, elsewhere._id, t.clock.now(), { eventName: 'There tonight' });
    const weekOf = t.clock.now();
    const gridUrl = (group: string) => `/api/civilization/getGroupAvailability?groupID=${group}&weekOf=${weekOf}`;
    const tick = (group: string, available: boolean) =>
      call(t.app, `/api/civilization/postPlayerAvailability/${group}/${owner.user.id}`, {
        method: 'POST',
        as: owner,
        payload: { day: 'Sunday', time: 'Morning', available },
      });
    const seated = async (url: string, eventId: string) =>
      ((await read(url)).body as { _id: string; attendingMembers: { userID: string }[] }[])
        .find((e) => e._id === eventId)!
        .attendingMembers.map((a) => a.userID);
    const slots = async (group: string) => ((await read(gridUrl(group))).body.availability as { userID: string }[]).map((s) => s.userID);
    const eventsOf = (group: string) => `/api/events/getEvents?groupID=${group}`;
    // Each answer costs its statements once; kept, none on SQLite and the caller's one on PostgreSQL.
    const keptCost = t.database.kind === 'sqlite' ? 0 : 1;
    expect(await seated(eventsOf(groupID), here._id)).toEqual([]);
    expect(await slots(groupID)).toEqual([]);

    expect((await attend(t.app, owner, there._id)).status).toBe(200);
    expect((await tick(elsewhere._id, true)).status).toBe(200);
    queries.length = 0;
    expect(await seated(eventsOf(groupID), here._id)).toEqual([]);
    expect(await slots(groupID)).toEqual([]);
    expect(queries).toHaveLength(2 * keptCost);
    // The other group's own answers show its writes.
    expect(await seated(eventsOf(elsewhere._id), there._id)).toEqual([owner.user.id]);
    expect(await slots(elsewhere._id)).toEqual([owner.user.id]);

    // In their own group the same writes lapse them.
    expect((await attend(t.app, owner, here._id)).status).toBe(200);
    expect((await tick(groupID, true)).status).toBe(200);
    expect(await seated(eventsOf(groupID), here._id)).toEqual([owner.user.id]);
    expect(await slots(groupID)).toEqual([owner.user.id]);
    // So does a write behind the API.
    await t.database.db.deleteFrom('event_attendees').where('event_id', '=', there._id).execute();
    expect(await seated(eventsOf(elsewhere._id), there._id)).toEqual([]);
    expect((await tick(groupID, false)).status).toBe(200);
    expect(await slots(groupID)).toEqual([]);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)("count a group's writes per group, and a row whose group is gone against every group", async () => {
    const writes = sqliteWritesOf(t.database.db)!;
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Counted' });
    const keys = [groupKey('event_attendees', groupID), groupKey('event_attendees', '')];
    let before = keys.map((key) => writes.stamp([key]));
    expect((await attend(t.app, member, event._id)).status).toBe(200);
    expect(writes.stamp([keys[0]!])).not.toEqual(before[0]);
    expect(writes.stamp([keys[1]!])).toEqual(before[1]);
    // A seat moved to another group's event counts in both groups.
    const elsewhere = await createGroup(t.app, owner, { groupName: 'Moved to' });
    const moved = await createEvent(t.app, owner, elsewhere._id, t.clock.now(), { eventName: 'Moved' });
    const movedKey = groupKey('event_attendees', elsewhere._id);
    before = [...keys, movedKey].map((key) => writes.stamp([key]));
    await t.database.db.updateTable('event_attendees').set({ event_id: moved._id }).where('event_id', '=', event._id).execute();
    expect(writes.stamp([keys[0]!])).not.toEqual(before[0]);
    expect(writes.stamp([movedKey])).not.toEqual(before[2]);
    await t.database.db.updateTable('event_attendees').set({ event_id: event._id }).where('event_id', '=', moved._id).execute();
    before = keys.map((key) => writes.stamp([key]));
    await t.database.db.deleteFrom('events').where('id', '=', event._id).execute();
    expect(writes.stamp([keys[1]!])).not.toEqual(before[1]);
  });

  it('of different URLs are different answers', async () => {
    const solo = await createUser(t.app);
    const a = await createGroup(t.app, solo, { groupName: 'Alpha' });
    const b = await createGroup(t.app, solo, { groupName: 'Beta' });
    const cards = async (id: string) =>
      (await read(`/api/components/getGroupCards?groupID=${id}`, solo)).body.map((c: { groupID: string }) => c.groupID);
    expect(await cards(a._id)).toEqual([a._id]);
    expect(await cards(b._id)).toEqual([b._id]);
    expect(await cards(a._id)).toEqual([a._id]);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)('lapse when another process writes to the database file', async () => {
    const before = (await read(cardsUrl())).body;
    const file = (await sql<{ file: string }>`pragma database_list`.execute(t.database.db)).rows[0]!.file;
    const other = new SQLite(file);
    other.prepare('update group_cards set title = ? where id = ?').run('Written elsewhere', before[0]._id);
    other.close();
    // Seen once SQLite is next asked about other processes' commits (DATA_VERSION_EVERY_MS).
    await new Promise((resolve) => setTimeout(resolve, DATA_VERSION_EVERY_MS + 20));
    expect((await read(cardsUrl())).body[0].title).toBe('Written elsewhere');
  });
});
