import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type KyselyConfig } from 'kysely';
import type { Database, Db } from './schema';
import { postgresDriver } from './postgres-driver';
import { withNamedStatements } from './postgres-statements';
import { createPostgresReads, registerPostgresReads } from './table-versions';
import { withFastRows, type DriverStatement } from './sqlite-rows';
import { createSqliteWrites, SCHEMA_CHANGE } from './sqlite-writes';

/** Told of every query the database runs and how long it took (tests count them and explain their plans). */
export type QueryListener = (query: CompiledQuery, durationMs: number) => void;

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string; onQuery?: QueryListener }
  // onConnectionError: told when a pooled PostgreSQL connection breaks (server restarted, network gone).
  | { kind: 'postgres'; url: string; schema?: string; max?: number; onConnectionError?: (error: Error) => void; onQuery?: QueryListener };

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}

/** How many prepared statements the SQLite connection keeps; lists of ids make some queries vary in length. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew; under load that was an eighth of the server's CPU (a profile of
 * the games list). The single connection runs one query at a time, so a statement is safe to reuse.
 */
function withStatementCache(sqlite: SQLite.Database, onStatement: (sql: string, readonly: boolean) => void) {
  const cache = new Map<string, DriverStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql);
      } else {
        // A cached statement's rows take the columns its table had when it was prepared.
        if (SCHEMA_CHANGE.test(sql)) cache.clear();
        statement = withFastRows(sqlite.prepare(sql));
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      cache.set(sql, statement);
      // Kysely prepares each statement just before it runs it.
      onStatement(sql, statement.readonly);
      return statement;
    },
  };
}

/** Kysely's log hook, only when someone listens: it sees every query, built or compiled ahead. */
function queryLog(onQuery: QueryListener | undefined): Pick<KyselyConfig, 'log'> {
  return onQuery ? { log: (event) => onQuery(event.query, event.queryDurationMillis) } : {};
}

/** Only the server's own user may enter the data dir or read its files: they hold password hashes, the signing secret and reset links. */
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** Makes the directory (and missing parents) 0700, and tightens it if it exists with a looser mode. */
export function preparePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  if ((fs.statSync(dir).mode & 0o777) !== PRIVATE_DIR_MODE) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates the database file 0600 before SQLite opens it, and tightens it and its -wal and -shm if
 * an older version left them readable. SQLite gives the -wal and -shm it creates the database
 * file's mode, so they are born 0600 too.
 */
function makeDatabaseFilesPrivate(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const companion of [file, `${file}-wal`, `${file}-shm`]) {
    try {
      if ((fs.statSync(companion).mode & 0o777) !== PRIVATE_FILE_MODE) fs.chmodSync(companion, PRIVATE_FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Opens SQLite (WAL, file under the data dir) or PostgreSQL, behind one Kysely interface. */
export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  if (config.kind === 'sqlite') {
    if (config.file !== ':memory:') makeDatabaseFilesPrivate(config.file);
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    // SQLite's own default page cache (2 MB) instead of better-sqlite3's 16 MB: the operating
    // system caches the file too, and answers kept between requests spare most reads.
    sqlite.pragma('cache_size = -2000');
    const writes = createSqliteWrites(sqlite);
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, writes.noteStatement) }),
      ...queryLog(config.onQuery),
    });
    writes.register(db);
    return { db, kind: 'sqlite', close: () => db.destroy() };
  }
  const pool = new (postgresDriver().Pool)({
    connectionString: config.url,
    max: config.max ?? 10,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    // Waiting for a connection never hangs a request: after this it fails (503) instead.
    connectionTimeoutMillis: 10_000,
    // A statement may be sent before the answer to the one before it: a transaction's `begin` goes
    // with its first statement (postgres-statements.ts).
    pipeline: true,
  });
  // A broken connection is an 'error' event; with no listener Node would end the process. The pool
  // drops a broken idle client itself; a checked-out one fails its next query and is dropped on release.
  pool.on('error', (error) => config.onConnectionError?.(error));
  pool.on('connect', (client) => client.on('error', () => undefined));
  const reads = createPostgresReads();
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withNamedStatements(pool, reads.noteStatement) }),
    ...queryLog(config.onQuery),
  });
  registerPostgresReads(db, reads);
  return { db, kind: 'postgres', close: () => db.destroy() };
}
