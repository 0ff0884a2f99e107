import type { Kysely } from 'kysely';
import { versionEveryTable } from '../table-versions';

/**
 * On PostgreSQL, a version per table raised by every transaction that writes to it, so that answers
 * kept between requests lapse on a write by any server (db/table-versions.ts). Nothing on SQLite,
 * where the server's one connection counts its writes itself. A later migration that creates a
 * table calls `versionEveryTable` again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await versionEveryTable(db);
}

export async function down(): Promise<void> {
  // The versions only ever lapse answers; dropping them would need every table's trigger dropped first.
}
