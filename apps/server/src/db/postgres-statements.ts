import type Pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** At most this many statements are prepared by name on each connection; the rest are parsed and planned every time. */
const MOST_NAMED_STATEMENTS = 300;
/** A statement is named from its second run: one-off statements (migrations, long id lists) stay unnamed. */
const RUNS_BEFORE_NAMING = 2;
/** "cached plan must not change result type": a table a prepared `select *` reads has changed shape. */
const FEATURE_NOT_SUPPORTED = '0A000';

interface Seen {
  runs: number;
  name?: string;
}

type QueryResult = Pg.QueryResult;

const BEGIN = /^(begin|start transaction)\b/i;
const END = /^(commit|rollback)$/i;
const ROLLBACK = /^rollback$/i;

/**
 * Marks a write inside a transaction whose answer nobody reads: it is held and leaves in the same
 * write as the transaction's next statement, `commit` included. A failure of the write is the
 * failure of that next statement, and the transaction rolls back as if the write itself had thrown.
 * Only for writes no caller catches a failure of, and whose answer (rows, count) is not read.
 */
export const SENT_WITH_NEXT = '/* sent with the next statement */ ';

/** What a held write answers at once: no rows, and no count of rows changed (a command that changes none). */
const HELD = 'HELD';

interface Held {
  text: string;
  values: readonly unknown[];
  begin?: boolean;
}

/** What a statement that was not sent answers: no rows. */
const unsent = (command: string): QueryResult => ({ command, rowCount: null, oid: 0, fields: [], rows: [] });

/**
 * Kysely sends every statement unnamed, so PostgreSQL parses and plans it anew each time: under the
 * mixed day that was three quarters of PostgreSQL's CPU (about 0.3 ms a statement against 0.02 ms
 * executing it), on a machine where the server and PostgreSQL share the cores. Statements run more
 * than once are instead prepared by name on each connection, once, and then only bound and executed;
 * PostgreSQL keeps a generic plan for those whose plan does not depend on the values.
 */
export function withNamedStatements(pool: Pg.Pool, onStatement?: (text: string) => void): PostgresPool {
  const seen = new Map<string, Seen>();
  let named = 0;
  const clients = new WeakMap<Pg.PoolClient, PostgresPoolClient>();

  function nameFor(text: string): string | undefined {
    let entry = seen.get(text);
    if (!entry) {
      if (seen.size >= MOST_NAMED_STATEMENTS * 4) return undefined;
      seen.set(text, (entry = { runs: 0 }));
    }
    entry.runs += 1;
    if (!entry.name && entry.runs >= RUNS_BEFORE_NAMING && named < MOST_NAMED_STATEMENTS) {
      named += 1;
      entry.name = `smm_${named}`;
    }
    return entry.name;
  }

  function wrap(client: Pg.PoolClient): PostgresPoolClient {
    let inTransaction = false;
    // Set when a prepared statement no longer fits its table: the connection is closed on release,
    // so the next one prepares afresh.
    let stale = false;

    // Statements whose answers nobody waits for: a transaction's `begin`, and the writes marked
    // SENT_WITH_NEXT. They leave in the same write as the next statement that is waited for (the
    // client pipelines: it sends without waiting for the answer before). Each statement sent alone
    // wakes a backend, and on this machine that costs more than the statement's work.
    let held: Held[] = [];

    /** Sends the statement, by name from its second run; not awaited, so that held statements can go in the same write. */
    function send(text: string, values: readonly unknown[]): Promise<QueryResult> {
      const name = values.length > 0 ? nameFor(text) : undefined;
      if (!name) return client.query(text, values as unknown[]);
      return client.query({ name, text, values: values as unknown[] }).catch((error: unknown) => {
        if ((error as { code?: string }).code !== FEATURE_NOT_SUPPORTED) throw error;
        stale = true;
        // Outside a transaction the statement can simply run again unnamed; inside, the transaction has failed.
        if (inTransaction) throw error;
        return client.query(text, values as unknown[]);
      });
    }

    async function sendWithHeld(text: string, values: readonly unknown[]): Promise<QueryResult> {
      const statements = [...held, { text, values }];
      held = [];
      const stream = client.connection.stream;
      stream.cork();
      const sent: Promise<QueryResult>[] = [];
      try {
        for (const statement of statements) sent.push(send(statement.text, statement.values));
      } finally {
        stream.uncork();
      }
      // All are awaited, so no failure goes unheard. The first is the cause: the statements behind a
      // failed one fail only because its transaction has (and a `commit` behind it rolls back).
      const settled = await Promise.allSettled(sent);
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      return (settled.at(-1) as PromiseFulfilledResult<QueryResult>).value;
    }

    function end(text: string, values: readonly unknown[]): Promise<QueryResult> {
      const wasOpen = inTransaction;
      inTransaction = false;
      const beganOnServer = held[0]?.begin !== true;
      // Nothing was sent: there is nothing to commit or roll back. A rollback after a failed commit
      // has nothing left to end either.
      if (!wasOpen || (!beganOnServer && (held.length === 1 || ROLLBACK.test(text)))) {
        held = [];
        return Promise.resolve(unsent(text.toUpperCase()));
      }
      // What is held would be rolled back with the rest.
      if (ROLLBACK.test(text)) held = [];
      return held.length === 0 ? send(text, values) : sendWithHeld(text, values);
    }

    function run(text: string, values: readonly unknown[]): Promise<QueryResult> {
      onStatement?.(text);
      if (BEGIN.test(text)) {
        inTransaction = true;
        held = [{ text, values: [], begin: true }];
        return Promise.resolve(unsent('BEGIN'));
      }
      if (END.test(text)) return end(text, values);
      if (inTransaction && text.startsWith(SENT_WITH_NEXT)) {
        held.push({ text, values });
        return Promise.resolve(unsent(HELD));
      }
      return held.length === 0 ? send(text, values) : sendWithHeld(text, values);
    }

    return {
      query: ((textOrCursor: unknown, values?: readonly unknown[]) =>
        typeof textOrCursor === 'string'
          ? run(textOrCursor, values ?? [])
          : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'],
      release: () => {
        inTransaction = false;
        held = [];
        client.release(stale);
      },
    };
  }

  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}
