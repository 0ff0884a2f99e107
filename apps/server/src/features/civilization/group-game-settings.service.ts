import { findCivCatalogue, findSettingDefinition, NO_DEFAULT_SETTINGS_MESSAGE } from '@smm/shared/civilization/catalogue';
import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import { GAME_SETTINGS_CHANGED_MESSAGE, type PostGroupGameSettingBody, type UpdateGroupBody } from '@smm/shared/civilization/schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import type { GroupSettings } from '@smm/shared/groups/settings';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, invalid, notFound } from '../../errors';
import { assertCan, loadAccess, readFullGroup } from '../groups/group-access';
import * as groups from '../groups/groups.repo';
import { parseSettings } from '../groups/groups.mapper';
import { transactionWithChanges, type GroupChanges } from '../live/group-changes';
import { dropBansBeyond } from './ban-limit';
import { matchOption } from './civ-access';

/** Only games with setting definitions have group game settings; others answer the spec's message. */
function assertHasDefaults(gameName: string): void {
  if (!findCivCatalogue(gameName)) throw notFound(NO_DEFAULT_SETTINGS_MESSAGE);
}

interface Deps {
  db: Db;
  clock: Clock;
  changes: GroupChanges;
  publicUrl: string;
}

/** The group-level game settings Administrators enable (members choose) or lock (to lockedValue), the ban limit and the time zone. */
export function createGroupGameSettingsService({ db, clock, changes: feed, publicUrl }: Deps) {
  /**
   * Runs a change of the settings under the group's lock, for Administrators; answers the updated
   * group. With `expectedUpdatedAt`, a version saved by someone else since is refused (409) rather
   * than overwritten. A lower ban limit drops the bans beyond it in the same transaction; the
   * group's open pages hear of it once committed.
   */
  function change(
    actor: UserDto,
    groupID: string,
    expectedUpdatedAt: number | undefined,
    apply: (settings: GroupSettings, gameName: string) => { timeZone?: string },
  ) {
    return transactionWithChanges(db, feed, async (tx, record): Promise<FullGroupDto> => {
      const access = await loadAccess(tx, groupID, actor, { lock: true });
      assertCan(access, 'editGroupGameSettings');
      const stored = Number(access.group.settings_updated_at);
      if (expectedUpdatedAt !== undefined && expectedUpdatedAt !== stored) throw conflict(GAME_SETTINGS_CHANGED_MESSAGE);
      const settings = parseSettings(access.group.settings, access.group.game_name);
      const previousMax = settings.maxNumberOfLeaderBans;
      const { timeZone } = apply(settings, access.group.game_name);
      // Strictly later than the stored version, so two saves in one millisecond still differ.
      const version = Math.max(clock.now(), stored + 1);
      const changes = { settings: JSON.stringify(settings), settings_updated_at: version, ...(timeZone ? { time_zone: timeZone } : {}) };
      if (!(await groups.updateGameSettings(tx, groupID, changes, expectedUpdatedAt))) throw conflict(GAME_SETTINGS_CHANGED_MESSAGE);
      if (settings.maxNumberOfLeaderBans < previousMax) {
        await dropBansBeyond(tx, groupID, access.group.game_name, settings.maxNumberOfLeaderBans, clock.now());
      }
      record({ groupId: groupID, topic: 'gameSettings', action: 'changed' });
      return readFullGroup(tx, { ...access.group, ...changes }, publicUrl);
    });
  }

  return {
    /** Enables or locks one entry, or sets the value it is locked to. */
    postGroupGameSetting(actor: UserDto, groupID: string, body: PostGroupGameSettingBody): Promise<FullGroupDto> {
      return change(actor, groupID, body.expectedUpdatedAt, (settings, gameName) => {
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
      return change(actor, groupID, body.expectedUpdatedAt, (settings, gameName) => {
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
