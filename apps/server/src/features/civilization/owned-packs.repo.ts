import type { Db } from '../../db/schema';
import './civilization.tables';

/** Every leader of this pack is owned by everyone, whatever they ticked. */
export const BASE_GAME_PACK = 'Base Game';

/** The stored list, with the base game always in it; an unreadable row reads as "not said" (every pack). */
function parsePacks(text: string): string[] | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value) || !value.every((pack) => typeof pack === 'string')) return null;
    return value.includes(BASE_GAME_PACK) ? value : [BASE_GAME_PACK, ...value];
  } catch {
    return null;
  }
}

/**
 * The packs of one Civilization game each user owns, in one query by the primary key. A user who
 * has not said maps to null: they are dealt from every pack.
 */
export async function listOwnedPacks(db: Db, gameName: string, userIds: readonly string[]): Promise<Map<string, string[] | null>> {
  const owned = new Map<string, string[] | null>(userIds.map((id) => [id, null]));
  if (!userIds.length) return owned;
  const rows = await db
    .selectFrom('civ_owned_packs')
    .select(['user_id', 'packs'])
    .where('game_name', '=', gameName)
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  for (const row of rows) owned.set(row.user_id, parsePacks(row.packs));
  return owned;
}

/** Replaces the user's list for the game; the list is stored as given (the service puts the base game in it). */
export async function upsertOwnedPacks(db: Db, userId: string, gameName: string, packs: readonly string[], now: number): Promise<void> {
  const text = JSON.stringify(packs);
  await db
    .insertInto('civ_owned_packs')
    .values({ user_id: userId, game_name: gameName, packs: text, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'game_name']).doUpdateSet({ packs: text, updated_at: now }))
    .execute();
}

/** Back to "not said": the user is dealt from every pack of the game. */
export async function deleteOwnedPacks(db: Db, userId: string, gameName: string): Promise<void> {
  await db.deleteFrom('civ_owned_packs').where('user_id', '=', userId).where('game_name', '=', gameName).execute();
}
