import type { SettingType } from '@smm/shared/civilization/catalogue-types';

/** The sub-headings the settings are grouped under, in SETTING_TYPES order. */
export const SETTING_TYPE_HEADINGS: Record<SettingType, string> = {
  gameSettings: 'Game Settings',
  gameModes: 'Game Modes',
  victoryTypes: 'Victory Types',
  tradingAndDiplomacy: 'Trading and Diplomacy',
};
