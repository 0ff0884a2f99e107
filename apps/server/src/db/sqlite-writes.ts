import type SQLite from 'better-sqlite3';
import { GROUP_SCOPED_TABLES, groupKey } from './group-scoped-tables';
import type { Db } from './schema';

/** Where a table may have changed since: compare two stamps of the same tables; equal means unchanged. */
export interface WriteStamp {
  /** SQLite's count of commits by other connections (another process on the same file), read at most every DATA_VERSION_EVERY_MS. */
  dataVersion: number;
  /** Statements of this connection that wrote to the tables (or to a table it could not tell). */
  writes: number;
}

export const sameStamp = (a: WriteStamp, b: WriteStamp) => a.dataVersion === b.dataVersion && a.writes === b.writes;

/** What `track` saw while its work ran. */
export interface TrackedRead<T> {
  value: T;
  /** Every table read while the work ran, by it or by anyone else meanwhile (never fewer than it read). */
  tables: string[];
  /** The stamp of `tables` from before the work, when nothing was written meanwhile and no transaction was open; else undefined. */
  stamp: WriteStamp | undefined;
}

export interface SqliteWrites {
  /**
   * The stamp of `tables`: table names, or a group-scoped table's writes in one group as named by
   * groupKey (db/group-scoped-tables.ts), which never match until `countGroupWrites` has run.
   */
  stamp(tables: readonly string[]): WriteStamp;
  /**
   * From now on counts the writes to each group-scoped table per group as well, by triggers of this
   * connection only (other processes' writes are seen by their commit count); once the schema is migrated.
   */
  countGroupWrites(): void;
  inTransaction(): boolean;
  /** Tells the reads in progress (see `track`) that rows of these tables were used without a statement (rows kept in memory). */
  noteRead(tables: readonly string[]): void;
  /**
   * Runs `work`, noting every table the statements run meanwhile read or write; `stampOf` turns
   * them into what the stamp counts (a group's writes, say) and is reported as `tables`.
   */
  track<T>(work: () => Promise<T>, stampOf?: (tables: string[]) => string[]): Promise<TrackedRead<T>>;
}

const WRITTEN_TABLE = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?(\w+)"?/i;
const WORD = /\w+/g;
/** A statement that changes the schema: tables, columns, indexes. */
export const SCHEMA_CHANGE = /^\s*(?:create|alter|drop)\s/i;
/** Foreign keys whose action writes to the child table when the parent row is deleted or its key updated. */
const WRITING_ACTIONS = new Set(['CASCADE', 'SET NULL', 'SET DEFAULT']);

/**
 * How often SQLite is asked whether another process committed to the file (a backup tool, an
 * operator's sqlite3 shell): such a write is seen within this time; the server's own writes at once.
 */
export const DATA_VERSION_EVERY_MS = 100;

/** How many statements' table lists are remembered (as many as the statement cache keeps, and then some). */
const TABLE_LISTS_KEPT = 1_000;

const trackers = new WeakMap<object, SqliteWrites>();

/**
 * Counts, per table, the writing statements run on the server's one SQLite connection (told by the
 * statement cache before each runs), so that rows kept between requests can be checked against them.
 * A writing statement whose table it cannot tell counts against every table.
 */
export function createSqliteWrites(sqlite: SQLite.Database) {
  const perTable = new Map<string, number>();
  let unknown = 0;
  /** Every writing statement, whatever its table. */
  let total = 0;
  const dataVersionQuery = sqlite.prepare('pragma data_version').pluck();
  let dataVersion = 0;
  let dataVersionReadAt = -Infinity;
  /** The tables seen by each read in progress. */
  const tracking = new Set<Set<string>>();
  const tableNamesQuery = sqlite.prepare("select name from sqlite_master where type in ('table', 'view')").pluck();
  const tableLists = new Map<string, string[]>();
  const foreignKeysQuery = sqlite.prepare(
    `select m.name as child, k."table" as parent, k.on_delete as onDelete, k.on_update as onUpdate
       from sqlite_master m join pragma_foreign_key_list(m.name) k where m.type = 'table'`,
  );
  /** Per table, the tables a write to it may also write to through foreign key actions (itself included); rebuilt after a schema change. */
  let reachOf: Map<string, string[]> | undefined;

  function foreignKeyReach(): Map<string, string[]> {
    const children = new Map<string, Set<string>>();
    for (const key of foreignKeysQuery.all() as { child: string; parent: string; onDelete: string; onUpdate: string }[]) {
      if (!WRITING_ACTIONS.has(key.onDelete) && !WRITING_ACTIONS.has(key.onUpdate)) continue;
      const parent = key.parent.toLowerCase();
      if (!children.has(parent)) children.set(parent, new Set());
      children.get(parent)!.add(key.child.toLowerCase());
    }
    const reach = new Map<string, string[]>();
    for (const table of children.keys()) {
      const seen = new Set([table]);
      for (const reached of seen) for (const child of children.get(reached) ?? []) seen.add(child);
      reach.set(table, [...seen]);
    }
    return reach;
  }

  function countWrite(table: string) {
    perTable.set(table, (perTable.get(table) ?? 0) + 1);
  }

  /** Per `table@group` (db/group-scoped-tables.ts), the rows of that group written through this connection. */
  const perGroup = new Map<string, number>();
  /** Whether this connection's triggers count perGroup; until then, and after a schema change, group stamps never match. */
  let groupsCounted = false;

  function countGroupWrites() {
    sqlite.function('note_group_write', { deterministic: false }, (table: unknown, groupId: unknown) => {
      const key = groupKey(String(table), typeof groupId === 'string' ? groupId : '');
      perGroup.set(key, (perGroup.get(key) ?? 0) + 1);
      return null;
    });
    const existing = new Set((tableNamesQuery.all() as string[]).map((name) => name.toLowerCase()));
    for (const [table, groupOf] of Object.entries(GROUP_SCOPED_TABLES)) {
      if (!existing.has(table)) continue;
      const note = (row: string) => `select note_group_write('${table}', ${groupOf(row)});`;
      // TEMP: the triggers live on this connection only, so another process writing the file needs no such function.
      sqlite.exec(`
        create temp trigger if not exists "note_group_insert_${table}" after insert on main."${table}" begin ${note('new')} end;
        create temp trigger if not exists "note_group_update_${table}" after update on main."${table}" begin ${note('old')} ${note('new')} end;
        create temp trigger if not exists "note_group_delete_${table}" after delete on main."${table}" begin ${note('old')} end;`);
    }
    groupsCounted = true;
  }

  /**
   * The tables a statement names: each word of it that is a table's name (a column named like a
   * table only adds one). A statement can only name tables that exist when it is prepared.
   */
  function tablesOf(sql: string): string[] {
    let tables = tableLists.get(sql);
    if (!tables) {
      const names = new Set((tableNamesQuery.all() as string[]).map((name) => name.toLowerCase()));
      tables = [...new Set(sql.toLowerCase().match(WORD) ?? [])].filter((word) => names.has(word));
      if (tableLists.size >= TABLE_LISTS_KEPT) tableLists.delete(tableLists.keys().next().value as string);
      tableLists.set(sql, tables);
    }
    return tables;
  }

  const writes: SqliteWrites = {
    stamp(tables) {
      let count = unknown;
      for (const table of tables) {
        // A group's writes when counted; else NaN, which equals no stamp, so nothing is kept by them.
        if (table.includes('@')) count += groupsCounted ? (perGroup.get(table) ?? 0) : NaN;
        else count += perTable.get(table) ?? 0;
      }
      // Asking SQLite costs as much as a small query, so it is asked at most every DATA_VERSION_EVERY_MS.
      const now = performance.now();
      if (now - dataVersionReadAt >= DATA_VERSION_EVERY_MS) {
        dataVersion = dataVersionQuery.get() as number;
        dataVersionReadAt = now;
      }
      return { dataVersion, writes: count };
    },
    countGroupWrites,
    inTransaction: () => sqlite.inTransaction,
    noteRead(tables) {
      for (const seen of tracking) for (const table of tables) seen.add(table);
    },
    async track(work, stampOf) {
      const seen = new Set<string>();
      const totalBefore = total;
      const clean = !sqlite.inTransaction;
      const before = writes.stamp([]);
      tracking.add(seen);
      let value;
      try {
        value = await work();
      } finally {
        tracking.delete(seen);
      }
      const tables = stampOf ? stampOf([...seen]) : [...seen];
      const unchanged = clean && !sqlite.inTransaction && total === totalBefore && sameStamp(writes.stamp([]), before);
      const stamp = unchanged ? writes.stamp(tables) : undefined;
      return { value, tables, stamp: stamp && !Number.isNaN(stamp.writes) ? stamp : undefined };
    },
  };
  return {
    writes,
    /**
     * Called with every statement about to run. `readonly` is SQLite's own verdict: true for reads
     * and transaction control, false for every write, RETURNING or not.
     */
    noteStatement(sql: string, readonly: boolean): void {
      if (tracking.size) writes.noteRead(tablesOf(sql));
      if (readonly) return;
      total += 1;
      if (SCHEMA_CHANGE.test(sql)) {
        reachOf = undefined;
        // A table dropped takes its triggers along.
        groupsCounted = false;
      }
      const table = WRITTEN_TABLE.exec(sql)?.[1]?.toLowerCase();
      if (!table) {
        unknown += 1;
        return;
      }
      // A delete or an update may cascade to the tables whose foreign keys point at this one.
      reachOf ??= foreignKeyReach();
      for (const written of reachOf.get(table) ?? [table]) countWrite(written);
    },
    /** Makes the counts known to caches for this database (and its transactions). */
    register(db: Db): void {
      trackers.set(db.getExecutor().adapter, writes);
    },
  };
}

/** The write counts of a SQLite database; undefined on PostgreSQL, where other instances write too. */
export const sqliteWritesOf = (db: Db): SqliteWrites | undefined => trackers.get(db.getExecutor().adapter);
