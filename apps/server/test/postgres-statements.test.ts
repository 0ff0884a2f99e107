import net from 'node:net';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database';
import { SENT_WITH_NEXT } from '../src/db/postgres-statements';

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

/** A TCP relay to PostgreSQL that counts the writes the server's client sends (each arrives as one chunk on loopback). */
async function relay(target: URL) {
  let chunks = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    client.on('data', (chunk) => {
      chunks += 1;
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    chunks: () => chunks,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!url)('transactions on PostgreSQL', () => {
  const txSchema = `transactions_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let tunnel: Awaited<ReturnType<typeof relay>>;
  let relayed: DatabaseHandle;
  /** A second pool straight to PostgreSQL: what other servers see. */
  let direct: DatabaseHandle;
  const names = async () => (await sql<{ id: string }>`select id from notes order by id`.execute(direct.db)).rows.map((row) => row.id);

  beforeAll(async () => {
    await admin(`create schema ${txSchema}`);
    tunnel = await relay(new URL(url!));
    relayed = openDatabase({ kind: 'postgres', url: tunnel.url, schema: txSchema, max: 1 });
    direct = openDatabase({ kind: 'postgres', url: url!, schema: txSchema, max: 2 });
    await sql`create table notes (id text primary key)`.execute(direct.db);
  });
  afterAll(async () => {
    await relayed?.close();
    await direct?.close();
    await tunnel?.close();
    await admin(`drop schema ${txSchema} cascade`);
  });

  it("sends a transaction's begin in the same write as its first statement", async () => {
    await sql`select 1`.execute(relayed.db); // connected
    const before = tunnel.chunks();
    await relayed.db.transaction().execute(async (trx) => {
      await sql`insert into notes (id) values (${'t1'})`.execute(trx);
      await sql`insert into notes (id) values (${'t2'})`.execute(trx);
    });
    // begin with the first insert, the second insert, commit
    expect(tunnel.chunks() - before).toBe(3);
    expect(await names()).toEqual(['t1', 't2']);
  });

  it('still opens the transaction: what it writes is seen by others only once it commits', async () => {
    let seenInside: string[] = [];
    await relayed.db.transaction().execute(async (trx) => {
      await sql`insert into notes (id) values (${'t3'})`.execute(trx);
      seenInside = await names();
    });
    expect(seenInside).toEqual(['t1', 't2']);
    expect(await names()).toEqual(['t1', 't2', 't3']);
  });

  it('rolls back everything when a later statement fails, and when the first one does', async () => {
    await expect(
      relayed.db.transaction().execute(async (trx) => {
        await sql`insert into notes (id) values (${'t4'})`.execute(trx);
        await sql`insert into notes (id) values (${'t1'})`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      relayed.db.transaction().execute(async (trx) => {
        await sql`insert into notes (id) values (${'t1'})`.execute(trx);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await names()).toEqual(['t1', 't2', 't3']);
    // The one connection is usable afterwards and not left inside a transaction.
    await sql`insert into notes (id) values (${'t5'})`.execute(relayed.db);
    expect(await names()).toEqual(['t1', 't2', 't3', 't5']);
  });

  it('sends nothing for a transaction that ran no statement', async () => {
    const before = tunnel.chunks();
    expect(await relayed.db.transaction().execute(async () => 'done')).toBe('done');
    await expect(
      relayed.db.transaction().execute(async () => {
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(tunnel.chunks()).toBe(before);
    expect((await sql<{ one: number }>`select 1 as one`.execute(relayed.db)).rows).toEqual([{ one: 1 }]);
  });

  describe('a write whose answer nobody reads', () => {
    const held = (id: string) => sql`${sql.raw(SENT_WITH_NEXT)}insert into notes (id) values (${id})`;
    const insert = (id: string) => sql`insert into notes (id) values (${id})`;

    it('leaves in the same write as the next statement, or as the commit', async () => {
      await sql`delete from notes`.execute(direct.db);
      let before = tunnel.chunks();
      await relayed.db.transaction().execute(async (trx) => {
        await held('h1').execute(trx);
        await insert('h2').execute(trx);
      });
      // begin, the held insert and the second insert together; then commit
      expect(tunnel.chunks() - before).toBe(2);
      before = tunnel.chunks();
      await relayed.db.transaction().execute(async (trx) => {
        await insert('h3').execute(trx);
        await held('h4').execute(trx);
      });
      // begin with the first insert; the held insert with the commit
      expect(tunnel.chunks() - before).toBe(2);
      before = tunnel.chunks();
      await relayed.db.transaction().execute(async (trx) => {
        await held('h5').execute(trx);
        await held('h6').execute(trx);
      });
      expect(tunnel.chunks() - before).toBe(1);
      expect(await names()).toEqual(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
    });

    it('fails the transaction with its own error, whether a statement or the commit follows', async () => {
      await sql`delete from notes`.execute(direct.db);
      await insert('x1').execute(direct.db);
      await expect(
        relayed.db.transaction().execute(async (trx) => {
          await insert('x2').execute(trx);
          await held('x1').execute(trx);
          await insert('x3').execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505', constraint: 'notes_pkey' });
      await expect(
        relayed.db.transaction().execute(async (trx) => {
          await insert('x4').execute(trx);
          await held('x1').execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505', constraint: 'notes_pkey' });
      await expect(
        relayed.db.transaction().execute(async (trx) => {
          await held('x1').execute(trx);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      expect(await names()).toEqual(['x1']);
      // The connection is out of the transaction and usable.
      await insert('x5').execute(relayed.db);
      expect(await names()).toEqual(['x1', 'x5']);
    });

    it('is never sent when the transaction rolls back before another statement', async () => {
      await sql`delete from notes`.execute(direct.db);
      let before = tunnel.chunks();
      await expect(
        relayed.db.transaction().execute(async (trx) => {
          await held('r1').execute(trx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(tunnel.chunks()).toBe(before);
      before = tunnel.chunks();
      await expect(
        relayed.db.transaction().execute(async (trx) => {
          await insert('r2').execute(trx);
          await held('r3').execute(trx);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // begin with the first insert, then the rollback alone
      expect(tunnel.chunks() - before).toBe(2);
      expect(await names()).toEqual([]);
    });

    it('outside a transaction is sent at once and fails by itself', async () => {
      await sql`delete from notes`.execute(direct.db);
      await held('o1').execute(relayed.db);
      expect(await names()).toEqual(['o1']);
      await expect(held('o1').execute(relayed.db)).rejects.toMatchObject({ code: '23505' });
    });
  });
});
