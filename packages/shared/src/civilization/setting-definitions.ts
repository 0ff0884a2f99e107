import type { SettingDefinition, SettingType, SettingValue } from './catalogue-types';

// Options are typed as a const tuple so a default that is not one of them fails to compile.
const setting = <const Options extends readonly SettingValue[]>(
  settingType: SettingType,
  title: string,
  options: Options,
  defaultValue: Options[number],
): SettingDefinition => ({ title, settingType, options, default: defaultValue });

const OFF_ON = ['Off', 'On'] as const;
const ON_OFF = ['On', 'Off'] as const;
const MAP_SIZES = ['Duel', 'Tiny', 'Small', 'Standard', 'Large', 'Huge'] as const;
const CIV5_CIV6_DIFFICULTIES = ['Settler', 'Chieftain', 'Warlord', 'Prince', 'King', 'Emperor', 'Immortal', 'Deity'] as const;
const CIV5_CIV6_ERAS = [
  'Ancient Era',
  'Classical Era',
  'Medieval Era',
  'Renaissance Era',
  'Industrial Era',
  'Modern Era',
  'Atomic Era',
  'Information Era',
] as const;
const CIV6_VICTORY_TIMING = ['Earliest', 'Early', 'Standard', 'Off'] as const;

const gameSetting = <const Options extends readonly SettingValue[]>(title: string, options: Options, defaultValue: Options[number]) =>
  setting('gameSettings', title, options, defaultValue);
const civ6Victory = (title: string) => setting('victoryTypes', title, CIV6_VICTORY_TIMING, 'Standard');
// Civilization IV and V only switch a victory on or off; every victory counts unless a group says otherwise.
const switchableVictory = (title: string) => setting('victoryTypes', title, ON_OFF, 'On');
const gameMode = (title: string) => setting('gameModes', title, OFF_ON, 'Off');
// Spec 9 turns every Civ 6 trading option off by default; Civ 5 and 4 follow the same lobby convention.
const tradingRule = (title: string) => setting('tradingAndDiplomacy', title, OFF_ON, 'Off');

// The first seven game settings, the victory types, game modes and trading rules and their defaults are spec 9's.
// Smart-Timer and the Competitive Turn Timer are community lobby settings with no row in the game's data
// (game-data.md 1.3, 6). Difficulty, World Age, Resources and Start Position are the game's own setup parameters with
// the game's defaults (1.2, 1.3); Start Position uses the multiplayer default, Balanced.
/** Civilization VI lobby settings, in the order the settings pages show them. */
export const CIV6_SETTINGS: readonly SettingDefinition[] = [
  gameSetting(
    'Turn Timer',
    ['No Turn Timer', 'Standard Turn Timer', 'Dynamic Turn Timer', 'Competitive Turn Timer'],
    'Standard Turn Timer',
  ),
  gameSetting('Turn Mode', ['Simultaneous Turns', 'Dynamic Turns'], 'Dynamic Turns'),
  gameSetting('Smart-Timer', ['Off', 'Light', 'Moderate', 'Strict'], 'Moderate'),
  gameSetting('Start Era', CIV5_CIV6_ERAS, 'Ancient Era'),
  gameSetting('Game Speed', ['Online', 'Quick', 'Standard', 'Epic', 'Marathon'], 'Online'),
  gameSetting('Disaster Intensity', [0, 1, 2, 3, 4], 2),
  gameSetting('Map Size', MAP_SIZES, 'Standard'),
  gameSetting('Difficulty', CIV5_CIV6_DIFFICULTIES, 'Prince'),
  gameSetting('World Age', ['New', 'Standard', 'Old', 'Random'], 'Standard'),
  gameSetting('Resources', ['Sparse', 'Standard', 'Abundant', 'Random'], 'Standard'),
  gameSetting('Start Position', ['Balanced', 'Standard', 'Legendary'], 'Balanced'),

  civ6Victory('Science Victory'),
  civ6Victory('Culture Victory'),
  civ6Victory('Domination Victory'),
  civ6Victory('Religious Victory'),
  civ6Victory('Diplomatic Victory'),
  civ6Victory('Score Victory'),

  gameMode('Apocalypse Mode'),
  gameMode('Secret Societies Mode'),
  gameMode('Dramatic Ages Mode'),
  gameMode('Heroes & Legends Mode'),
  gameMode('Monopolies and Corporations Mode'),
  gameMode('Zombie Defense Mode'),
  gameMode('Barbarian Clans Mode'),
  gameMode('Tech and Civic Shuffle Mode'),

  // Deal categories of the game's diplomacy screen and the rules competitive lobbies vote on (1.3).
  tradingRule('Gold Trading'),
  tradingRule('Luxuries Trading'),
  tradingRule('Strategics Trading'),
  tradingRule('Great Works Trading'),
  tradingRule('City Trading'),
  tradingRule('Open Borders'),
  tradingRule('Military Alliance'),
  tradingRule('Official Friends/Allies'),
];

// Game speeds and map sizes are PYDT's (game-data.md 2.1); eras, difficulties, victories and deal items are the
// game's well-known setup screens, not researched rows. Civilization V has no game modes.
/** Civilization V lobby settings. */
export const CIV5_SETTINGS: readonly SettingDefinition[] = [
  gameSetting('Game Speed', ['Quick', 'Standard', 'Epic', 'Marathon'], 'Standard'),
  gameSetting('Map Size', MAP_SIZES, 'Standard'),
  gameSetting('Start Era', CIV5_CIV6_ERAS, 'Ancient Era'),
  gameSetting('Difficulty', CIV5_CIV6_DIFFICULTIES, 'Prince'),

  switchableVictory('Time Victory'),
  switchableVictory('Science Victory'),
  switchableVictory('Domination Victory'),
  switchableVictory('Cultural Victory'),
  switchableVictory('Diplomatic Victory'),

  tradingRule('Gold Trading'),
  tradingRule('Luxuries Trading'),
  tradingRule('Strategics Trading'),
  tradingRule('Open Borders'),
  tradingRule('Defensive Pact'),
  tradingRule('Research Agreement'),
];

// The reference has no Civilization IV setup data; these are the game's well-known setup screens (Beyond the Sword:
// Normal speed and Noble difficulty are its middle settings). Civilization IV has no game modes.
/** Civilization IV lobby settings. */
export const CIV4_SETTINGS: readonly SettingDefinition[] = [
  gameSetting('Game Speed', ['Quick', 'Normal', 'Epic', 'Marathon'], 'Normal'),
  gameSetting('Map Size', MAP_SIZES, 'Standard'),
  gameSetting(
    'Start Era',
    ['Ancient Era', 'Classical Era', 'Medieval Era', 'Renaissance Era', 'Industrial Era', 'Modern Era', 'Future Era'],
    'Ancient Era',
  ),
  gameSetting('Difficulty', ['Settler', 'Chieftain', 'Warlord', 'Noble', 'Prince', 'Monarch', 'Emperor', 'Immortal', 'Deity'], 'Noble'),

  switchableVictory('Time Victory'),
  switchableVictory('Space Race Victory'),
  switchableVictory('Conquest Victory'),
  switchableVictory('Domination Victory'),
  switchableVictory('Cultural Victory'),
  switchableVictory('Diplomatic Victory'),

  tradingRule('Tech Trading'),
  tradingRule('Tech Brokering'),
  tradingRule('Gold Trading'),
  tradingRule('Resource Trading'),
  tradingRule('Map Trading'),
  tradingRule('Open Borders'),
  tradingRule('Defensive Pact'),
  tradingRule('Permanent Alliance'),
  tradingRule('Vassal States'),
];
