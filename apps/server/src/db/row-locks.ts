import { PostgresAdapter, type SelectQueryBuilder } from 'kysely';
import type { Db } from './schema';

/**
 * Makes a queue's claim sub-select pass over rows another claim holds, on PostgreSQL: without it,
 * two claims that lock the same rows in different orders can deadlock. SQLite runs one writer at a
 * time and has no row locks, so the query stays as it is there.
 */
export function skipLockedRows<DB, TB extends keyof DB, O>(db: Db, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forUpdate().skipLocked() : query;
}

/**
 * A row read and held until the transaction ends. On PostgreSQL with FOR NO KEY UPDATE, the lock an
 * update of the row would take, without writing a new version of it. SQLite runs one transaction at
 * a time on the server's one connection, so a plain read is already settled there, and it writes
 * nothing that would lapse the rows and answers kept from the table.
 */
export function lockedRow<DB, TB extends keyof DB, O>(db: Db, query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> {
  return db.getExecutor().adapter instanceof PostgresAdapter ? query.forNoKeyUpdate() : query;
}
