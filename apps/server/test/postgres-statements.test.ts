import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';

// PostgreSQL only: statements run more than once are prepared by name on their connection.
const url = process.env.TEST_DATABASE_URL;
const schema = `statements_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let handle: DatabaseHandle;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0]!.pid;
const readNote = (id: string) => sql<Record<string, unknown>>`select * from notes where id = ${id}`.execute(handle.db);
/** The statements prepared on the pool's one connection (this query itself is never prepared: it has no values). */
const prepared = async () =>
  (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(handle.db)).rows.map((row) => row.statement);

describe.skipIf(!url)('statements on PostgreSQL', () => {
  beforeAll(async () => {
    await admin(`create schema ${schema}`);
    // One connection, so every statement below runs on the connection that prepared it.
    handle = openDatabase({ kind: 'postgres', url: url!, schema, max: 1 });
    await sql`create table notes (id text primary key, body text not null)`.execute(handle.db);
    await sql`insert into notes (id, body) values ('n1', 'first')`.execute(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await admin(`drop schema ${schema} cascade`);
  });

  it('prepares a statement by name from its second run, once, and answers as before', async () => {
    expect((await readNote('n1')).rows).toEqual([{ id: 'n1', body: 'first' }]);
    expect(await prepared()).toEqual([]);
    expect((await readNote('n1')).rows).toEqual([{ id: 'n1', body: 'first' }]);
    expect((await readNote('n2')).rows).toEqual([]);
    const statements = await prepared();
    expect(statements).toHaveLength(1);
    expect(statements[0]).toMatch(/^select \* from notes where id = \$1$/);
  });

  it('still answers after the table changes shape under a prepared select *, and prepares afresh', async () => {
    const before = await backend();
    await sql`alter table notes add column pinned boolean not null default false`.execute(handle.db);
    expect((await readNote('n1')).rows).toEqual([{ id: 'n1', body: 'first', pinned: false }]);
    // The connection that held the outdated statement was closed; its successor prepares it again.
    expect(await backend()).not.toBe(before);
    expect((await readNote('n1')).rows).toEqual([{ id: 'n1', body: 'first', pinned: false }]);
    expect(await prepared()).toHaveLength(1);
  });

  it('inside a transaction the changed shape fails that transaction only', async () => {
    await readNote('n1');
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`alter table notes add column archived boolean not null default false`.execute(trx);
        return sql`select * from notes where id = ${'n1'}`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '0A000' });
    // The alter was rolled back with it; the next read, on a fresh connection, answers.
    expect((await readNote('n1')).rows).toEqual([{ id: 'n1', body: 'first', pinned: false }]);
  });
});
