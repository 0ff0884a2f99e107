import { describe, expect, it } from 'vitest';
import { GAME_CATALOGUE } from '../games/catalogue';
import {
  CIV_CATALOGUES,
  CivCatalogueError,
  defaultCivGroupSettings,
  findCivCatalogue,
  findLeader,
  findMap,
  findSettingDefinition,
  leadersFor,
  mapsFor,
  settingDefinitionsFor,
} from './catalogue';
import { SETTING_TYPES } from './catalogue-types';

// Expected values are written out by hand from spec sections 5 and 9 and game-data.md, not derived from the code.
const CIV_GAMES = ['Civilization 6', 'Civilization 5', 'Civilization 4'] as const;
const catalogues = CIV_GAMES.map((gameName) => {
  const catalogue = findCivCatalogue(gameName);
  if (!catalogue) throw new Error(`no catalogue for ${gameName}`);
  return catalogue;
});

const duplicatesOf = (values: readonly unknown[]) => values.filter((value, index) => values.indexOf(value) !== index);

describe('the catalogue covers exactly the supported Civilization games', () => {
  it('has one catalogue per supported civGroup game, keyed by its name', () => {
    const supportedCivGames = GAME_CATALOGUE.filter((game) => game.linkURL === 'civGroup' && game.status === 'supported');
    expect(Object.keys(CIV_CATALOGUES).sort()).toEqual(supportedCivGames.map((game) => game.gameName).sort());
    for (const [key, catalogue] of Object.entries(CIV_CATALOGUES)) expect(catalogue.gameName).toBe(key);
  });

  it.each(['Civilization 3', 'Civilization 2', 'Civilization 1', 'Dota 2', 'RuneScape', '', 'constructor', 'toString'])(
    'has no catalogue for %j',
    (gameName) => {
      expect(findCivCatalogue(gameName)).toBeUndefined();
    },
  );
});

describe('leaders', () => {
  it('Civ 6 holds exactly 77 leader/civilization pairs with unique civIDs and unique pairs', () => {
    const leaders = leadersFor('Civilization 6');
    expect(leaders).toHaveLength(77);
    expect(duplicatesOf(leaders.map((leader) => leader.civID))).toEqual([]);
    expect(duplicatesOf(leaders.map((leader) => `${leader.leader} / ${leader.nation}`))).toEqual([]);
  });

  it('Civ 6 starts with the base game in the reference order and leaves out the BBG mod leaders', () => {
    const leaders = leadersFor('Civilization 6');
    expect(leaders[0]).toEqual({
      civID: 'LEADER_T_ROOSEVELT',
      leader: 'Teddy Roosevelt (Bull Moose)',
      nation: 'America',
      pack: 'Base Game',
    });
    expect(leaders.slice(0, 19).every((leader) => leader.pack === 'Base Game')).toBe(true);
    expect(leaders.filter((leader) => leader.pack === 'Base Game')).toHaveLength(19);
    expect(leaders[76]?.civID).toBe('LEADER_NADER_SHAH');
    for (const modLeader of ['Olympias', 'Vercingetorix', 'Ahiram', 'Kiviuq', 'Trisong Detsen']) {
      expect(leaders.some((leader) => leader.leader.includes(modLeader))).toBe(false);
    }
  });

  it('Civ 6 pack sizes match the reference counts', () => {
    const count = (pack: string) => leadersFor('Civilization 6').filter((leader) => leader.pack === pack).length;
    expect(count('Aztec Civilization Pack')).toBe(1);
    expect(count('Rise and Fall Expansion')).toBe(9);
    expect(count('Gathering Storm Expansion')).toBe(10);
    expect(count('Julius Caesar Leader Pack')).toBe(1);
  });

  it('Civ 5 has 43 leaders and Civ 4 has 52 leaders of 34 civilizations', () => {
    expect(leadersFor('Civilization 5')).toHaveLength(43);
    const civ4 = leadersFor('Civilization 4');
    expect(civ4).toHaveLength(52);
    expect(new Set(civ4.map((leader) => leader.nation)).size).toBe(34);
  });

  it.each(CIV_GAMES)('%s: civIDs are unique LeaderTypes', (gameName) => {
    const civIDs = leadersFor(gameName).map((leader) => leader.civID);
    expect(duplicatesOf(civIDs)).toEqual([]);
    for (const civID of civIDs) expect(civID).toMatch(/^LEADER_[A-Z0-9_]+$/);
  });

  it.each(catalogues)('$gameName: every leader is in a listed pack and every listed pack has a leader', (catalogue) => {
    expect(catalogue.packs[0]).toBe('Base Game');
    expect(duplicatesOf(catalogue.packs)).toEqual([]);
    for (const leader of catalogue.leaders) expect(catalogue.packs).toContain(leader.pack);
    for (const pack of catalogue.packs) expect(catalogue.leaders.some((leader) => leader.pack === pack)).toBe(true);
  });

  it('finds a leader by civID within its game only', () => {
    expect(findLeader('Civilization 6', 'LEADER_KUPE')).toEqual({
      civID: 'LEADER_KUPE',
      leader: 'Kupe',
      nation: 'Māori',
      pack: 'Gathering Storm Expansion',
    });
    expect(findLeader('Civilization 5', 'LEADER_KUPE')).toBeUndefined();
    expect(findLeader('Civilization 3', 'LEADER_KUPE')).toBeUndefined();
  });
});

describe('maps', () => {
  const sixPlayerMaps = ['Earth', 'East Asia', 'Europe', 'Inland Sea'];

  it('Civ 6: Earth, East Asia, Europe and Inland Sea need 6 players, every other map 1', () => {
    const maps = mapsFor('Civilization 6');
    for (const name of sixPlayerMaps) expect(findMap('Civilization 6', name)?.minPlayers).toBe(6);
    for (const map of maps.filter((map) => !sixPlayerMaps.includes(map.name))) expect(map.minPlayers).toBe(1);
    expect(maps.filter((map) => map.minPlayers === 6)).toHaveLength(4);
  });

  it('Civ 6 lists official maps only', () => {
    const names = mapsFor('Civilization 6').map((map) => map.name);
    for (const official of ['Continents', 'Pangaea', 'Seven Seas', 'Tilted Axis', 'True Start Location Earth']) {
      expect(names).toContain(official);
    }
    for (const excluded of ['Empty Map', 'Rich Highlands', 'Pangaea Ultima', 'Tilted Axis Wraparound']) {
      expect(names).not.toContain(excluded);
    }
  });

  it.each(['Civilization 5', 'Civilization 4'])('%s: every map needs 1 player', (gameName) => {
    const maps = mapsFor(gameName);
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) expect(map.minPlayers).toBe(1);
  });

  it.each(CIV_GAMES)('%s: map names are unique', (gameName) => {
    expect(duplicatesOf(mapsFor(gameName).map((map) => map.name))).toEqual([]);
  });
});

describe('setting definitions', () => {
  it.each(CIV_GAMES)("%s: every setting's default is one of its options, of the same type", (gameName) => {
    for (const definition of settingDefinitionsFor(gameName)) {
      expect(definition.options, definition.title).toContain(definition.default);
      expect(duplicatesOf(definition.options), definition.title).toEqual([]);
    }
  });

  it.each(CIV_GAMES)('%s: titles are unique within each setting type', (gameName) => {
    for (const settingType of SETTING_TYPES) {
      const titles = settingDefinitionsFor(gameName)
        .filter((definition) => definition.settingType === settingType)
        .map((definition) => definition.title);
      expect(duplicatesOf(titles), settingType).toEqual([]);
    }
  });

  it.each(CIV_GAMES)('%s: has game settings, victory types and trading rules', (gameName) => {
    for (const settingType of ['gameSettings', 'victoryTypes', 'tradingAndDiplomacy'] as const) {
      expect(settingDefinitionsFor(gameName).some((definition) => definition.settingType === settingType)).toBe(true);
    }
  });

  const civ6GameSettingDefaults: [title: string, value: string | number][] = [
    ['Turn Timer', 'Standard Turn Timer'],
    ['Turn Mode', 'Dynamic Turns'],
    ['Smart-Timer', 'Moderate'],
    ['Start Era', 'Ancient Era'],
    ['Game Speed', 'Online'],
    ['Disaster Intensity', 2],
    ['Map Size', 'Standard'],
  ];

  it.each(civ6GameSettingDefaults)('Civ 6: %s defaults to %j (spec 9)', (title, value) => {
    expect(findSettingDefinition('Civilization 6', 'gameSettings', title)?.default).toBe(value);
  });

  it('Civ 6: the spec 9 game settings offer the spec options', () => {
    const optionsOf = (title: string) => findSettingDefinition('Civilization 6', 'gameSettings', title)?.options;
    expect(optionsOf('Disaster Intensity')).toEqual([0, 1, 2, 3, 4]);
    expect(optionsOf('Turn Timer')).toEqual(['No Turn Timer', 'Standard Turn Timer', 'Dynamic Turn Timer', 'Competitive Turn Timer']);
    expect(optionsOf('Turn Mode')).toEqual(['Simultaneous Turns', 'Dynamic Turns']);
    expect(optionsOf('Smart-Timer')).toEqual(['Off', 'Light', 'Moderate', 'Strict']);
    expect(optionsOf('Game Speed')).toEqual(['Online', 'Quick', 'Standard', 'Epic', 'Marathon']);
    expect(optionsOf('Map Size')).toEqual(['Duel', 'Tiny', 'Small', 'Standard', 'Large', 'Huge']);
    expect(optionsOf('Start Era')).toEqual([
      'Ancient Era',
      'Classical Era',
      'Medieval Era',
      'Renaissance Era',
      'Industrial Era',
      'Modern Era',
      'Atomic Era',
      'Information Era',
    ]);
  });

  it('Civ 6: the six victory types default to Standard with options Earliest, Early, Standard, Off', () => {
    const victories = settingDefinitionsFor('Civilization 6').filter((definition) => definition.settingType === 'victoryTypes');
    expect(victories.map((definition) => definition.title).sort()).toEqual([
      'Culture Victory',
      'Diplomatic Victory',
      'Domination Victory',
      'Religious Victory',
      'Science Victory',
      'Score Victory',
    ]);
    for (const victory of victories) {
      expect(victory.options).toEqual(['Earliest', 'Early', 'Standard', 'Off']);
      expect(victory.default).toBe('Standard');
    }
  });

  it('Civ 6: the eight game modes and every trading option default to Off', () => {
    const definitions = settingDefinitionsFor('Civilization 6');
    const modes = definitions.filter((definition) => definition.settingType === 'gameModes');
    expect(modes).toHaveLength(8);
    expect(modes.map((mode) => mode.title)).toContain('Apocalypse Mode');
    const trading = definitions.filter((definition) => definition.settingType === 'tradingAndDiplomacy');
    expect(trading.map((rule) => rule.title)).toEqual(expect.arrayContaining(['Gold Trading', 'Luxuries Trading', 'Strategics Trading']));
    for (const definition of [...modes, ...trading]) {
      expect(definition.default, definition.title).toBe('Off');
      expect(definition.options, definition.title).toEqual(['Off', 'On']);
    }
  });

  it('finds a definition by game, type and title only', () => {
    expect(findSettingDefinition('Civilization 6', 'victoryTypes', 'Science Victory')?.default).toBe('Standard');
    expect(findSettingDefinition('Civilization 6', 'gameSettings', 'Science Victory')).toBeUndefined();
    expect(findSettingDefinition('Dota 2', 'gameSettings', 'Game Speed')).toBeUndefined();
  });
});

describe('defaultCivGroupSettings', () => {
  it('Civ 6: every definition enabled, value and lockedValue equal to its default, in definition order, 5 max bans', () => {
    const settings = defaultCivGroupSettings('Civilization 6');
    expect(settings.maxNumberOfLeaderBans).toBe(5);
    for (const settingType of SETTING_TYPES) {
      const expected = settingDefinitionsFor('Civilization 6')
        .filter((definition) => definition.settingType === settingType)
        .map((definition) => ({ title: definition.title, isEnabled: true, value: definition.default, lockedValue: definition.default }));
      expect(settings[settingType]).toEqual(expected);
    }
    expect(settings.gameSettings.slice(0, 7)).toEqual([
      { title: 'Turn Timer', isEnabled: true, value: 'Standard Turn Timer', lockedValue: 'Standard Turn Timer' },
      { title: 'Turn Mode', isEnabled: true, value: 'Dynamic Turns', lockedValue: 'Dynamic Turns' },
      { title: 'Smart-Timer', isEnabled: true, value: 'Moderate', lockedValue: 'Moderate' },
      { title: 'Start Era', isEnabled: true, value: 'Ancient Era', lockedValue: 'Ancient Era' },
      { title: 'Game Speed', isEnabled: true, value: 'Online', lockedValue: 'Online' },
      { title: 'Disaster Intensity', isEnabled: true, value: 2, lockedValue: 2 },
      { title: 'Map Size', isEnabled: true, value: 'Standard', lockedValue: 'Standard' },
    ]);
  });

  it('gives every call its own arrays, so editing one group cannot change the next', () => {
    const first = defaultCivGroupSettings('Civilization 6');
    first.gameSettings.length = 0;
    expect(defaultCivGroupSettings('Civilization 6').gameSettings.length).toBeGreaterThan(0);
  });

  it.each(['Civilization 5', 'Civilization 4'])('%s: has no game modes', (gameName) => {
    expect(defaultCivGroupSettings(gameName).gameModes).toEqual([]);
  });
});

describe('games without catalogue data', () => {
  it.each(['Civilization 3', 'Civilization 1', 'Dota 2'])("%s: leaders and maps throw 'Failure to retrieve civilizations'", (gameName) => {
    expect(() => leadersFor(gameName)).toThrow(new CivCatalogueError('Failure to retrieve civilizations'));
    expect(() => mapsFor(gameName)).toThrow(new CivCatalogueError('Failure to retrieve civilizations'));
    expect(() => leadersFor(gameName)).toThrow(CivCatalogueError);
  });

  it.each(['Dota 2', 'Civilization 3'])("%s: settings throw 'Cannot get default settings.'", (gameName) => {
    expect(() => settingDefinitionsFor(gameName)).toThrow(new CivCatalogueError('Cannot get default settings.'));
    expect(() => defaultCivGroupSettings(gameName)).toThrow(new CivCatalogueError('Cannot get default settings.'));
  });
});
