import type { Db } from './schema';

/** Keys read by one statement at most: a burst longer than this goes in several. */
const MOST_KEYS = 100;

interface Waiting<Key, Row> {
  key: Key;
  resolve: (row: Row | undefined) => void;
  reject: (error: unknown) => void;
}

interface Queue<Key, Row> {
  waiting: Waiting<Key, Row>[];
  scheduled: boolean;
  inFlight: boolean;
}

/**
 * Reads asked for at about the same time, by many requests, answered by one statement: on
 * PostgreSQL every statement sent wakes a backend, which on this machine costs the server more than
 * the statement's own work. A read waits for the turn of the event loop in which it was asked (so
 * every request whose bytes arrived together goes in one statement), or, while the statement before
 * is out, for that statement's answer; its statement is therefore always sent after it was asked,
 * and sees every write committed before. `read` gets the keys in order and answers, for each, its
 * index in the list with the row.
 */
export function statementBatch<Key, Row>(read: (db: Db, keys: Key[]) => Promise<ReadonlyArray<{ index: number; row: Row }>>) {
  // Per database.
  const queues = new WeakMap<Db, Queue<Key, Row>>();

  async function flush(db: Db, queue: Queue<Key, Row>) {
    queue.scheduled = false;
    const batch = queue.waiting.splice(0, MOST_KEYS);
    if (batch.length === 0) return;
    queue.inFlight = true;
    try {
      const rows = await read(
        db,
        batch.map((waiting) => waiting.key),
      );
      const found = new Array<Row | undefined>(batch.length);
      for (const { index, row } of rows) found[index] = row;
      batch.forEach((waiting, i) => waiting.resolve(found[i]));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      queue.inFlight = false;
      if (queue.waiting.length > 0) schedule(db, queue);
    }
  }

  function schedule(db: Db, queue: Queue<Key, Row>) {
    if (queue.scheduled || queue.inFlight) return;
    queue.scheduled = true;
    setImmediate(() => void flush(db, queue));
  }

  return {
    /** The row of `key`, read with the others asked for meanwhile; undefined when there is none. */
    async load(db: Db, key: Key): Promise<Row | undefined> {
      // A transaction's statements run on its own connection, in its turn.
      if (db.isTransaction) return (await read(db, [key]))[0]?.row;
      let queue = queues.get(db);
      if (!queue) queues.set(db, (queue = { waiting: [], scheduled: false, inFlight: false }));
      const target = queue;
      return new Promise<Row | undefined>((resolve, reject) => {
        target.waiting.push({ key, resolve, reject });
        schedule(db, target);
      });
    },
  };
}
