import { findCivCatalogue, findSettingDefinition, NO_DEFAULT_SETTINGS_MESSAGE } from '@smm/shared/civilization/catalogue';
import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import type { PostGroupGameSettingBody, UpdateGroupBody } from '@smm/shared/civilization/schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import type { GroupSettings } from '@smm/shared/groups/settings';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { invalid, notFound } from '../../errors';
import { assertCan, loadAccess, readFullGroup } from '../groups/group-access';
import * as groups from '../groups/groups.repo';
import { parseSettings } from '../groups/groups.mapper';
import { dropBansBeyond } from './ban-limit';
import { matchOption } from './civ-access';

/** Only games with setting definitions have group game settings; others answer the spec's message. */
function assertHasDefaults(gameName: string): void {
  if (!findCivCatalogue(gameName)) throw notFound(NO_DEFAULT_SETTINGS_MESSAGE);
}

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
}

/** The group-level game settings Administrators enable (members choose) or lock (to lockedValue), the ban limit and the time zone. */
export function createGroupGameSettingsService({ db, clock, publicUrl }: Deps) {
  /**
   * Runs a change of the settings under the group's lock, for Administrators; answers the updated
   * group. A lower ban limit drops the bans beyond it in the same transaction.
   */
  function change(actor: UserDto, groupID: string, apply: (settings: GroupSettings, gameName: string) => { timeZone?: string }) {
    return db.transaction().execute(async (tx): Promise<FullGroupDto> => {
      const access = await loadAccess(tx, groupID, actor.id, { lock: true });
      assertCan(access, 'editGroupGameSettings');
      const settings = parseSettings(access.group.settings, access.group.game_name);
      const previousMax = settings.maxNumberOfLeaderBans;
      const { timeZone } = apply(settings, access.group.game_name);
      const changes = { settings: JSON.stringify(settings), ...(timeZone ? { time_zone: timeZone } : {}) };
      await groups.update(tx, groupID, changes);
      if (settings.maxNumberOfLeaderBans < previousMax) {
        await dropBansBeyond(tx, groupID, access.group.game_name, settings.maxNumberOfLeaderBans, clock.now());
      }
      return readFullGroup(tx, { ...access.group, ...changes }, publicUrl);
    });
  }

  return {
    /** Enables or locks one entry, or sets the value it is locked to. */
    postGroupGameSetting(actor: UserDto, groupID: string, body: PostGroupGameSettingBody): Promise<FullGroupDto> {
      return change(actor, groupID, (settings, gameName) => {
        assertHasDefaults(gameName);
        const definition = findSettingDefinition(gameName, body.settingType, body.title);
        const entry = settings[body.settingType].find((e) => e.title === definition?.title);
        if (!definition || !entry) throw invalid({ title: `Unknown ${body.settingType} setting: ${body.title}` });
        if (body.property === 'isEnabled') entry.isEnabled = body.isEnabled ?? entry.isEnabled;
        else if (body.lockedValue !== undefined) {
          entry.lockedValue = matchOption(definition, body.lockedValue, 'lockedValue');
          entry.value = entry.lockedValue;
        }
        return {};
      });
    },

    /**
     * The Game Settings dialog's Save: the ban limit, whether duplicate civilizations may be dealt,
     * the time zone and any entries sent (matched by title; the rest keep their values). Lowering the
     * limit drops each member's latest bans beyond it.
     */
    updateGroup(actor: UserDto, groupID: string, body: UpdateGroupBody): Promise<FullGroupDto> {
      return change(actor, groupID, (settings, gameName) => {
        const sent = body.settings;
        if (SETTING_TYPES.some((type) => sent?.[type]?.length)) assertHasDefaults(gameName);
        if (sent?.maxNumberOfLeaderBans !== undefined) settings.maxNumberOfLeaderBans = sent.maxNumberOfLeaderBans;
        if (sent?.allowDuplicateCivs !== undefined) settings.allowDuplicateCivs = sent.allowDuplicateCivs;
        for (const type of SETTING_TYPES) {
          for (const input of sent?.[type] ?? []) {
            const definition = findSettingDefinition(gameName, type, input.title);
            const entry = settings[type].find((e) => e.title === definition?.title);
            if (!definition || !entry) throw invalid({ settings: `Unknown ${type} setting: ${input.title}` });
            entry.isEnabled = input.isEnabled;
            entry.lockedValue = matchOption(definition, input.lockedValue, 'settings');
            entry.value = entry.lockedValue;
          }
        }
        return { timeZone: body.timeZone };
      });
    },
  };
}
export type GroupGameSettingsService = ReturnType<typeof createGroupGameSettingsService>;
