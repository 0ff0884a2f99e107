import type { Db } from './schema';
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
