import { DEPARTED_KEPT_DAYS } from '@smm/shared/runescape/clan-schemas';
import type { Db } from '../../db/schema';
import * as bingo from './bingo.repo';
import * as names from './clan-names.repo';
import * as repo from './runescape.repo';

const isUniqueViolation = (error: unknown) =>
  error instanceof Error && /unique|duplicate|23505/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/** How long a departed member's link and history are kept for a rejoin. */
export const DEPARTED_KEPT_MS = DEPARTED_KEPT_DAYS * 86_400_000;

/**
 * A member who leaves (or is kicked) gives up their linked name at once (another member may link
 * it) and their history leaves every clan call; the link is kept aside for a rejoin. Their bingo
 * moderation ends too: like an Administrator's role, it does not come back with a rejoin.
 */
export async function releaseClanLinkOf(tx: Db, groupId: string, userId: string, now: number): Promise<void> {
  await names.departAccount(tx, groupId, userId, now);
  await bingo.dropModeratorOfGroup(tx, groupId, userId);
}

/**
 * A member who rejoins within the kept days gets their link (and so their history) back, unless
 * another member has linked that name meanwhile; then it stays aside until the purge.
 */
export async function restoreClanLinkOf(db: Db, groupId: string, userId: string, now: number): Promise<boolean> {
  const departed = await names.findDeparted(db, groupId, userId);
  if (!departed || departed.departed_at < now - DEPARTED_KEPT_MS) return false;
  if (await repo.findLinkOfPlayer(db, groupId, departed.player_id)) return false;
  try {
    await repo.saveAccount(db, { group_id: groupId, user_id: userId, player_id: departed.player_id, linked_at: departed.linked_at });
  } catch (error) {
    // Linked by another member at this very moment (the unique index): the link stays aside.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  await names.deleteDeparted(db, groupId, userId);
  return true;
}
