import { PostgresAdapter, type CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import { SENT_WITH_NEXT } from './postgres-statements';
import type { Db } from './schema';

/** A value the query is run with: ids and text, numbers (times, counts), or null for a column left empty. */
type Argument = string | number | null;

/** Stands for the i-th argument while the query is built; never a value a caller could pass. */
const placeholder = (i: number) => `\u0000precompiled:${i}\u0000`;

interface Template {
  query: CompiledQuery;
  /** The query as a write sent with the transaction's next statement: marked on PostgreSQL, as it is on SQLite. */
  withNext: string;
  /** For each bound parameter: the argument it takes, or -1 for a value fixed in the query itself. */
  slots: number[];
}

/**
 * A query built and compiled once per database, then run with new arguments: the hottest reads
 * (the caller's account, the group and the caller's membership, read by nearly every request)
 * skip Kysely's building and compiling, which was a fifth of the server's CPU under load.
 * Arguments are bound as parameters exactly like the built query's values.
 */
export function precompiled<Row>(arity: number, build: (db: Db, ...args: string[]) => Compilable<Row>) {
  // Per adapter: SQLite and PostgreSQL spell the same query differently; transactions share their database's adapter.
  const templates = new WeakMap<object, Template>();

  function template(db: Db): Template {
    const adapter = db.getExecutor().adapter;
    let found = templates.get(adapter);
    if (!found) {
      const placeholders = Array.from({ length: arity }, (_, i) => placeholder(i));
      const query = build(db, ...placeholders).compile();
      const withNext = adapter instanceof PostgresAdapter ? SENT_WITH_NEXT + query.sql : query.sql;
      found = { query, withNext, slots: query.parameters.map((value) => placeholders.indexOf(value as string)) };
      templates.set(adapter, found);
    }
    return found;
  }

  function run(db: Db, args: readonly Argument[], withNext = false): Promise<QueryResult<Row>> {
    const { query, slots, withNext: marked } = template(db);
    const parameters = slots.map((slot, i) => (slot === -1 ? query.parameters[i] : args[slot]));
    return db.executeQuery<Row>(withNext ? { ...query, sql: marked, parameters } : { ...query, parameters });
  }
  const all = async (db: Db, ...args: Argument[]): Promise<Row[]> => (await run(db, args)).rows;

  return {
    all,
    first: async (db: Db, ...args: Argument[]): Promise<Row | undefined> => (await all(db, ...args))[0],
    /** For a write: how many rows it changed. */
    changed: async (db: Db, ...args: Argument[]): Promise<number> => Number((await run(db, args)).numAffectedRows ?? 0),
    /**
     * For a write in a transaction whose outcome nobody reads: on PostgreSQL it leaves in the same
     * write as the transaction's next statement (SENT_WITH_NEXT), a round trip fewer; its failure
     * is that statement's, and rolls the transaction back all the same.
     */
    sentWithNext: async (db: Db, ...args: Argument[]): Promise<void> => {
      await run(db, args, true);
    },
  };
}

/** Lists longer than this are built for each call: a page of games or events is far shorter. */
const LONGEST_COMPILED_LIST = 100;

/**
 * A query over a list of ids (`where … in (…)`), compiled once per length of the list, then run
 * like `precompiled`: a page of 25 games reads its members, proposals and rating changes without
 * building them again. The other arguments follow the list.
 */
export function precompiledForIds<Row>(arity: number, build: (db: Db, ids: readonly string[], ...args: string[]) => Compilable<Row>) {
  const byLength = new Map<number, ReturnType<typeof precompiled<Row>>>();

  function statement(length: number) {
    let found = byLength.get(length);
    if (!found) {
      found = precompiled<Row>(length + arity, (db, ...placeholders) =>
        build(db, placeholders.slice(0, length), ...placeholders.slice(length)),
      );
      byLength.set(length, found);
    }
    return found;
  }

  return {
    async all(db: Db, ids: readonly string[], ...args: Argument[]): Promise<Row[]> {
      if (ids.length === 0) return [];
      if (ids.length > LONGEST_COMPILED_LIST) {
        // The built query binds the arguments as values, as the compiled one would.
        return (await db.executeQuery<Row>(build(db, ids, ...(args as string[])).compile())).rows;
      }
      return statement(ids.length).all(db, ...ids, ...args);
    },
  };
}

/**
 * A list of every column of a row type, for a statement compiled once over all of them: a column
 * added to the type and left out of the list fails to compile (the list's type names it).
 */
export function everyColumn<Row>() {
  return <const Columns extends readonly (keyof Row)[]>(
    columns: Columns & ([Exclude<keyof Row, Columns[number]>] extends [never] ? unknown : { missing: Exclude<keyof Row, Columns[number]> }),
  ): Columns => columns;
}
