import type { Db } from './schema';
import { tablesForGroup } from './group-scoped-tables';
import { sameStamp, sqliteWritesOf, type WriteStamp } from './sqlite-writes';
import { postgresReadsOf, sameVersions, versionsOf, type PostgresReads, type TableVersions } from './table-versions';

interface Entry<Row> {
  row: Row;
  stamp: WriteStamp;
  storedAt: number;
}

/**
 * Rows kept between requests, on SQLite only: an entry holds while no statement has written to any
 * of `tables` since it was read (the database layer counts every writing statement on the server's
 * one connection, so a kept row is never older than the server's own writes; SQLite's data_version,
 * read at most every DATA_VERSION_EVERY_MS, tells of other processes' commits). Nothing read inside a transaction is kept (it may roll back). On
 * PostgreSQL other instances write too, so nothing is kept there. Entries also lapse after `ttlMs`,
 * the oldest going first past `max`.
 */
export function rowCache<Row>({ tables, ttlMs, max }: { tables: readonly string[]; ttlMs: number; max: number }) {
  // Per database (keyed by its write counts, which its transactions share).
  const stores = new WeakMap<object, Map<string, Entry<Row>>>();

  return {
    /** The kept row, or what `load` reads. */
    async read(db: Db, key: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
      const writes = sqliteWritesOf(db);
      if (!writes || writes.inTransaction()) return load();
      let entries = stores.get(writes);
      if (!entries) stores.set(writes, (entries = new Map()));
      const now = performance.now();
      const before = writes.stamp(tables);
      const entry = entries.get(key);
      if (entry && sameStamp(entry.stamp, before) && now - entry.storedAt < ttlMs) {
        // Answers kept whole (plugins/kept-responses.ts) depend on these tables as if they were read.
        writes.noteRead(tables);
        return entry.row;
      }
      const row = await load();
      // Kept only when nothing was written meanwhile (nor a transaction begun that may yet write).
      if (row === undefined || writes.inTransaction() || !sameStamp(writes.stamp(tables), before)) return row;
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      // Shared by the requests that read it: frozen, so none can change it for the others.
      entries.set(key, { row: Object.freeze(row), stamp: before, storedAt: now });
      return row;
    },
  };
}

interface GroupEntry<Rows> {
  rows: Rows;
  /** The tables the load read, for the answer kept whole that a later read of these rows goes into. */
  read: readonly string[];
  /** What the load read, each group-scoped table as its writes in this group (db/group-scoped-tables.ts). */
  tables: string[];
  /** SQLite: the write counts of `tables` when read. PostgreSQL: their versions, as the caller's statement read them. */
  stamp: WriteStamp | number[];
  storedAt: number;
}

/** How a group's rows are read: one `variant` of the load, when it has several; on PostgreSQL the caller's versions. */
export interface GroupRowsRead {
  variant?: string;
  /** The versions read with the caller before the load (db/table-versions.ts); without them nothing is kept on PostgreSQL. */
  versions?: TableVersions;
}

/**
 * Rows about one group that every member's answer is made from, kept between requests while
 * nothing is written to what their load read: a group-scoped table (sign-ups, availability) in that
 * group, any other table at all. A member's own answer lapses on every write in the group; the next
 * member to ask then shares the rows the first one read instead of reading them again. The tables
 * are those the load's statements actually read, so a new join cannot be missed.
 *
 * On SQLite an entry holds while the server's one connection has written none of them. On
 * PostgreSQL, where other servers write too, it is tagged with their versions as the first asker's
 * caller statement read them, before the load (db/table-versions.ts), and shared while a later
 * caller's statement reads the same versions: a write that commits during the load raises a version
 * past the tag, so an entry lapses at worst one read early, never late. Inside a transaction every
 * read loads.
 */
export function groupRowCache<Rows extends object>({ ttlMs, max }: { ttlMs: number; max: number }) {
  const stores = new WeakMap<object, Map<string, GroupEntry<Rows>>>();

  function entriesOf(owner: object): Map<string, GroupEntry<Rows>> {
    let entries = stores.get(owner);
    if (!entries) stores.set(owner, (entries = new Map()));
    return entries;
  }

  function store(entries: Map<string, GroupEntry<Rows>>, key: string, entry: GroupEntry<Rows>) {
    entries.delete(key);
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
  }

  async function readOnPostgres(reads: PostgresReads, groupId: string, load: () => Promise<Rows>, key: string, versions: TableVersions) {
    const entries = entriesOf(reads);
    const now = performance.now();
    const entry = entries.get(key);
    if (entry && now - entry.storedAt < ttlMs && sameVersions(entry.stamp as number[], versionsOf(versions, entry.tables))) {
      reads.noteRead(entry.read);
      return entry.rows;
    }
    if (entry) entries.delete(key);
    const { value, tables: read } = await reads.track(load);
    const tables = read && tablesForGroup(read, groupId);
    // A table without a version (or versions of another group) is never kept.
    const stamp = tables && versionsOf(versions, tables);
    if (stamp) store(entries, key, { rows: Object.freeze(value), read: read!, tables: tables!, stamp, storedAt: now });
    return value;
  }

  return {
    /** The group's kept rows, or what `load` reads. */
    async read(db: Db, groupId: string, load: () => Promise<Rows>, { variant = '', versions }: GroupRowsRead = {}): Promise<Rows> {
      const key = `${groupId} ${variant}`;
      const reads = postgresReadsOf(db);
      if (reads) return versions && !db.isTransaction ? readOnPostgres(reads, groupId, load, key, versions) : load();
      const writes = sqliteWritesOf(db);
      if (!writes || writes.inTransaction()) return load();
      const entries = entriesOf(writes);
      const now = performance.now();
      const entry = entries.get(key);
      if (entry && now - entry.storedAt < ttlMs && sameStamp(writes.stamp(entry.tables), entry.stamp as WriteStamp)) {
        // An answer kept whole depends on these tables as if its statements had read them.
        writes.noteRead(entry.tables);
        return entry.rows;
      }
      // A lapsed entry is let go at once, whether or not what is read now can be kept.
      if (entry) entries.delete(key);
      const { value, tables, stamp } = await writes.track(load, (read) => tablesForGroup(read, groupId));
      // Kept only when nothing was written while it was read (track gives no stamp then).
      if (stamp) store(entries, key, { rows: Object.freeze(value), read: tables, tables, stamp, storedAt: now });
      return value;
    },
  };
}
