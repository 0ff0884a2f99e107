import type { Db } from './schema';
import { tablesForGroup } from './group-scoped-tables';
import { sameStamp, sqliteWritesOf, type WriteStamp } from './sqlite-writes';

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
  /** What the load read, each group-scoped table as its writes in this group (db/group-scoped-tables.ts). */
  tables: string[];
  stamp: WriteStamp;
  storedAt: number;
}

/**
 * Rows about one group that every member's answer is made from, kept between requests on SQLite
 * while nothing is written to what their load read: a group-scoped table (sign-ups, availability)
 * in that group, any other table at all. A member's own answer lapses on every write in the group;
 * the next member to ask then shares the rows the first one read instead of reading them again.
 * The tables are those the load's statements actually read, so a new join cannot be missed. On
 * PostgreSQL, and inside a transaction, every read loads.
 */
export function groupRowCache<Rows extends object>({ ttlMs, max }: { ttlMs: number; max: number }) {
  const stores = new WeakMap<object, Map<string, GroupEntry<Rows>>>();

  return {
    /** The group's kept rows (of one `variant` of the load, when it has several), or what `load` reads. */
    async read(db: Db, groupId: string, load: () => Promise<Rows>, variant = ''): Promise<Rows> {
      const writes = sqliteWritesOf(db);
      if (!writes || writes.inTransaction()) return load();
      let entries = stores.get(writes);
      if (!entries) stores.set(writes, (entries = new Map()));
      const now = performance.now();
      const key = `${groupId} ${variant}`;
      const entry = entries.get(key);
      if (entry && now - entry.storedAt < ttlMs && sameStamp(writes.stamp(entry.tables), entry.stamp)) {
        // An answer kept whole depends on these tables as if its statements had read them.
        writes.noteRead(entry.tables);
        return entry.rows;
      }
      // A lapsed entry is let go at once, whether or not what is read now can be kept.
      if (entry) entries.delete(key);
      const { value, tables, stamp } = await writes.track(load, (read) => tablesForGroup(read, groupId));
      // Kept only when nothing was written while it was read (track gives no stamp then).
      if (!stamp) return value;
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value!);
      entries.set(key, { rows: Object.freeze(value), tables, stamp, storedAt: now });
      return value;
    },
  };
}
