import type { Db } from '../../db/schema';
import { randomToken } from '../../lib/crypto';
import * as repo from './secrets.repo';

/** A secret generated once and kept in the database, so every instance and restart shares it. */
export async function loadOrCreateSecret(db: Db, name: string): Promise<string> {
  await repo.insertIfAbsent(db, name, randomToken(48));
  const row = await repo.find(db, name);
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
