import type { Db } from '../../db/schema';

export const find = (db: Db, name: string) =>
  db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirst();

/** Inserts unless present; the first writer wins when several instances start at once. */
export async function insertIfAbsent(db: Db, name: string, value: string): Promise<void> {
  await db.insertInto('app_secrets').values({ name, value }).onConflict((oc) => oc.column('name').doNothing()).execute();
}
