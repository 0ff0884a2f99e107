import { findLeader, findMap, findSettingDefinition } from '@smm/shared/civilization/catalogue';
import { findGroupEntry } from '@smm/shared/civilization/group-game-settings';
import {
  BAN_LIMIT_MESSAGE,
  SETTING_LOCKED_MESSAGE,
  type CivPreferencesDto,
  type GroupAndUserQuery,
  type LeaderAgendaDto,
  type PostCivLeaderBanPreferenceBody,
  type PostCivMapPreferenceBody,
  type PostGameSettingPreferenceBody,
  type PostOwnedPacksBody,
  type PostUserLeaderAgendaBody,
  type UserLeaderAgendaResponse,
} from '@smm/shared/civilization/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, invalid, notFound } from '../../errors';
import { assertCan, loadAccess, type GroupAccess } from '../groups/group-access';
import * as members from '../groups/group-members.repo';
import { parseSettings } from '../groups/groups.mapper';
import type { GroupChanges } from '../live/group-changes';
import type { Limit, Throttle } from '../throttle/throttle.service';
import { assertSelf, catalogueOf, matchOption } from './civ-access';
import { toCivPreferencesDtos } from './civilization.mapper';
import * as ownedPacks from './owned-packs.repo';
import * as preferences from './preferences.repo';

interface Deps {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  changes?: GroupChanges;
  ownedPacksLimit?: Limit;
}

/** Saves of one's owned packs per user in ten minutes: a whole list each time, so a few are plenty. */
export const defaultOwnedPacksLimit: Limit = { max: 30, windowMs: 10 * 60_000 };
export const OWNED_PACKS_LIMIT_MESSAGE = 'Too many changes to your packs; try again in a few minutes';

const MEMBER_NOT_FOUND_MESSAGE = 'Member not found';

/** Leader agendas, leader bans, map choices, setting preferences and owned packs of the members of a Civilization group. */
export function createPreferencesService({ db, clock, throttle, changes, ownedPacksLimit = defaultOwnedPacksLimit }: Deps) {
  /** After a member's write has committed: the group's open pages (Members, a member's Preferences) read them again. */
  const changed = <T>(groupId: string, userId: string, result: T): T => {
    changes?.publish({ groupId, topic: 'preferences', action: 'changed', userId });
    return result;
  };

  /** The preferences of some members (all when userIds is absent), in a fixed number of queries. */
  async function read(tx: Db, access: GroupAccess, userIds?: readonly string[], maxBans?: number): Promise<CivPreferencesDto[]> {
    const groupId = access.group.id;
    const catalogue = catalogueOf(access.group);
    const [memberRows, agendas, bans, maps, settings] = await Promise.all([
      members.listByGroup(tx, groupId),
      preferences.listAgendas(tx, groupId, userIds),
      preferences.listBans(tx, groupId, userIds),
      preferences.listMaps(tx, groupId, userIds),
      preferences.listSettingPreferences(tx, groupId, userIds),
    ]);
    const wanted = userIds ? memberRows.filter((m) => userIds.includes(m.user_id)) : memberRows;
    if (userIds) {
      const missing = userIds.filter((id) => !wanted.some((m) => m.user_id === id));
      if (missing.length) throw invalid({ userIDs: `Not members of this group: ${missing.join(', ')}` });
    }
    // Packs are kept per user and game, not per group, so they are read for the members found above.
    const owned = await ownedPacks.listOwnedPacks(
      tx,
      catalogue.gameName,
      wanted.map((m) => m.user_id),
    );
    return toCivPreferencesDtos(groupId, wanted, catalogue, { agendas, bans, maps, settings, ownedPacks: owned }, maxBans);
  }

  async function own(tx: Db, access: GroupAccess, userId: string): Promise<CivPreferencesDto> {
    const [mine] = await read(tx, access, [userId]);
    if (!mine) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
    return mine;
  }

  /** Loads the group for a write about the caller's own preferences. */
  async function forOwnWrite(tx: Db, actor: UserDto, groupID: string, body: { userID?: string }, what: string, lock = false) {
    assertSelf(actor, body.userID, what);
    const access = await loadAccess(tx, groupID, actor, { lock });
    assertCan(access, 'editOwnPreferences');
    return access;
  }

  async function assertMemberOf(tx: Db, groupId: string, userId: string) {
    if (!(await members.find(tx, groupId, userId))) throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  }

  return {
    /** Every member's leader agenda (empty when they wrote none), for the members page; members only. */
    async getGroupLeaderAgendas(actor: UserDto, groupID: string): Promise<LeaderAgendaDto[]> {
      assertCan(await loadAccess(db, groupID, actor), 'viewMembers');
      const [memberRows, agendas] = await Promise.all([members.listByGroup(db, groupID), preferences.listAgendas(db, groupID)]);
      const byUser = new Map(agendas.map((row) => [row.user_id, row.agenda]));
      return memberRows.map((m) => ({ userID: m.user_id, username: m.username, userLeaderAgenda: byUser.get(m.user_id) ?? '' }));
    },

    /** One member's leader agenda; members only. */
    async getUserLeaderAgenda(actor: UserDto, query: GroupAndUserQuery): Promise<UserLeaderAgendaResponse> {
      assertCan(await loadAccess(db, query.groupID, actor), 'viewMembers');
      await assertMemberOf(db, query.groupID, query.userID);
      const [row] = await preferences.listAgendas(db, query.groupID, [query.userID]);
      return { userLeaderAgenda: row?.agenda ?? '' };
    },

    /** The caller saves their own leader agenda. */
    async postUserLeaderAgenda(actor: UserDto, groupID: string, body: PostUserLeaderAgendaBody): Promise<UserLeaderAgendaResponse> {
      await forOwnWrite(db, actor, groupID, body, 'leader agenda');
      await preferences.upsertAgenda(db, groupID, actor.id, body.userLeaderAgenda, clock.now());
      return changed(groupID, actor.id, { userLeaderAgenda: body.userLeaderAgenda });
    },

    /**
     * One member's preferences with all their bans; members only. The caller reading their own also
     * gets their pending notices, which are then gone: each is shown once.
     */
    async getCivPreferences(actor: UserDto, query: GroupAndUserQuery): Promise<CivPreferencesDto> {
      const access = await loadAccess(db, query.groupID, actor);
      assertCan(access, 'viewPreferences');
      const preferencesOfMember = await own(db, access, query.userID);
      if (query.userID !== actor.id) return preferencesOfMember;
      return { ...preferencesOfMember, notices: await preferences.takeNotices(db, query.groupID, actor.id) };
    },

    /** Every member's preferences; members only. */
    async getAllCivPreferences(actor: UserDto, groupID: string): Promise<CivPreferencesDto[]> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'viewPreferences');
      return read(db, access);
    },

    /** What the draft needs of some members: bans within the group's limit (first made first), maps and settings. */
    async getMemberCivPreferences(actor: UserDto, groupID: string, userIDs: string[]): Promise<CivPreferencesDto[]> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'viewPreferences');
      const max = parseSettings(access.group.settings, access.group.game_name).maxNumberOfLeaderBans;
      return read(db, access, [...new Set(userIDs)], max);
    },

    /** The caller adds a map to, or removes it from, the maps they would like to play. */
    async postCivMapPreference(actor: UserDto, groupID: string, body: PostCivMapPreferenceBody): Promise<CivPreferencesDto> {
      const access = await forOwnWrite(db, actor, groupID, body, 'map choices');
      const map = findMap(catalogueOf(access.group).gameName, body.map);
      if (!map) throw invalid({ map: `Unknown map: ${body.map}` });
      if (body.operation === 'add') await preferences.insertMap(db, groupID, actor.id, map.name, clock.now());
      else await preferences.deleteMap(db, groupID, actor.id, map.name);
      return changed(groupID, actor.id, await own(db, access, actor.id));
    },

    /**
     * The caller bans or unbans a leader. Bans past the group's limit are refused with a 409 naming
     * it; the group's row lock makes parallel bans count one after another.
     */
    async postCivLeaderBanPreference(actor: UserDto, groupID: string, body: PostCivLeaderBanPreferenceBody): Promise<CivPreferencesDto> {
      const saved = await db.transaction().execute(async (tx) => {
        const access = await forOwnWrite(tx, actor, groupID, body, 'leader bans', true);
        const leader = findLeader(catalogueOf(access.group).gameName, body.leader);
        if (!leader) throw invalid({ leader: `Unknown leader: ${body.leader}` });
        if (body.operation === 'remove') {
          await preferences.deleteBan(tx, groupID, actor.id, leader.civID);
        } else {
          const bans = await preferences.ownBans(tx, groupID, actor.id);
          if (!bans.some((ban) => ban.civ_id === leader.civID)) {
            const max = parseSettings(access.group.settings, access.group.game_name).maxNumberOfLeaderBans;
            if (bans.length >= max) throw conflict(BAN_LIMIT_MESSAGE(max), { leader: BAN_LIMIT_MESSAGE(max) });
            const seq = Math.max(0, ...bans.map((ban) => Number(ban.seq))) + 1;
            await preferences.insertBan(tx, groupID, actor.id, leader.civID, seq);
          }
        }
        return own(tx, access, actor.id);
      });
      return changed(groupID, actor.id, saved);
    },

    /**
     * The caller says which packs of the group's game they own (null: not said, dealt from every
     * pack). Kept per user and game, so it holds in every group of that game.
     */
    async postOwnedPacks(actor: UserDto, body: PostOwnedPacksBody): Promise<CivPreferencesDto> {
      const access = await forOwnWrite(db, actor, body.groupID, {}, 'owned packs');
      const catalogue = catalogueOf(access.group);
      await throttle.consume(`civ-owned-packs:${actor.id}`, ownedPacksLimit, OWNED_PACKS_LIMIT_MESSAGE);
      if (body.ownedPacks === null) {
        await ownedPacks.deleteOwnedPacks(db, actor.id, catalogue.gameName);
      } else {
        const sent = body.ownedPacks;
        const unknown = [...new Set(sent.filter((pack) => !catalogue.packs.includes(pack)))];
        if (unknown.length) {
          throw invalid({
            ownedPacks: `Unknown ${unknown.length === 1 ? 'pack' : 'packs'} of ${catalogue.gameName}: ${unknown.join(', ')}`,
          });
        }
        const packs = [
          ownedPacks.BASE_GAME_PACK,
          ...catalogue.packs.filter((pack) => pack !== ownedPacks.BASE_GAME_PACK && sent.includes(pack)),
        ];
        await ownedPacks.upsertOwnedPacks(db, actor.id, catalogue.gameName, packs, clock.now());
      }
      return changed(body.groupID, actor.id, await own(db, access, actor.id));
    },

    /** The caller chooses a value for a setting the group has enabled; a locked setting answers 409. */
    async postGameSettingPreference(actor: UserDto, groupID: string, body: PostGameSettingPreferenceBody): Promise<CivPreferencesDto> {
      const access = await forOwnWrite(db, actor, groupID, body, 'game setting preferences');
      const definition = findSettingDefinition(catalogueOf(access.group).gameName, body.settingType, body.title);
      if (!definition) throw invalid({ title: `Unknown ${body.settingType} setting: ${body.title}` });
      const value = matchOption(definition, body.value, 'value');
      const entry = findGroupEntry(parseSettings(access.group.settings, access.group.game_name), body.settingType, definition.title);
      if (entry && !entry.isEnabled) throw conflict(SETTING_LOCKED_MESSAGE, { title: SETTING_LOCKED_MESSAGE });
      await preferences.upsertSettingPreference(db, {
        group_id: groupID,
        user_id: actor.id,
        setting_type: body.settingType,
        title: definition.title,
        value: JSON.stringify(value),
        updated_at: clock.now(),
      });
      return changed(groupID, actor.id, await own(db, access, actor.id));
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
