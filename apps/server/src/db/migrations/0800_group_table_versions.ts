import type { Kysely } from 'kysely';
import { versionEveryTable } from '../table-versions';

/**
 * On PostgreSQL, versions per group of the group-scoped tables (db/group-scoped-tables.ts), so that
 * a sign-up or a tick in one group lapses that group's kept answers and not every group's. A
 * database versioned by 0790 before them gains their table and triggers here. Nothing on SQLite.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await versionEveryTable(db);
}

export async function down(): Promise<void> {
  // The versions only ever lapse answers; dropping them would need every group trigger dropped first.
}
