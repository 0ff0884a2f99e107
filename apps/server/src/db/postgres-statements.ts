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

    // A transaction's `begin` waits for its first statement and leaves in the same write as it
    // (the client pipelines: it sends without waiting for the answer before). Each statement sent
    // alone wakes a backend, and on this machine that costs more than the statement's work.
    let pendingBegin: string | undefined;

    /** Sends the statement, by name from its second run; not awaited, so that a pending `begin` can go in the same write. */
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

    async function sendAfterBegin(begin: string, text: string, values: readonly unknown[]): Promise<QueryResult> {
      const stream = client.connection.stream;
      stream.cork();
      let began: Promise<QueryResult>;
      let answered: Promise<QueryResult>;
      try {
        began = client.query(begin);
        answered = send(text, values);
      } finally {
        stream.uncork();
      }
      // Both are awaited, so neither failure goes unheard; a failed `begin` fails the statement behind it anyway.
      const [beginning, answer] = await Promise.allSettled([began, answered]);
      if (beginning.status === 'rejected') throw beginning.reason;
      if (answer.status === 'rejected') throw answer.reason;
      return answer.value;
    }

    function run(text: string, values: readonly unknown[]): Promise<QueryResult> {
      onStatement?.(text);
      if (BEGIN.test(text)) {
        inTransaction = true;
        pendingBegin = text;
        return Promise.resolve(unsent('BEGIN'));
      }
      if (END.test(text)) {
        inTransaction = false;
        // Nothing ran in the transaction: there is nothing to commit or roll back.
        if (pendingBegin !== undefined) {
          pendingBegin = undefined;
          return Promise.resolve(unsent(text.toUpperCase()));
        }
        return send(text, values);
      }
      if (pendingBegin === undefined) return send(text, values);
      const begin = pendingBegin;
      pendingBegin = undefined;
      return sendAfterBegin(begin, text, values);
    }

    return {
      query: ((textOrCursor: unknown, values?: readonly unknown[]) =>
        typeof textOrCursor === 'string' ? run(textOrCursor, values ?? []) : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'],
      release: () => {
        inTransaction = false;
        pendingBegin = undefined;
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
