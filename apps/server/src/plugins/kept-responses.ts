import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import type { Db } from '../db/schema';
import { sameStamp, sqliteWritesOf, type WriteStamp } from '../db/sqlite-writes';
import { tablesForGroup } from '../db/group-scoped-tables';
import { postgresReadsOf, sameVersions, tableVersionsOf, versionsOf } from '../db/table-versions';
import { answerEncoding, compressAnswer, COMPRESS_THRESHOLD_BYTES, sendCompressed, type AnswerEncoding } from './compression';

export interface KeepOptions<T> {
  /** For an answer that depends on the time: the clock time from which it may differ (undefined: never). */
  changesAt?: (answer: T) => number | undefined;
  /**
   * The group the call names, for an answer that reads only that group's rows of the group-scoped
   * tables (db/group-scoped-tables.ts): it then lapses on their writes in that group (or in no known
   * group), not in every group. Leave it out when the answer may read another group's rows.
   */
  rowsOfGroup?: string;
}

declare module 'fastify' {
  interface FastifyReply {
    /**
     * Sends what `load` answers, serialised by the route's response schema; on SQLite the text is
     * kept for the same caller and URL until a table it read is written to (or `changesAt` comes).
     * Only for reads whose answer depends on nothing but the database, the caller, the URL and the time.
     */
    sendKept<T>(load: () => Promise<T>, options?: KeepOptions<T>): void;
  }
}

interface Entry {
  body: string;
  tables: string[];
  /** On SQLite the write stamp of `tables`; on PostgreSQL their versions, in the same order. */
  stamp: WriteStamp | readonly number[];
  /** The clock times between which the answer holds. */
  from: number;
  until: number;
  /** The text compressed, per encoding, once a client asking for it has been sent it. */
  compressed?: Partial<Record<AnswerEncoding, Buffer>>;
}

/** The bytes of an entry's compressed copies, counted against KEPT_COMPRESSED_BYTES. */
function copiesSizeOf(entry: Entry): number {
  let size = 0;
  for (const bytes of Object.values(entry.compressed ?? {})) size += bytes.length;
  return size;
}

const JSON_TYPE = 'application/json; charset=utf-8';
/**
 * At most this much answer text is kept (the oldest used goes first), and at most this many answers.
 * 3 MB holds the bench's mixed day whole, availability grids included (2.1 MB without them filled
 * 2 MB, and then answers pushed out lost their compressed copies too); 8 MB filled over the soak's
 * five minutes and showed as 9 to 10 MB/min of RSS growth (docs/decisions/performance-day.md, "Memory").
 */
export const KEPT_RESPONSES_BYTES = 3 * 1024 * 1024;
export const KEPT_RESPONSES_MAX = 5_000;
/**
 * At most this much of kept answers' compressed copies, counted apart from their text so that
 * copies never push answers out; past it the copies of the answers used longest ago go first.
 */
export const KEPT_COMPRESSED_BYTES = 1024 * 1024;
/** The caller's account is read before the handler (plugins/auth.ts), and an answer may show it. */
const CALLER_TABLES = ['users'];
/**
 * On PostgreSQL the caller's statement reads the account and, for a call that names a group, the
 * group and the caller's membership (features/groups/caller-in-group.ts), before the answer is made.
 */
const CALLER_STATEMENT_TABLES = ['users', 'groups', 'group_members'];

/**
 * Answers of the hottest reads kept whole between requests. On SQLite the server's one connection
 * sees every write (db/sqlite-writes.ts): an answer lapses as soon as any statement writes to a
 * table read while it was made, and it is kept only when nothing was written and no transaction was
 * open meanwhile. On PostgreSQL, where other servers write too, every table has a version raised by
 * each transaction that writes to it (db/table-versions.ts), read with the caller's account in the
 * request's first statement: an answer is tagged with the versions read before it was made, and
 * sent again only while the caller's statement reads the same versions of every table it read. An
 * answer made by a caller read without versions (no account) is not kept there. Requests still pass
 * every hook first: the token, the account's session version and the rate limit are checked each time.
 */
export const keptResponsesPlugin = fp<{ db: Db; clock: Clock }>(async (app: FastifyInstance, { db, clock }) => {
  const writes = sqliteWritesOf(db);
  const reads = postgresReadsOf(db);
  await reads?.load(db);
  writes?.countGroupWrites();
  const entries = new Map<string, Entry>();
  let bytes = 0;
  /** The entries with compressed copies, in the order they were last used. */
  const withCopies = new Map<string, Entry>();
  let copiesBytes = 0;

  function forget(key: string, entry: Entry) {
    entries.delete(key);
    bytes -= entry.body.length;
    if (withCopies.delete(key)) copiesBytes -= copiesSizeOf(entry);
  }

  function keep(key: string, entry: Entry) {
    const earlier = entries.get(key);
    if (earlier) forget(key, earlier);
    entries.set(key, entry);
    bytes += entry.body.length;
    if (entry.compressed) {
      withCopies.set(key, entry);
      copiesBytes += copiesSizeOf(entry);
    }
    while (bytes > KEPT_RESPONSES_BYTES || entries.size > KEPT_RESPONSES_MAX) {
      const [oldestKey, oldest] = entries.entries().next().value as [string, Entry];
      forget(oldestKey, oldest);
    }
    while (copiesBytes > KEPT_COMPRESSED_BYTES) {
      const [oldestKey, oldest] = withCopies.entries().next().value as [string, Entry];
      withCopies.delete(oldestKey);
      copiesBytes -= copiesSizeOf(oldest);
      oldest.compressed = undefined;
    }
  }

  /**
   * Sends a kept answer, compressed when the client asks for it: the compressed copy is made once
   * and kept beside the text, where @fastify/compress would compress the text again on each send.
   */
  function sendEntry(reply: FastifyReply, key: string, entry: Entry) {
    const encoding = Buffer.byteLength(entry.body) >= COMPRESS_THRESHOLD_BYTES ? answerEncoding(reply.request) : undefined;
    const copy = encoding && (entry.compressed?.[encoding] ?? compressAnswer(encoding, entry.body));
    if (encoding && copy && entry.compressed?.[encoding] !== copy) entry.compressed = { ...entry.compressed, [encoding]: copy };
    // Keeping it may drop the copies of answers used longest ago, this one's too when alone over the bound.
    keep(key, entry);
    reply.type(JSON_TYPE);
    if (encoding && copy) sendCompressed(reply, encoding, copy);
    else reply.send(entry.body);
  }

  /** Whether a kept answer still holds for this request: the same versions (PostgreSQL) or write stamp (SQLite) of its tables. */
  function holds(reply: FastifyReply, entry: Entry): boolean {
    if (Array.isArray(entry.stamp)) {
      const versions = tableVersionsOf(reply.request.maybeActor);
      return versions !== undefined && sameVersions(entry.stamp, versionsOf(versions, entry.tables));
    }
    return sameStamp(writes!.stamp(entry.tables), entry.stamp as WriteStamp);
  }

  async function answerOnPostgres<T>(reply: FastifyReply, key: string, now: number, load: () => Promise<T>, options?: KeepOptions<T>) {
    // Read before the answer is made: a write that commits meanwhile raises a version past these.
    const versions = tableVersionsOf(reply.request.maybeActor);
    const { value, tables: read } = await reads!.track(load);
    const body = reply.serialize(value) as string;
    const all = read && [...new Set([...CALLER_STATEMENT_TABLES, ...read])];
    const tables = all && options?.rowsOfGroup !== undefined ? tablesForGroup(all, options.rowsOfGroup) : all;
    const stamp = versions && tables && versionsOf(versions, tables);
    if (stamp) {
      const until = options?.changesAt?.(value) ?? Infinity;
      keep(key, { body, tables: tables!, stamp, from: options?.changesAt ? now : -Infinity, until });
    }
    reply.type(JSON_TYPE).send(body);
  }

  async function answer<T>(reply: FastifyReply, key: string, now: number, load: () => Promise<T>, options?: KeepOptions<T>) {
    if (reads) return answerOnPostgres(reply, key, now, load, options);
    const group = options?.rowsOfGroup;
    const { value, tables, stamp } = await writes!.track(
      () => {
        writes!.noteRead(CALLER_TABLES);
        return load();
      },
      group === undefined ? undefined : (read) => tablesForGroup(read, group),
    );
    const body = reply.serialize(value) as string;
    if (stamp) {
      const until = options?.changesAt?.(value) ?? Infinity;
      keep(key, { body, tables, stamp, from: options?.changesAt ? now : -Infinity, until });
    }
    reply.type(JSON_TYPE).send(body);
  }

  // Not async: a handler that returns nothing and sends later costs Fastify no wait for the response's end.
  function sendKept<T>(this: FastifyReply, load: () => Promise<T>, options?: KeepOptions<T>): void {
    const fail = (error: unknown) => this.send(error);
    if (!writes && !reads) {
      load()
        .then((value) => this.send(value))
        .catch(fail);
      return;
    }
    const key = `${this.request.maybeActor?.id ?? ''} ${this.request.url}`;
    const now = clock.now();
    const entry = entries.get(key);
    if (entry) {
      forget(key, entry);
      if (now >= entry.from && now < entry.until && holds(this, entry)) {
        sendEntry(this, key, entry);
        return;
      }
    }
    answer(this, key, now, load, options).catch(fail);
  }

  app.decorateReply('sendKept', sendKept);
});
