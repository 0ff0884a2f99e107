import { MAX_LEADER_BANS_DEFAULT, type GroupSettingEntry } from '../groups/settings';
import type { CivGameCatalogue, CivLeader, CivMap, SettingDefinition, SettingType } from './catalogue-types';
import { CIV4_LEADERS, CIV4_PACKS } from './leaders-civ4';
import { CIV5_LEADERS, CIV5_PACKS } from './leaders-civ5';
import { CIV6_LEADERS, CIV6_PACKS } from './leaders-civ6';
import { CIV4_MAPS, CIV5_MAPS, CIV6_MAPS } from './maps';
import { CIV4_SETTINGS, CIV5_SETTINGS, CIV6_SETTINGS } from './setting-definitions';

/** The catalogues of the supported Civilization games, keyed by game name. */
export const CIV_CATALOGUES: Readonly<Record<string, CivGameCatalogue>> = {
  'Civilization 6': { gameName: 'Civilization 6', packs: CIV6_PACKS, leaders: CIV6_LEADERS, maps: CIV6_MAPS, settings: CIV6_SETTINGS },
  'Civilization 5': { gameName: 'Civilization 5', packs: CIV5_PACKS, leaders: CIV5_LEADERS, maps: CIV5_MAPS, settings: CIV5_SETTINGS },
  'Civilization 4': { gameName: 'Civilization 4', packs: CIV4_PACKS, leaders: CIV4_LEADERS, maps: CIV4_MAPS, settings: CIV4_SETTINGS },
};

/** Spec 8: shown when a game has no civ list. */
export const FAILURE_TO_RETRIEVE_CIVS_MESSAGE = 'Failure to retrieve civilizations';
/** Spec 8: raised when a group's game has no default settings. */
export const NO_DEFAULT_SETTINGS_MESSAGE = 'Cannot get default settings.';

/** Thrown when a game has no catalogue data; its message is one of the two messages above. */
export class CivCatalogueError extends Error {
  override readonly name = 'CivCatalogueError';
}

/** The catalogue of a game, or undefined (Civilization 1-3, other games). */
export function findCivCatalogue(gameName: string): CivGameCatalogue | undefined {
  // Own keys only: a game name such as 'constructor' must not reach Object.prototype.
  return Object.hasOwn(CIV_CATALOGUES, gameName) ? CIV_CATALOGUES[gameName] : undefined;
}

/** Leaders of a game; throws CivCatalogueError(FAILURE_TO_RETRIEVE_CIVS_MESSAGE) when the game has no civ list. */
export function leadersFor(gameName: string): readonly CivLeader[] {
  const leaders = findCivCatalogue(gameName)?.leaders;
  if (!leaders?.length) throw new CivCatalogueError(FAILURE_TO_RETRIEVE_CIVS_MESSAGE);
  return leaders;
}

/** Maps of a game; same error as leadersFor when it has none. */
export function mapsFor(gameName: string): readonly CivMap[] {
  const maps = findCivCatalogue(gameName)?.maps;
  if (!maps?.length) throw new CivCatalogueError(FAILURE_TO_RETRIEVE_CIVS_MESSAGE);
  return maps;
}

/** Setting definitions of a game; throws CivCatalogueError(NO_DEFAULT_SETTINGS_MESSAGE) when it has none. */
export function settingDefinitionsFor(gameName: string): readonly SettingDefinition[] {
  const settings = findCivCatalogue(gameName)?.settings;
  if (!settings?.length) throw new CivCatalogueError(NO_DEFAULT_SETTINGS_MESSAGE);
  return settings;
}

/** The leader with this civID in a game's list, or undefined (also for games without a list). */
export function findLeader(gameName: string, civID: string): CivLeader | undefined {
  return findCivCatalogue(gameName)?.leaders.find((leader) => leader.civID === civID);
}

/** The map with this name in a game's list, or undefined (also for games without a list). */
export function findMap(gameName: string, name: string): CivMap | undefined {
  return findCivCatalogue(gameName)?.maps.find((map) => map.name === name);
}

/** The definition of one setting of a game, or undefined (also for games without definitions). */
export function findSettingDefinition(gameName: string, settingType: SettingType, title: string): SettingDefinition | undefined {
  return findCivCatalogue(gameName)?.settings.find((definition) => definition.settingType === settingType && definition.title === title);
}

/** The group-level settings a new group of this game starts with: every entry enabled, value and lockedValue = default, maxNumberOfLeaderBans 5. Throws NO_DEFAULT_SETTINGS_MESSAGE for games without definitions. */
export function defaultCivGroupSettings(gameName: string): {
  maxNumberOfLeaderBans: number;
  gameSettings: GroupSettingEntry[];
  gameModes: GroupSettingEntry[];
  victoryTypes: GroupSettingEntry[];
  tradingAndDiplomacy: GroupSettingEntry[];
} {
  const definitions = settingDefinitionsFor(gameName);
  const entriesOf = (settingType: SettingType): GroupSettingEntry[] =>
    definitions
      .filter((definition) => definition.settingType === settingType)
      .map((definition) => ({ title: definition.title, isEnabled: true, value: definition.default, lockedValue: definition.default }));
  return {
    maxNumberOfLeaderBans: MAX_LEADER_BANS_DEFAULT,
    gameSettings: entriesOf('gameSettings'),
    gameModes: entriesOf('gameModes'),
    victoryTypes: entriesOf('victoryTypes'),
    tradingAndDiplomacy: entriesOf('tradingAndDiplomacy'),
  };
}
