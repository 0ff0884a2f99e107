/** The four groups of game settings a Civilization group and its members set (spec 3, Group.settings). */
export const SETTING_TYPES = ['gameSettings', 'gameModes', 'victoryTypes', 'tradingAndDiplomacy'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/** A setting's value: an option's label, or a number for sliders such as Disaster Intensity. */
export type SettingValue = string | number;

/** A leader and the civilization (nation) they lead; civID is stable across releases of the catalogue. */
export interface CivLeader {
  civID: string;
  leader: string;
  nation: string;
  /** The DLC pack or expansion the leader comes with ('Base Game' for the base roster). */
  pack: string;
}

/** A map script and the fewest players a game on it needs. */
export interface CivMap {
  name: string;
  minPlayers: number;
}

/** One lobby setting: its title, the options the lobby offers and the default a new group starts with. */
export interface SettingDefinition {
  title: string;
  settingType: SettingType;
  options: readonly SettingValue[];
  default: SettingValue;
}

/** Everything the product knows about one Civilization game. */
export interface CivGameCatalogue {
  gameName: string;
  /** Pack names in the order the Leader Bans list groups them. */
  packs: readonly string[];
  leaders: readonly CivLeader[];
  maps: readonly CivMap[];
  settings: readonly SettingDefinition[];
}
