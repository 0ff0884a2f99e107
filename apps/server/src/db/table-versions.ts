import { AsyncLocalStorage } from 'node:async_hooks';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Db } from './schema';

/**
 * On PostgreSQL every table has a version in `table_versions`, raised by each transaction that
 * writes to it, as part of that transaction: a statement trigger on the table notes the table, and
 * one trigger deferred to the commit raises the versions of every table noted, locking their rows
 * in name order (so two transactions raising the same versions queue, never deadlock). The versions
 * and the rows commit together, whichever server, job, shell or foreign key cascade wrote them, so
 * versions read in one statement and equal in a later one mean that nothing written to those tables
 * has committed in between, on any server.
 */

/**
 * The versions' table: one row per table of the schema, read whole by every request's first
 * statement (the only table a plan may read whole on purpose).
 */
export const VERSIONS_TABLE = 'table_versions';

/** The trigger functions and the tables they use; created in the connection's own schema. */
const SETUP = [
  `create table if not exists table_versions (name text primary key, version bigint not null default 0)`,
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
  `create or replace function raise_table_versions() returns trigger language plpgsql as $$
   begin
     update table_versions set version = version + 1
      where name in (select name from table_versions
                      where name = any (string_to_array(trim(current_setting('smm.written_tables', true)), ' '))
                      order by name for update);
     perform set_config('smm.written_tables', '', true);
     delete from table_write_marks where txid = new.txid;
     return null;
   end $$`,
  `drop trigger if exists raise_table_versions on table_write_marks`,
  `create constraint trigger raise_table_versions after insert on table_write_marks
     deferrable initially deferred for each row execute function raise_table_versions()`,
];

/** Tables whose writes are not versioned: the versions themselves, and Kysely's migration bookkeeping. */
const UNVERSIONED = new Set(['table_versions', 'table_write_marks', 'kysely_migration', 'kysely_migration_lock']);

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
}

/** Each versioned table's version, as read by the caller's statement (plugins/auth.ts). */
export type TableVersions = Readonly<Record<string, number>>;

/**
 * The column the caller's statement reads the versions with: every table's version, on PostgreSQL;
 * on SQLite, where the server's one connection counts its writes itself (db/sqlite-writes.ts), null.
 */
export function tableVersionsColumn(db: Db) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<TableVersions | null>`(select json_object_agg(name, version) from table_versions)`.as('table_versions')
    : sql<TableVersions | null>`null`.as('table_versions');
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

const WORD = /\w+/g;
/** How many statements' table lists are remembered. */
const TABLE_LISTS_KEPT = 1_000;

export interface PostgresReads {
  /** Learns the schema's tables, once migrated; until then `track` reports no tables and nothing is kept. */
  load(db: Db): Promise<void>;
  /** Runs `work`, noting every table named by the statements it runs; undefined before `load`. */
  track<T>(work: () => Promise<T>): Promise<{ value: T; tables: string[] | undefined }>;
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
      const seen = new Set<string>();
      const value = await tracking.run(seen, work);
      return { value, tables: [...seen] };
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
