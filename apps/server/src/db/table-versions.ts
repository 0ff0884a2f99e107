import { AsyncLocalStorage } from 'node:async_hooks';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { GROUP_SCOPED_TABLES } from './group-scoped-tables';
import type { Db } from './schema';

/**
 * On PostgreSQL every table has a version in `table_versions`, raised by each transaction that
 * writes to it, as part of that transaction: a statement trigger on the table notes the table, and
 * one trigger deferred to the commit raises the versions of every table noted. The versions and the
 * rows commit together, whichever server, job, shell or foreign key cascade wrote them, so versions
 * read in one statement and equal in a later one mean that nothing written to those tables has
 * committed in between, on any server.
 *
 * A table's version is the sum of its shards' counts: a transaction raises the shard of its
 * connection (VERSION_SHARDS of them), so that writers on different connections never wait for one
 * another's commit, where with one row per table every sign-up held that table's row until its
 * commit reached the disk. Counts only grow, so a sum read after a commit is never the sum read
 * before it. The shards are raised in name order, so two transactions raising the same ones queue,
 * never deadlock.
 *
 * The group-scoped tables (db/group-scoped-tables.ts) are versioned per group as well, in
 * `group_table_versions`: a row trigger notes each written row's group, and the same deferred
 * trigger raises the version of each table and group noted (`table@`, for a row whose group it could
 * not find, and for a truncate). A group's versions are read with the caller of a call naming it.
 */

/** How many shards a version is counted in: more than a server's pool has connections. */
export const VERSION_SHARDS = 16;

/**
 * The versions' table: one row per table of the schema and shard written, read whole by every
 * request's first statement (the only table a plan may read whole on purpose).
 */
export const VERSIONS_TABLE = 'table_versions';

/** The trigger functions and the tables they use; created in the connection's own schema. */
const SETUP = [
  `create table if not exists table_versions (name text not null, shard integer not null default 0, version bigint not null default 0, primary key (name, shard))`,
  // A database versioned before the shards: one row per table becomes its shard 0.
  `alter table table_versions add column if not exists shard integer not null default 0`,
  `do $$ begin
     if (select array_length(conkey, 1) from pg_constraint where conrelid = 'table_versions'::regclass and contype = 'p') = 1 then
       alter table table_versions drop constraint table_versions_pkey;
       alter table table_versions add primary key (name, shard);
     end if;
   end $$`,
  // One row per writing transaction, inserted by its first write so that the deferred trigger runs once.
  `create unlogged table if not exists table_write_marks (txid xid8 primary key)`,
  `create or replace function note_table_write() returns trigger language plpgsql as $$
   declare
     written text := coalesce(current_setting('smm.written_tables', true), '');
   begin
     if written = '' then
       perform set_config('smm.written_tables', ' ' || tg_table_name || ' ', true);
       insert into table_write_marks values (pg_current_xact_id()) on conflict do nothing;
     elsif position(' ' || tg_table_name || ' ' in written) = 0 then
       perform set_config('smm.written_tables', written || tg_table_name || ' ', true);
     end if;
     return null;
   end $$`,
  // A group-scoped table's version in one group, the sum of its shards; no row is version 0 (rows are never deleted).
  `create table if not exists group_table_versions (group_id text not null, name text not null, shard integer not null, version bigint not null, primary key (group_id, name, shard))`,
  `create or replace function note_written_group(written_table text, written_group text) returns void language plpgsql as $$
   declare
     written text := coalesce(current_setting('smm.written_groups', true), '');
     token text := written_table || '@' || coalesce(written_group, '');
   begin
     if written = '' then
       perform set_config('smm.written_groups', ' ' || token || ' ', true);
     elsif position(' ' || token || ' ' in written) = 0 then
       perform set_config('smm.written_groups', written || token || ' ', true);
     end if;
   end $$`,
  // Table versions first, then group versions, each in order: two transactions lock them in the same order.
  `create or replace function raise_table_versions() returns trigger language plpgsql as $$
   declare
     own_shard integer := mod(pg_backend_pid(), ${VERSION_SHARDS});
   begin
     insert into table_versions (name, shard, version)
       select name, own_shard, 1
         from unnest(string_to_array(trim(coalesce(current_setting('smm.written_tables', true), '')), ' ')) as name
        where name <> ''
        order by name
       on conflict (name, shard) do update set version = table_versions.version + 1;
     insert into group_table_versions (group_id, name, shard, version)
       select split_part(token, '@', 2), split_part(token, '@', 1), own_shard, 1
         from unnest(string_to_array(trim(coalesce(current_setting('smm.written_groups', true), '')), ' ')) as token
        where token <> ''
        order by 1, 2
       on conflict (group_id, name, shard) do update set version = group_table_versions.version + 1;
     perform set_config('smm.written_tables', '', true);
     perform set_config('smm.written_groups', '', true);
     delete from table_write_marks where txid = new.txid;
     return null;
   end $$`,
  `drop trigger if exists raise_table_versions on table_write_marks`,
  `create constraint trigger raise_table_versions after insert on table_write_marks
     deferrable initially deferred for each row execute function raise_table_versions()`,
];

/** Tables whose writes are not versioned: the versions themselves, and Kysely's migration bookkeeping. */
const UNVERSIONED = new Set(['table_versions', 'group_table_versions', 'table_write_marks', 'kysely_migration', 'kysely_migration_lock']);

/**
 * The row trigger of a group-scoped table: notes the group of each row written (before and after an
 * update), and a truncate as a write in no known group.
 */
function groupWriteFunction(table: string, groupOf: (row: string) => string): string {
  return `create or replace function "note_group_write_${table}"() returns trigger language plpgsql as $$
   begin
     if tg_op = 'TRUNCATE' then
       perform note_written_group(tg_table_name, null);
       return null;
     end if;
     if tg_op <> 'INSERT' then perform note_written_group(tg_table_name, ${groupOf('old')}); end if;
     if tg_op <> 'DELETE' then perform note_written_group(tg_table_name, ${groupOf('new')}); end if;
     return null;
   end $$`;
}

/** Gives every group-scoped table of the schema that has none its row and truncate triggers. */
async function versionGroupScopedTables(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
     where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
       and c.relname = any (${Object.keys(GROUP_SCOPED_TABLES)}::text[])
       and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'note_group_write')`.execute(db);
  for (const { name } of rows) {
    await sql.raw(groupWriteFunction(name, GROUP_SCOPED_TABLES[name]!)).execute(db);
    await sql
      .raw(`create trigger note_group_write after insert or update or delete on "${name}" for each row execute function "note_group_write_${name}"()`)
      .execute(db);
    await sql
      .raw(`create trigger note_group_truncate after truncate on "${name}" for each statement execute function "note_group_write_${name}"()`)
      .execute(db);
  }
}

/**
 * Creates the versions and their triggers on PostgreSQL, and versions every table of the schema
 * that has none yet. A migration that creates a table calls it again; until then a kept answer
 * that reads the table is never kept (`versionsOf` finds no version for it).
 */
export async function versionEveryTable(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const statement of SETUP) await sql.raw(statement).execute(db);
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_class c
     where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p')
       and not exists (select 1 from pg_trigger t where t.tgrelid = c.oid and t.tgname = 'note_table_write')`.execute(db);
  for (const { name } of rows) {
    if (UNVERSIONED.has(name)) continue;
    await sql
      .raw(
        `create trigger note_table_write after insert or update or delete or truncate on "${name}" for each statement execute function note_table_write()`,
      )
      .execute(db);
    await sql`insert into table_versions (name) values (${name}) on conflict do nothing`.execute(db);
  }
  await versionGroupScopedTables(db);
}

/** Each versioned table's version, as read by the caller's statement (plugins/auth.ts). */
export type TableVersions = Readonly<Record<string, number>>;

const SCOPED_TABLES = Object.keys(GROUP_SCOPED_TABLES);
const SCOPED_NAMES = `array[${SCOPED_TABLES.map((name) => `'${name}'`).join(', ')}]::text[]`;

/** A group-scoped table's version in one group: the sum of its shards, 0 before its first write there. */
const versionInGroup = (groupId: RawBuilder<string | null>) =>
  sql`coalesce((select sum(v.version) from group_table_versions v where v.group_id = ${groupId} and v.name = s.name), 0)::bigint`;

/**
 * Every table's version, and each group-scoped table's in no known group as `table@`: the same for
 * every caller a statement reads. It names no column of the statement, so PostgreSQL runs it once
 * per statement however many rows read it.
 */
const ALL_VERSIONS = sql<TableVersions>`(select json_object_agg(name, version) from (
    select name, sum(version)::bigint as version from table_versions group by name
    union all
    select s.name || '@', ${versionInGroup(sql`''`)} from unnest(${sql.raw(SCOPED_NAMES)}) as s(name)) as versions)`;

/**
 * The column the caller's statement reads the versions with, on PostgreSQL: every table's version,
 * and each group-scoped table's in no known group as `table@` (ALL_VERSIONS). On SQLite, where the
 * server's one connection counts its writes itself (db/sqlite-writes.ts), null.
 */
export function tableVersionsColumn(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? ALL_VERSIONS.as('table_versions')
    : sql<TableVersions | null>`null`.as('table_versions');
}

/**
 * PostgreSQL's columns for a statement that reads many callers, each with the group its call names
 * (`groupId`, a column of the statement): `table_versions`, every table's version (ALL_VERSIONS) on
 * the statement's first row only, which must be ordered by `order`, and `group_versions`, each
 * group-scoped table's version in the row's group, in a fixed order (null without a group).
 * Read for each row, every table's version was built by PostgreSQL and parsed by the server once a
 * caller. `withGroupVersions` puts them together.
 */
export const callerVersionsColumns = (groupId: RawBuilder<string | null>, order: RawBuilder<unknown>) => sql`
  case when row_number() over (order by ${order}) = 1 then ${ALL_VERSIONS} end as table_versions,
  (select json_agg(${versionInGroup(groupId)} order by s.position)
     from unnest(${sql.raw(SCOPED_NAMES)}) with ordinality as s(name, position)
    where ${groupId} is not null) as group_versions`;

/** A caller's versions: `all` (read once for the statement), with each group-scoped table's in `groupId` read for the caller's row. */
export function withGroupVersions(all: TableVersions, groupId: string | null, inGroup: readonly number[] | null): TableVersions {
  if (groupId === null || !inGroup) return all;
  // Only the group's own versions are the caller's; the rest are looked up through the shared object.
  const versions = Object.create(all) as Record<string, number>;
  for (let i = 0; i < SCOPED_TABLES.length; i++) versions[`${SCOPED_TABLES[i]}@${groupId}`] = inGroup[i]!;
  return versions;
}

// A symbol, so copies of the caller (`{ ...user }`) carry the versions and they never reach a JSON answer.
const VERSIONS = Symbol('tableVersions');

/** Sets the versions read with the caller on the caller's object. */
export function attachTableVersions<T extends object>(caller: T, versions: TableVersions | null | undefined): T {
  if (versions) (caller as { [VERSIONS]?: TableVersions })[VERSIONS] = versions;
  return caller;
}

/** The versions read with the caller in this request's first statement, on PostgreSQL. */
export const tableVersionsOf = (caller: object | null | undefined): TableVersions | undefined =>
  caller ? (caller as { [VERSIONS]?: TableVersions })[VERSIONS] : undefined;

/** The versions of `tables` in `versions`, or undefined when one of them has none (never kept). */
export function versionsOf(versions: TableVersions, tables: readonly string[]): number[] | undefined {
  const found: number[] = [];
  for (const table of tables) {
    const version = versions[table];
    if (version === undefined) return undefined;
    found.push(version);
  }
  return found;
}

/** Whether versions read now (`versionsOf`) are those something was tagged with. */
export const sameVersions = (a: readonly number[], b: readonly number[] | undefined): boolean =>
  b !== undefined && a.length === b.length && a.every((v, i) => v === b[i]);

const WORD = /\w+/g;
/** How many statements' table lists are remembered. */
const TABLE_LISTS_KEPT = 1_000;

export interface PostgresReads {
  /** Learns the schema's tables, once migrated; until then `track` reports no tables and nothing is kept. */
  load(db: Db): Promise<void>;
  /**
   * Runs `work`, noting every table named by the statements it runs; undefined before `load`. The
   * tables are noted for a `track` it runs within too.
   */
  track<T>(work: () => Promise<T>): Promise<{ value: T; tables: string[] | undefined }>;
  /** Notes `tables` as read by the work being tracked, for rows it took from what an earlier read kept. */
  noteRead(tables: readonly string[]): void;
  /** Told of every statement before it is sent. */
  noteStatement(text: string): void;
}

const readers = new WeakMap<object, PostgresReads>();

/**
 * Notes the tables each statement names, for the answers kept between requests on PostgreSQL. A
 * statement is told to the read whose work sent it (its async context): with statements of many
 * requests in flight at once, noting every statement for every read made each answer depend on the
 * tables other requests wrote meanwhile, so that none outlived the next write anywhere.
 */
export function createPostgresReads(): PostgresReads {
  let names: Set<string> | undefined;
  const tracking = new AsyncLocalStorage<Set<string>>();
  const tableLists = new Map<string, string[]>();

  function tablesOf(text: string): string[] {
    let tables = tableLists.get(text);
    if (!tables) {
      tables = [...new Set(text.toLowerCase().match(WORD) ?? [])].filter((word) => names!.has(word));
      if (tableLists.size >= TABLE_LISTS_KEPT) tableLists.delete(tableLists.keys().next().value as string);
      tableLists.set(text, tables);
    }
    return tables;
  }

  return {
    async load(db) {
      const { rows } = await sql<{ name: string }>`
        select relname as name from pg_class where relnamespace = current_schema()::regnamespace and relkind in ('r', 'p', 'v', 'm')`.execute(
        db,
      );
      // The caller's statement names the versions' table: it is read by every request, not by an answer.
      names = new Set(rows.map((row) => row.name.toLowerCase()).filter((name) => !UNVERSIONED.has(name)));
      tableLists.clear();
    },
    async track(work) {
      if (!names) return { value: await work(), tables: undefined };
      const outer = tracking.getStore();
      const seen = new Set<string>();
      const value = await tracking.run(seen, work);
      if (outer) for (const table of seen) outer.add(table);
      return { value, tables: [...seen] };
    },
    noteRead(tables) {
      const seen = tracking.getStore();
      if (seen) for (const table of tables) seen.add(table);
    },
    noteStatement(text) {
      const seen = names && tracking.getStore();
      if (seen) for (const table of tablesOf(text)) seen.add(table);
    },
  };
}

/** Makes a database's statement notes known to the answers kept for it. */
export const registerPostgresReads = (db: Db, reads: PostgresReads) => readers.set(db.getExecutor().adapter, reads);

/** The statement notes of a PostgreSQL database; undefined on SQLite. */
export const postgresReadsOf = (db: Db): PostgresReads | undefined => readers.get(db.getExecutor().adapter);
