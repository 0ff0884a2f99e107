import { findCivCatalogue } from '@smm/shared/civilization/catalogue';
import { BANS_DROPPED_NOTICE } from '@smm/shared/civilization/schemas';
import type { Db } from '../../db/schema';
import { newId } from '../../lib/ids';
import * as preferences from './preferences.repo';

/**
 * Drops each user's latest bans beyond `max` (first made first are kept) and tells every member who
 * lost any on their next visit to Preferences. Runs in the caller's transaction, under the group's
 * lock, so no ban can be added in between.
 */
export async function dropBansBeyond(tx: Db, groupId: string, gameName: string, max: number, now: number): Promise<void> {
  const byUser = new Map<string, { user_id: string; civ_id: string }[]>();
  for (const ban of await preferences.groupBans(tx, groupId)) byUser.set(ban.user_id, [...(byUser.get(ban.user_id) ?? []), ban]);
  const dropped = [...byUser.values()].map((bans) => bans.slice(max)).filter((bans) => bans.length);
  if (!dropped.length) return;
  const leaders = new Map((findCivCatalogue(gameName)?.leaders ?? []).map((leader) => [leader.civID, leader]));
  const nameOf = (civId: string) => {
    const leader = leaders.get(civId);
    return leader ? `${leader.leader} (${leader.nation})` : civId;
  };
  await preferences.deleteBans(tx, groupId, dropped.flat());
  await preferences.insertNotices(
    tx,
    dropped.map((bans) => ({
      id: newId(),
      group_id: groupId,
      user_id: bans[0]!.user_id,
      message: BANS_DROPPED_NOTICE(
        bans.map((ban) => nameOf(ban.civ_id)),
        max,
      ),
      created_at: now,
    })),
  );
}
