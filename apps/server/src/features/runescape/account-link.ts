import type { LinkedAccountResponse } from '@smm/shared/runescape/clan-schemas';
import type { ClanGameMode } from '@smm/shared/runescape/rs3';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, invalid } from '../../errors';
import type { HiscoresAnswer } from '../../integrations/osrs-hiscores';
import { UPSTREAM_LIMIT_MESSAGE, type UpstreamRateLimit } from '../../integrations/upstream';
import { newId } from '../../lib/ids';
import type { Throttle } from '../throttle/throttle.service';
import { assertCan, loadAccess } from '../groups/group-access';
import { toLinkedAccount } from './clan.mapper';
import { departAccount } from './clan-names.repo';
import * as repo from './runescape.repo';
import { nameKey, playerNotFoundMessage, type RuneScapeService } from './runescape.service';
import type { SnapshotRecorder } from './snapshots';

interface Deps {
  db: Db;
  clock: Clock;
  runescape: RuneScapeService;
  snapshots: SnapshotRecorder;
  throttle: Throttle;
  lookupLimit: UpstreamRateLimit;
  refreshEveryMs: number;
}

export const takenMessage = (playerName: string) => `${playerName} is already linked by another member of this clan`;

/** The steps linking shares with renaming and claiming: the hiscores check, the player row, the link and its first snapshot. */
export function createAccountLinker({ db, clock, runescape, snapshots, throttle, lookupLimit, refreshEveryMs }: Deps) {
  return {
    /** Asks the hiscores about the name for the member (counted in their lookup limit); unknown -> 400 on playerName. */
    async checkName(actor: UserDto, groupID: string, playerName: string, gameMode: ClanGameMode): Promise<HiscoresAnswer> {
      await throttle.consume(`osrs:${actor.id}`, lookupLimit, UPSTREAM_LIMIT_MESSAGE);
      const answer = await runescape.fetchAnswer(playerName, gameMode, { priority: 'interactive', memberId: actor.id, clanId: groupID });
      if (!answer) {
        const message = playerNotFoundMessage(playerName, gameMode);
        throw invalid({ playerName: message }, message);
      }
      return answer;
    },

    /** The player row of a name and mode, made when missing. */
    player(playerName: string, gameMode: ClanGameMode): Promise<repo.PlayerRow> {
      const now = clock.now();
      return repo.upsertPlayer(db, {
        id: newId(),
        player_key: nameKey(playerName),
        game_mode: gameMode,
        player_name: playerName,
        last_checked_at: null,
        refresh_due_at: now + refreshEveryMs,
        failures: 0,
        latest_snapshot_id: null,
        created_at: now,
      });
    },

    /** 409 when another current member of the clan has this player linked. */
    async assertFree(actor: UserDto, groupID: string, playerId: string, playerName: string): Promise<void> {
      const link = await repo.findLinkOfPlayer(db, groupID, playerId);
      if (link && link.user_id !== actor.id) throw conflict(takenMessage(playerName), { playerName: takenMessage(playerName) });
    },

    /**
     * Points the member's link at the player (replacing an earlier one) and stores the answer as
     * the first snapshot at once, so the chart starts at the link.
     */
    async save(
      actor: UserDto,
      groupID: string,
      player: repo.PlayerRow,
      answer: HiscoresAnswer,
      typedName: string,
      /** Runs in the link's transaction, after the last checks, before the link is saved (history, claims). */
      alongside?: (tx: Db) => Promise<void>,
    ): Promise<LinkedAccountResponse> {
      const saveLink = () =>
        db.transaction().execute(async (tx) => {
          // Membership settles under the clan's lock: a member who left meanwhile links nothing.
          assertCan(await loadAccess(tx, groupID, actor, { lock: true }), 'linkOwnAccount', 'Only members of this clan can do that');
          // A link left behind by someone no longer in the clan moves to the departed links, freeing the name.
          const stale = await repo.findAnyLinkOfPlayer(tx, groupID, player.id);
          if (stale && stale.user_id !== actor.id && !(await repo.findLinkOfPlayer(tx, groupID, player.id))) {
            await departAccount(tx, groupID, stale.user_id, clock.now());
          }
          const link = await repo.findLinkOfPlayer(tx, groupID, player.id);
          if (link && link.user_id !== actor.id) throw conflict(takenMessage(typedName), { playerName: takenMessage(typedName) });
          if (alongside) await alongside(tx);
          await repo.saveAccount(tx, { group_id: groupID, user_id: actor.id, player_id: player.id, linked_at: clock.now() });
        });
      try {
        await saveLink();
      } catch (error) {
        // Two members linking the same name at once: the unique index lets one through.
        await this.assertFree(actor, groupID, player.id, typedName);
        throw error;
      }
      await snapshots.record(player.id, answer);
      const row = await repo.findAccount(db, groupID, actor.id);
      return { account: row ? toLinkedAccount(row) : null };
    },
  };
}
export type AccountLinker = ReturnType<typeof createAccountLinker>;
