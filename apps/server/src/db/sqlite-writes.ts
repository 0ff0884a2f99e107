import type SQLite from 'better-sqlite3';
import type { Db } from './schema';

/** Where a table may have changed since: compare two stamps of the same tables; equal means unchanged. */
export interface WriteStamp {
  /** SQLite's count of commits by other connections (another process on the same file), read at most every DATA_VERSION_EVERY_MS. */
  dataVersion: number;
  /** Statements of this connection that wrote to the tables (or to a table it could not tell). */
  writes: number;
}

export interface SqliteWrites {
  stamp(tables: readonly string[]): WriteStamp;
  inTransaction(): boolean;
}

const WRITTEN_TABLE = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?(\w+)"?/i;

/**
 * How often SQLite is asked whether another process committed to the file (a backup tool, an
 * operator's sqlite3 shell): such a write is seen within this time; the server's own writes at once.
 */
export const DATA_VERSION_EVERY_MS = 100;

const trackers = new WeakMap<object, SqliteWrites>();

/**
 * Counts, per table, the writing statements run on the server's one SQLite connection (told by the
 * statement cache before each runs), so that rows kept between requests can be checked against them.
 * A writing statement whose table it cannot tell counts against every table.
 */
export function createSqliteWrites(sqlite: SQLite.Database) {
  const perTable = new Map<string, number>();
  let unknown = 0;
  const dataVersionQuery = sqlite.prepare('pragma data_version').pluck();
  let dataVersion = 0;
  let dataVersionReadAt = -Infinity;
  const writes: SqliteWrites = {
    stamp(tables) {
      let count = unknown;
      for (const table of tables) count += perTable.get(table) ?? 0;
      // Asking SQLite costs as much as a small query, so it is asked at most every DATA_VERSION_EVERY_MS.
      const now = performance.now();
      if (now - dataVersionReadAt >= DATA_VERSION_EVERY_MS) {
        dataVersion = dataVersionQuery.get() as number;
        dataVersionReadAt = now;
      }
      return { dataVersion, writes: count };
    },
    inTransaction: () => sqlite.inTransaction,
  };
  return {
    writes,
    /**
     * Called with every statement about to run. `readonly` is SQLite's own verdict: true for reads
     * and transaction control, false for every write, RETURNING or not.
     */
    noteStatement(sql: string, readonly: boolean): void {
      if (readonly) return;
      const table = WRITTEN_TABLE.exec(sql)?.[1];
      if (table) perTable.set(table, (perTable.get(table) ?? 0) + 1);
      else unknown += 1;
    },
    /** Makes the counts known to caches for this database (and its transactions). */
    register(db: Db): void {
      trackers.set(db.getExecutor().adapter, writes);
    },
  };
}

/** The write counts of a SQLite database; undefined on PostgreSQL, where other instances write too. */
export const sqliteWritesOf = (db: Db): SqliteWrites | undefined => trackers.get(db.getExecutor().adapter);
