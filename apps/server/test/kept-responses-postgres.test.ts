import { sql, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { GROUP_SCOPED_TABLES } from '../src/db/group-scoped-tables';
import { tableVersionsOf, VERSION_SHARDS, versionEveryTable } from '../src/db/table-versions';
import { loadCaller, loadCallerInGroup, takeReadAhead } from '../src/features/groups/caller-in-group';
import { attend, createEvent, unattend } from './events-fixtures';
import { call, createGroup, join, type TestUser } from './groups-fixtures';
import { createTestApp, createUser, memoryMailer, TEST_APP_CONFIG, type TestApp } from './test-app';

// On PostgreSQL an answer is kept between requests while the versions of the tables it read, read
// with the caller in each request's first statement, stay the same: every transaction that writes
// to a table raises its version as it commits, whichever server or connection wrote it.

const url = process.env.TEST_DATABASE_URL;
const queries: CompiledQuery[] = [];
let t: TestApp;
let other: Awaited<ReturnType<typeof buildApp>>;
let otherDatabase: DatabaseHandle;
let shell: pg.Client;
let schema: string;
let owner: TestUser;
let member: TestUser;
let groupID: string;

const read = (path: string, as: TestUser = member, app = t.app) => call(app, path, { as });
const cardsUrl = () => `/api/components/getGroupCards?groupID=${groupID}`;
const eventsUrl = () => `/api/events/getEvents?groupID=${groupID}`;
const versionOf = async (table: string) =>
  Number((await shell.query('select sum(version) as version from table_versions where name = $1', [table])).rows[0]?.version);

describe.runIf(url)('answers kept between requests on PostgreSQL', () => {
  beforeAll(async () => {
    t = await createTestApp({ onQuery: (query) => queries.push(query) });
    schema = (await sql<{ schema: string }>`select current_schema() as schema`.execute(t.database.db)).rows[0]!.schema;
    otherDatabase = openDatabase({ kind: 'postgres', url: url!, schema, max: 5 });
    other = await buildApp({ database: otherDatabase, mailer: memoryMailer(), clock: t.clock, config: TEST_APP_CONFIG });
    await other.ready();
    shell = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await shell.connect();
    owner = await createUser(t.app);
    member = await createUser(t.app);
    const group = await createGroup(t.app, owner, { groupName: 'Kept on PostgreSQL' });
    groupID = group._id;
    await join(t.app, group, member);
  }, 60_000);
  afterAll(async () => {
    await shell?.end();
    await other?.close();
    await otherDatabase?.close();
    await t?.close();
  });

  it('are sent again after the one statement that reads the caller and the versions', async () => {
    const first = await read(cardsUrl());
    queries.length = 0;
    for (let i = 0; i < 3; i++) expect((await read(cardsUrl())).body).toEqual(first.body);
    expect(queries).toHaveLength(3);
    expect(queries.every((query) => query.sql.includes('table_versions'))).toBe(true);
  });

  it('lapse on a write by another connection, outside the server', async () => {
    const before = (await read(cardsUrl())).body;
    await shell.query('update group_cards set title = $1 where id = $2', ['Written from a shell', before[0]._id]);
    expect((await read(cardsUrl())).body[0].title).toBe('Written from a shell');
  });

  it('lapse on a write through another server, in both directions', async () => {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Two servers' });
    const attendees = async (app: typeof t.app) =>
      (await read(eventsUrl(), owner, app)).body.find((e: { _id: string }) => e._id === event._id).attendingMembers.length;
    expect(await attendees(t.app)).toBe(await attendees(other));
    const before = await attendees(t.app);
    expect((await attend(other, member, event._id)).status).toBe(200);
    expect(await attendees(t.app)).toBe(before + 1);
    await shell.query('delete from event_attendees where event_id = $1 and user_id = $2', [event._id, member.user.id]);
    expect(await attendees(other)).toBe(before);
    expect(await attendees(t.app)).toBe(before);
  });

  it('lapse when a delete cascades to a table they read, and when a table is truncated', async () => {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Cascading' });
    expect((await attend(t.app, member, event._id)).status).toBe(200);
    const attendees = await versionOf('event_attendees');
    await shell.query('delete from events where id = $1', [event._id]);
    expect(await versionOf('event_attendees')).toBeGreaterThan(attendees);
    const cards = await versionOf('group_cards');
    await shell.query('begin');
    await shell.query('create temp table kept_cards as select * from group_cards');
    await shell.query('truncate group_cards');
    await shell.query('insert into group_cards select * from kept_cards');
    await shell.query('commit');
    expect(await versionOf('group_cards')).toBe(cards + 1);
  });

  it('lapse when a delete inside a `with` writes a table they read (a withdrawal takes the seat and its reminder in one statement)', async () => {
    const event = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Withdrawn' });
    expect((await attend(t.app, member, event._id)).status).toBe(200);
    const seated = await read(eventsUrl());
    expect(seated.body.find((e: { _id: string }) => e._id === event._id).attendingMembers).toHaveLength(1);
    const [attendees, outbox] = [await versionOf('event_attendees'), await versionOf('event_mail_outbox')];
    expect((await unattend(t.app, member, event._id)).status).toBe(200);
    expect(await versionOf('event_attendees')).toBe(attendees + 1);
    expect(await versionOf('event_mail_outbox')).toBe(outbox + 1);
    const after = await read(eventsUrl());
    expect(after.body.find((e: { _id: string }) => e._id === event._id).attendingMembers).toEqual([]);
  });

  it('are not lapsed by a transaction rolled back, and each writing transaction raises a version once', async () => {
    const cards = await versionOf('group_cards');
    await shell.query('begin');
    await shell.query("update group_cards set footer = 'rolled back' where group_id = $1", [groupID]);
    await shell.query('rollback');
    expect(await versionOf('group_cards')).toBe(cards);
    await shell.query('begin');
    for (let i = 0; i < 3; i++) await shell.query("update group_cards set footer = 'three writes' where group_id = $1", [groupID]);
    await shell.query('commit');
    expect(await versionOf('group_cards')).toBe(cards + 1);
  });

  it('never deadlock transactions that write the same tables in opposite orders', async () => {
    const second = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await second.connect();
    try {
      const [cards, groups] = [await versionOf('group_cards'), await versionOf('groups')];
      await shell.query('begin');
      await second.query('begin');
      await shell.query("update group_cards set footer = 'first' where group_id = $1", [groupID]);
      await second.query("update groups set link_url = 'https://example.com/second' where id = $1", [groupID]);
      await shell.query('update groups set game_name = game_name where id = $1 and false', [groupID]);
      await second.query('update group_cards set footer = footer where group_id = $1 and false', [groupID]);
      // Each commits its versions in name order at the commit, after its own rows: neither waits for the other's rows.
      await Promise.all([shell.query('commit'), second.query('commit')]);
      expect(await versionOf('group_cards')).toBe(cards + 2);
      expect(await versionOf('groups')).toBe(groups + 2);
    } finally {
      await second.end();
    }
  });

  it("count versions in shards, so writers on other connections never wait for one another's commit", async () => {
    const shardOf = async (client: pg.Client) => Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid) % VERSION_SHARDS;
    const shellShard = await shardOf(shell);
    const opened: pg.Client[] = [];
    try {
      // Another connection counting in another shard than the shell's.
      let writer: pg.Client | undefined;
      while (!writer) {
        const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
        await client.connect();
        opened.push(client);
        if ((await shardOf(client)) !== shellShard) writer = client;
      }
      const cards = await versionOf('group_cards');
      await shell.query('begin');
      await shell.query("update group_cards set footer = 'held open' where group_id = $1", [groupID]);
      // The versions are raised now, as at a commit, and their rows stay locked until it.
      await shell.query('set constraints all immediate');
      await writer.query("set lock_timeout = '5s'");
      await writer.query("update group_cards set footer = 'not waiting' where group_id = $1 and false", [groupID]);
      const committed = async () =>
        Number((await writer!.query("select sum(version) as version from table_versions where name = 'group_cards'")).rows[0].version);
      expect(await committed()).toBe(cards + 1);
      await shell.query('commit');
      expect(await committed()).toBe(cards + 2);
    } finally {
      for (const client of opened) await client.end();
    }
  });

  it('keep the versions of a database versioned before the shards, each as its shard 0', async () => {
    const old = `versions_before_shards_${Date.now()}`;
    await shell.query(`create schema ${old}`);
    const database = openDatabase({ kind: 'postgres', url: url!, schema: old, max: 1 });
    try {
      await shell.query(`create table ${old}.table_versions (name text primary key, version bigint not null default 0)`);
      await shell.query(`insert into ${old}.table_versions values ('group_cards', 41)`);
      await versionEveryTable(database.db as never);
      const { rows } = await shell.query(`select name, shard, version from ${old}.table_versions`);
      expect(rows).toEqual([{ name: 'group_cards', shard: 0, version: 41 }]);
      const { rows: key } = await shell.query(
        `select array_length(conkey, 1) as columns from pg_constraint where conrelid = '${old}.table_versions'::regclass and contype = 'p'`,
      );
      expect(key).toEqual([{ columns: 2 }]);
    } finally {
      await database.close();
      await shell.query(`drop schema ${old} cascade`);
    }
  });

  it('version every table of the schema', async () => {
    const { rows } = await shell.query(`
      select c.relname as name from pg_class c
       where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r'
         and c.relname not in ('table_versions', 'group_table_versions', 'table_write_marks', 'kysely_migration', 'kysely_migration_lock')
         and (not exists (select 1 from pg_trigger g where g.tgrelid = c.oid and g.tgname = 'note_table_write')
              or not exists (select 1 from table_versions v where v.name = c.relname))`);
    expect(rows).toEqual([]);
    const { rows: scoped } = await shell.query(`
      select c.relname as name from pg_class c join pg_trigger g on g.tgrelid = c.oid and g.tgname = 'note_group_write'
       where c.relnamespace = current_schema()::regnamespace order by 1`);
    expect(scoped.map((row: { name: string }) => row.name)).toEqual(Object.keys(GROUP_SCOPED_TABLES).sort());
  });

  it("version a group-scoped table per group: each row's group, its old and new group on a move, no known group on a cascade or a truncate", async () => {
    const groupVersion = async (table: string, group: string) =>
      Number((await shell.query('select coalesce(sum(version), 0) as version from group_table_versions where name = $1 and group_id = $2', [table, group])).rows[0]?.version);
    const second = await createGroup(t.app, owner, { groupName: 'Second on PostgreSQL' });
    const here = await createEvent(t.app, owner, groupID, t.clock.now(), { eventName: 'Here' });
    const there = await createEvent(t.app, owner, second._id, t.clock.now(), { eventName: 'There' });
    const versions = async () => ({
      here: await groupVersion('event_attendees', groupID),
      there: await groupVersion('event_attendees', second._id),
      unknown: await groupVersion('event_attendees', ''),
    });
    let before = await versions();
    expect((await attend(t.app, owner, there._id)).status).toBe(200);
    expect(await versions()).toEqual({ ...before, there: before.there + 1 });
    before = await versions();
    await shell.query('update event_attendees set event_id = $1 where event_id = $2', [here._id, there._id]);
    expect(await versions()).toEqual({ ...before, here: before.here + 1, there: before.there + 1 });
    before = await versions();
    await shell.query('delete from events where id = $1', [here._id]);
    expect((await versions()).unknown).toBe(before.unknown + 1);
    const slots = await groupVersion('civ_availability', '');
    await shell.query('begin');
    await shell.query('create temp table kept_slots as select * from civ_availability');
    await shell.query('truncate civ_availability');
    await shell.query('insert into civ_availability select * from kept_slots');
    await shell.query('commit');
    expect(await groupVersion('civ_availability', '')).toBe(slots + 1);
  });

  it('are not kept when they read a table without a version', async () => {
    await read(cardsUrl());
    await shell.query("delete from table_versions where name = 'group_cards'");
    try {
      await read(cardsUrl());
      queries.length = 0;
      await read(cardsUrl());
      expect(queries.length).toBeGreaterThan(1);
    } finally {
      await shell.query("insert into table_versions (name) values ('group_cards')");
    }
  });

  it('read each caller with its own group\'s versions, however many callers one statement reads', async () => {
    const second = await createGroup(t.app, owner, { groupName: 'Third on PostgreSQL' });
    const event = await createEvent(t.app, owner, second._id, t.clock.now(), { eventName: 'Versions' });
    expect((await attend(t.app, owner, event._id)).status).toBe(200);
    const groupVersion = async (table: string, group: string) =>
      Number((await shell.query('select coalesce(sum(version), 0) as version from group_table_versions where name = $1 and group_id = $2', [table, group])).rows[0]?.version);
    const sessionOf = async (user: TestUser) => Number((await shell.query('select session_version from users where id = $1', [user.user.id])).rows[0]!.session_version);
    const [ownerSession, memberSession] = [await sessionOf(owner), await sessionOf(member)];
    queries.length = 0;
    // Asked in one turn of the event loop: one statement reads all three.
    const [inFirst, inSecond, noGroup, alsoInFirst] = await Promise.all([
      loadCallerInGroup(t.database.db, owner.user.id, ownerSession, groupID),
      loadCallerInGroup(t.database.db, member.user.id, memberSession, second._id),
      loadCaller(t.database.db, member.user.id, memberSession),
      loadCallerInGroup(t.database.db, member.user.id, memberSession, groupID),
    ]);
    expect(queries.filter((query) => query.sql.includes('table_versions'))).toHaveLength(1);
    const first = tableVersionsOf(inFirst)!;
    const other = tableVersionsOf(inSecond)!;
    const none = tableVersionsOf(noGroup)!;
    for (const versions of [first, other, none]) {
      expect(versions.group_cards).toBe(await versionOf('group_cards'));
      expect(versions.event_attendees).toBe(await versionOf('event_attendees'));
      expect(versions['event_attendees@']).toBe(await groupVersion('event_attendees', ''));
    }
    expect(other[`event_attendees@${second._id}`]).toBeGreaterThan(0);
    for (const table of Object.keys(GROUP_SCOPED_TABLES)) {
      expect(first[`${table}@${groupID}`]).toBe(await groupVersion(table, groupID));
      expect(other[`${table}@${second._id}`]).toBe(await groupVersion(table, second._id));
      // A caller's versions hold no other group's.
      expect(first[`${table}@${second._id}`]).toBeUndefined();
      expect(other[`${table}@${groupID}`]).toBeUndefined();
      expect(none[`${table}@${groupID}`]).toBeUndefined();
    }
    // A group's settings come once per statement, and each caller in that group has them.
    const settings = (await shell.query('select settings from groups where id = $1', [groupID])).rows[0]!.settings as string;
    expect(settings.length).toBeGreaterThan(2);
    for (const caller of [inFirst!, alsoInFirst!]) expect(takeReadAhead(t.database.db, caller, groupID, true)?.group?.settings).toBe(settings);
    expect(takeReadAhead(t.database.db, inSecond!, second._id, true)?.group?.settings).toBe(
      (await shell.query('select settings from groups where id = $1', [second._id])).rows[0]!.settings,
    );
  });
});
