// The bench's own connection to the server's database, for bulk loading and reading row templates.
// SQLite: a throwaway data dir. PostgreSQL: a throwaway database beside the one in the URL.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { onCleanup } from './processes.mjs';

const SQLITE_ROWS_PER_INSERT = 500;
const PG_ROWS_PER_INSERT = 20_000;

const columnsOf = (rows) => Object.keys(rows[0]);

/** Rows in key order (first column, then second), so the primary and unique index inserts append rather than scatter. */
const inKeyOrder = (rows) => {
  const [first, second] = columnsOf(rows);
  const compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows].sort((a, b) => compare(a[first], b[first]) || compare(a[second], b[second]));
};

/** A fresh SQLite data dir; `env` starts the server on it; removed by destroy() or at clean-up. */
export function sqliteDatabase(label) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `smm-bench-${label}-`));
  let connection;
  const remove = onCleanup(() => {
    connection?.close();
    connection = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const open = () => {
    if (!connection) {
      connection = new SQLite(path.join(dataDir, 'smm.sqlite'));
      connection.pragma('busy_timeout = 10000');
      // Loading only: a large page cache for the random-order index inserts, and no fsync per commit.
      connection.pragma('cache_size = -262144');
      connection.pragma('synchronous = off');
    }
    return connection;
  };
  return {
    engine: 'sqlite',
    env: { DATA_DIR: dataDir },
    async one(sql, params = []) {
      return open()
        .prepare(sql)
        .get(...params);
    },
    async all(sql, params = []) {
      return open()
        .prepare(sql)
        .all(...params);
    },
    async run(sql, params = []) {
      open()
        .prepare(sql)
        .run(...params);
    },
    /** Multi-row inserts inside one transaction. */
    async insert(table, rows) {
      if (rows.length === 0) return;
      // The load below holds the event loop; let a pending Ctrl-C be handled between tables.
      await new Promise((resolve) => setImmediate(resolve));
      const db = open();
      const columns = columnsOf(rows);
      rows = inKeyOrder(rows);
      const statement = (count) =>
        db.prepare(
          `insert into ${table} (${columns.join(', ')}) values ${Array(count)
            .fill(`(${columns.map(() => '?').join(', ')})`)
            .join(', ')}`,
        );
      const full = statement(Math.min(SQLITE_ROWS_PER_INSERT, rows.length));
      db.transaction(() => {
        for (let start = 0; start < rows.length; start += SQLITE_ROWS_PER_INSERT) {
          const batch = rows.slice(start, start + SQLITE_ROWS_PER_INSERT);
          const values = batch.flatMap((row) => columns.map((column) => row[column]));
          (batch.length === SQLITE_ROWS_PER_INSERT ? full : statement(batch.length)).run(...values);
        }
      })();
    },
    async analyze() {
      // SQLite keeps no statistics unless asked; a server's database has none either.
    },
    /** Closes the connection and removes the data dir (once the server has stopped). */
    destroy: remove,
  };
}

/** A fresh PostgreSQL database named after this run, dropped by destroy() or at clean-up. */
export async function postgresDatabase(url, label) {
  const name = `smm_bench_${process.pid}_${label}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  // The server still keeps its mail outbox in a data dir.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `smm-bench-${label}-`));
  let pool;
  const remove = onCleanup(async () => {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pool?.end();
    pool = undefined;
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const open = () => (pool ??= new pg.Pool({ connectionString: databaseUrl.toString(), max: 2 }));
  const numbered = (sql) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${(n += 1)}`);
  };
  return {
    engine: 'postgres',
    env: { DATABASE_URL: databaseUrl.toString(), DATA_DIR: dataDir },
    async one(sql, params = []) {
      return (await open().query(numbered(sql), params)).rows[0];
    },
    async all(sql, params = []) {
      return (await open().query(numbered(sql), params)).rows;
    },
    async run(sql, params = []) {
      await open().query(numbered(sql), params);
    },
    /** One insert per batch from column arrays (unnest), inside one transaction. */
    async insert(table, rows) {
      if (rows.length === 0) return;
      const columns = columnsOf(rows);
      rows = inKeyOrder(rows);
      const client = await open().connect();
      try {
        const types = new Map(
          (await client.query('select column_name, data_type from information_schema.columns where table_name = $1', [table])).rows.map(
            (r) => [r.column_name, r.data_type],
          ),
        );
        const arrays = columns.map((column, i) => `$${i + 1}::${types.get(column)}[]`);
        const statement = `insert into ${table} (${columns.join(', ')}) select * from unnest(${arrays.join(', ')})`;
        const { rolsuper } = (await client.query('select rolsuper from pg_roles where rolname = current_user')).rows[0] ?? {};
        await client.query('begin');
        await client.query('set local synchronous_commit = off');
        // Rows are consistent by construction: a superuser skips the per-row foreign key triggers.
        if (rolsuper) await client.query('set local session_replication_role = replica');
        for (let start = 0; start < rows.length; start += PG_ROWS_PER_INSERT) {
          const batch = rows.slice(start, start + PG_ROWS_PER_INSERT);
          await client.query(
            statement,
            columns.map((column) => batch.map((row) => row[column])),
          );
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },
    /** What autovacuum does on its own after a load this size: table statistics for the planner. */
    async analyze() {
      await open().query('analyze');
    },
    /** Closes the pool and drops the database (once the server has stopped). */
    destroy: remove,
  };
}
