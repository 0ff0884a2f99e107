import type {
  ClaimInvitationBody,
  ImportRosterBody,
  ImportRosterResponse,
  LinkedAccountResponse,
  RenameAccountBody,
  RosterInvitations,
} from '@smm/shared/runescape/clan-schemas';
import type { ClanGameMode } from '@smm/shared/runescape/rs3';
import { parseRoster, ROSTER_MAX_NAMES } from '@smm/shared/runescape/roster';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, invalid, notFound } from '../../errors';
import { newId } from '../../lib/ids';
import { assertCan, loadAccess } from '../groups/group-access';
import type { AccountLinker } from './account-link';
import { assertClan, assertModeOfClan } from './clan.service';
import { toRosterInvitation } from './clan.mapper';
import * as names from './clan-names.repo';
import * as repo from './runescape.repo';
import { nameKey } from './runescape.service';

interface Deps {
  db: Db;
  clock: Clock;
  linker: AccountLinker;
}

export const NOT_LINKED_MESSAGE = 'You have not linked an account in this clan';
export const INVITATION_NOT_FOUND_MESSAGE = 'This invitation was not found in this clan';
export const INVITATION_CLAIMED_MESSAGE = 'This name was already claimed by another member';

/** RuneScape clans, names that move: renaming a linked account, and the roster members claim names from. */
export function createClanNamesService({ db, clock, linker }: Deps) {
  async function clanAccess(
    actor: UserDto,
    groupID: string,
    action: 'renameOwnAccount' | 'importClanRoster' | 'claimRosterInvitation' | 'viewClanStats',
  ) {
    const access = await loadAccess(db, groupID, actor);
    assertCan(
      access,
      action,
      action === 'importClanRoster' ? 'Only Administrators of this clan can import a roster' : 'Only members of this clan can do that',
    );
    assertClan(access);
    return access;
  }

  return {
    /**
     * Renames the caller's linked account (same game mode) once the hiscores know the new name.
     * The history moves with the link when the new name is fresh (no clan tracks it, no snapshots
     * of its own): the old name's snapshots are copied to it. A name tracked elsewhere keeps its own history.
     */
    async renameAccount(actor: UserDto, body: RenameAccountBody): Promise<LinkedAccountResponse> {
      await clanAccess(actor, body.groupID, 'renameOwnAccount');
      const current = await repo.findAccount(db, body.groupID, actor.id);
      if (!current) throw notFound(NOT_LINKED_MESSAGE);
      const gameMode = current.game_mode as ClanGameMode;
      const answer = await linker.checkName(actor, body.groupID, body.playerName, gameMode);
      const player = await linker.player(body.playerName, gameMode);
      await linker.assertFree(actor, body.groupID, player.id, body.playerName);
      return linker.save(actor, body.groupID, player, answer, body.playerName, async (tx) => {
        if (player.id !== current.player_id) {
          await repo.lockPlayer(tx, player.id);
          if (await repo.isFreshPlayer(tx, player.id)) await names.copySnapshots(tx, current.player_id, player.id);
        } else if (!(await repo.isSharedPlayer(tx, player.id, body.groupID, actor.id))) {
          // The same name in another spelling (case, spaces): the display name follows the member's,
          // unless another clan or member tracks this player too.
          await repo.markChecked(tx, player.id, { now: clock.now(), refreshDueAt: player.refresh_due_at, playerName: body.playerName });
        }
      });
    },

    /** Administrators: adds the pasted names (one per line, or CSV with a name column) as invitations. */
    async importRoster(actor: UserDto, body: ImportRosterBody): Promise<ImportRosterResponse> {
      assertModeOfClan(await clanAccess(actor, body.groupID, 'importClanRoster'), body.gameMode);
      const { names: parsed, problems } = parseRoster(body.roster);
      if (problems.length > 0) {
        const message = `These lines hold no valid player name: ${problems.slice(0, 5).join(', ')}${problems.length > 5 ? ` and ${problems.length - 5} more` : ''}`;
        throw invalid({ roster: message }, message);
      }
      if (parsed.length === 0) throw invalid({ roster: 'Paste at least one name' }, 'Paste at least one name');
      if (parsed.length > ROSTER_MAX_NAMES) {
        const message = `A roster may hold at most ${ROSTER_MAX_NAMES} names; this one has ${parsed.length}`;
        throw invalid({ roster: message }, message);
      }
      const now = clock.now();
      const added = await names.insertInvitations(
        db,
        parsed.map((playerName) => ({
          id: newId(),
          group_id: body.groupID,
          game_mode: body.gameMode,
          player_key: nameKey(playerName),
          player_name: playerName,
          created_by: actor.id,
          created_at: now,
          claimed_by: null,
          claimed_at: null,
        })),
      );
      const rows = await names.listInvitations(db, body.groupID);
      return { invitations: rows.map(toRosterInvitation), added, skipped: parsed.length - added };
    },

    /** Members: the clan's imported names, and who claimed each. */
    async listInvitations(actor: UserDto, groupID: string): Promise<RosterInvitations> {
      await clanAccess(actor, groupID, 'viewClanStats');
      const rows = await names.listInvitations(db, groupID);
      return { invitations: rows.map(toRosterInvitation) };
    },

    /**
     * Members: claims an imported name, which links it to the caller (first snapshot at once). A
     * claim holds only while its claimer keeps that name linked in the clan.
     */
    async claimInvitation(actor: UserDto, body: ClaimInvitationBody): Promise<LinkedAccountResponse> {
      await clanAccess(actor, body.groupID, 'claimRosterInvitation');
      const invitation = await names.findInvitation(db, body.groupID, body.invitationID);
      if (!invitation) throw notFound(INVITATION_NOT_FOUND_MESSAGE);
      const gameMode = invitation.game_mode as ClanGameMode;
      const claimHeld = async () => {
        if (invitation.claimed_by === null || invitation.claimed_by === actor.id) return false;
        const known = await repo.findPlayer(db, gameMode, invitation.player_key);
        const link = known && (await repo.findLinkOfPlayer(db, body.groupID, known.id));
        return link?.user_id === invitation.claimed_by;
      };
      if (await claimHeld()) throw conflict(INVITATION_CLAIMED_MESSAGE);
      const answer = await linker.checkName(actor, body.groupID, invitation.player_name, gameMode);
      const player = await linker.player(invitation.player_name, gameMode);
      await linker.assertFree(actor, body.groupID, player.id, invitation.player_name);
      // Marked claimed in the link's transaction: the caller holds the name once it commits.
      return linker.save(actor, body.groupID, player, answer, invitation.player_name, (tx) =>
        names.claimInvitation(tx, invitation.id, actor.id, clock.now()),
      );
    },
  };
}
export type ClanNamesService = ReturnType<typeof createClanNamesService>;
