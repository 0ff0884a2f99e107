import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from './database';
import { withFastRows } from './sqlite-rows';

describe('withFastRows', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec(`create table t (id text primary key, n integer, x real, note text, blob blob);
      insert into t values ('a', 1, 1.5, null, x'00ff'), ('b', 2, null, 'two', null)`);
  });
  afterEach(() => sqlite.close());

  it('gives the very rows better-sqlite3 gives, keys in the same order', () => {
    const sql = 'select * from t where n >= ? order by id';
    const fast = withFastRows(sqlite.prepare(sql)).all([1]);
    const plain = sqlite.prepare(sql).all(1);
    expect(fast).toEqual(plain);
    expect(fast.map((row) => Object.keys(row as object))).toEqual(plain.map((row) => Object.keys(row as object)));
    expect(Object.getPrototypeOf(fast[0])).toBe(Object.prototype);
  });

  it('lets a later column of the same name win, as SQLite rows do', () => {
    const sql = "select id, n, 'later' as id from t order by n";
    expect(withFastRows(sqlite.prepare(sql)).all([])).toEqual(sqlite.prepare(sql).all());
    expect(withFastRows(sqlite.prepare(sql)).all([])[0]).toEqual({ id: 'later', n: 1 });
  });

  it('keeps odd column names as plain keys, __proto__ included', () => {
    const rows = withFastRows(sqlite.prepare(`select 1 as "__proto__", 2 as "a""b", 3 as "x y", 4 as "constructor"`)).all([]);
    const row = rows[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row)).toEqual(['__proto__', 'a"b', 'x y', 'constructor']);
    expect(row['a"b']).toBe(2);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(1);
  });

  it('iterates rows as objects and runs writes with their changes', () => {
    const insert = withFastRows(sqlite.prepare('insert into t (id, n) values (?, ?)'));
    expect(insert.reader).toBe(false);
    expect(insert.readonly).toBe(false);
    expect(insert.run(['c', 3]).changes).toBe(1);
    const select = withFastRows(sqlite.prepare('select id, n from t order by id'));
    expect(select.readonly).toBe(true);
    expect([...select.iterate([])]).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'c', n: 3 },
    ]);
  });

  it('answers a write that returns rows with objects', () => {
    const update = withFastRows(sqlite.prepare('update t set n = n + 10 where id = ? returning id, n'));
    expect(update.reader).toBe(true);
    expect(update.all(['a'])).toEqual([{ id: 'a', n: 11 }]);
  });

  it("follows a table's new columns, whether the schema changed on this connection or another", async () => {
    const handle = openDatabase({ kind: 'sqlite', file: ':memory:' });
    try {
      await sql`create table t (id text primary key)`.execute(handle.db);
      await sql`insert into t values ('a')`.execute(handle.db);
      const read = async () => (await sql`select * from t`.execute(handle.db)).rows;
      expect(await read()).toEqual([{ id: 'a' }]);
      await sql`alter table t add column n integer default 7`.execute(handle.db);
      expect(await read()).toEqual([{ id: 'a', n: 7 }]);
    } finally {
      await handle.close();
    }
    const statement = withFastRows(sqlite.prepare('select * from t order by id'));
    expect(statement.all([])[0]).toEqual({ id: 'a', n: 1, x: 1.5, note: null, blob: Buffer.from([0, 255]) });
    sqlite.exec('alter table t add column extra text');
    expect(statement.all([])[0]).toEqual({ id: 'a', n: 1, x: 1.5, note: null, blob: Buffer.from([0, 255]), extra: null });
  });
});
