import { SETTING_TYPES, type SettingDefinition, type SettingType, type SettingValue } from '@smm/shared/civilization/catalogue-types';
import type { SettingEntryInput, UpdateGroupBody } from '@smm/shared/civilization/schemas';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { currentTimeZoneName } from '@smm/shared/events/time-zone';

/** One entry in the Edit Game Settings dialog: members choose (enabled), or locked to lockedValue. */
export interface EntryForm {
  title: string;
  isEnabled: boolean;
  lockedValue: SettingValue;
  options: readonly SettingValue[];
}

export interface GameSettingsForm {
  timeZone: string;
  maxNumberOfLeaderBans: number;
  allowDuplicateCivs: boolean;
  entries: Record<SettingType, EntryForm[]>;
}

const isValue = (value: unknown): value is SettingValue => typeof value === 'string' || typeof value === 'number';

/** The dialog's starting state: the group's entries that the game defines, with their options. */
export function formFromGroup(group: FullGroupDto, definitions: readonly SettingDefinition[]): GameSettingsForm {
  const entriesOf = (type: SettingType): EntryForm[] =>
    group.settings[type].flatMap((entry) => {
      const definition = definitions.find((d) => d.settingType === type && d.title === entry.title);
      if (!definition) return [];
      const known = definition.options.find((option) => isValue(entry.lockedValue) && String(option) === String(entry.lockedValue));
      return [{ title: entry.title, isEnabled: entry.isEnabled, lockedValue: known ?? definition.default, options: definition.options }];
    });
  return {
    timeZone: group.timeZone,
    maxNumberOfLeaderBans: group.settings.maxNumberOfLeaderBans,
    // Groups made before the setting existed have none: duplicates are off.
    allowDuplicateCivs: group.settings.allowDuplicateCivs ?? false,
    entries: Object.fromEntries(SETTING_TYPES.map((type) => [type, entriesOf(type)])) as Record<SettingType, EntryForm[]>,
  };
}

/**
 * The updateGroup body of the dialog: the time zone and ban limit, and only the duplicates switch and
 * entries that changed (the server keeps the rest), so two Administrators editing different ones do not undo each other.
 */
export function updateGroupBodyFrom(group: FullGroupDto, form: GameSettingsForm): UpdateGroupBody {
  const settings: NonNullable<UpdateGroupBody['settings']> = { maxNumberOfLeaderBans: form.maxNumberOfLeaderBans };
  if (form.allowDuplicateCivs !== (group.settings.allowDuplicateCivs ?? false)) settings.allowDuplicateCivs = form.allowDuplicateCivs;
  for (const type of SETTING_TYPES) {
    const changed: SettingEntryInput[] = form.entries[type]
      .filter((entry) => {
        const before = group.settings[type].find((e) => e.title === entry.title);
        return !before || before.isEnabled !== entry.isEnabled || String(before.lockedValue) !== String(entry.lockedValue);
      })
      .map(({ title, isEnabled, lockedValue }) => ({ title, isEnabled, lockedValue }));
    if (changed.length > 0) settings[type] = changed;
  }
  return { timeZone: form.timeZone, settings };
}

/** Every IANA zone the browser knows, UTC first, and the group's own zone even if this browser lacks it. */
export function timeZoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  // Under their current names (Asia/Kolkata, not Asia/Calcutta), as the server stores them.
  const zones = ['UTC', ...[...new Set(known.map(currentTimeZoneName))].sort().filter((zone) => zone !== 'UTC')];
  return zones.includes(current) ? zones : [current, ...zones];
}
