import { defaultGroupSettings, type GroupSettingEntry, type GroupSettings } from '../groups/settings';
import { defaultCivGroupSettings, findCivCatalogue } from './catalogue';
import { SETTING_TYPES, type SettingDefinition, type SettingType, type SettingValue } from './catalogue-types';

const entryFrom = (definition: SettingDefinition, stored: GroupSettingEntry | undefined): GroupSettingEntry => {
  const known = (value: unknown): value is SettingValue => definition.options.includes(value as SettingValue);
  const lockedValue = known(stored?.lockedValue) ? stored.lockedValue : definition.default;
  return {
    title: definition.title,
    isEnabled: stored?.isEnabled ?? true,
    value: known(stored?.value) ? stored.value : lockedValue,
    lockedValue,
  };
};

/**
 * A group's game settings as the catalogue defines them today: one entry per definition, in the
 * catalogue's order, keeping what the group stored and filling in defaults for anything new (groups
 * made before the catalogue, or before a setting was added). Games without a catalogue keep what they have.
 */
export function resolveGroupSettings(gameName: string, stored: GroupSettings): GroupSettings {
  const catalogue = findCivCatalogue(gameName);
  if (!catalogue) return stored;
  const resolved = { ...stored };
  for (const type of SETTING_TYPES) {
    const byTitle = new Map(stored[type].map((entry) => [entry.title, entry]));
    resolved[type] = catalogue.settings.filter((d) => d.settingType === type).map((d) => entryFrom(d, byTitle.get(d.title)));
  }
  return resolved;
}

/** The entry of a resolved settings object, by type and title. */
export const findGroupEntry = (settings: GroupSettings, type: SettingType, title: string): GroupSettingEntry | undefined =>
  settings[type].find((entry) => entry.title === title);

/** The value a setting has for a game when the group locks it, or a member's choice when it is enabled. */
export const effectiveValue = (entry: GroupSettingEntry, preferred: SettingValue | undefined): SettingValue | null =>
  entry.isEnabled ? (preferred ?? (entry.value as SettingValue | null)) : (entry.lockedValue as SettingValue | null);

/** The settings a new group starts with: the catalogue's defaults for Civilization games, empty lists otherwise. */
export const initialGroupSettings = (gameName: string): GroupSettings =>
  findCivCatalogue(gameName) ? defaultCivGroupSettings(gameName) : defaultGroupSettings();
