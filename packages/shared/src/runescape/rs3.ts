import { z } from 'zod';
import { OSRS_GAME_MODES, type OsrsGameMode } from './game-modes';
import type { ClanGame } from './tracked-skills';

/**
 * RuneScape 3's hiscores (`m=<table>/index_lite.ws`, CSV): their own tables, skills and activities.
 * Lines come in this fixed order with no names (RuneScape Wiki, "Application programming interface").
 */
export const RS3_GAME_MODES = [
  { id: 'rs3', label: 'RuneScape 3', table: 'hiscore' },
  { id: 'rs3Ironman', label: 'RuneScape 3 Ironman', table: 'hiscore_ironman' },
  { id: 'rs3Hardcore', label: 'RuneScape 3 Hardcore Ironman', table: 'hiscore_hardcore_ironman' },
] as const;
export type Rs3GameMode = (typeof RS3_GAME_MODES)[number]['id'];

/** Overall, then the 29 skills, in the CSV's order. */
export const RS3_SKILL_NAMES = [
  'Overall',
  'Attack',
  'Defence',
  'Strength',
  'Constitution',
  'Ranged',
  'Prayer',
  'Magic',
  'Cooking',
  'Woodcutting',
  'Fletching',
  'Fishing',
  'Firemaking',
  'Crafting',
  'Smithing',
  'Mining',
  'Herblore',
  'Agility',
  'Thieving',
  'Slayer',
  'Farming',
  'Runecrafting',
  'Hunter',
  'Construction',
  'Summoning',
  'Dungeoneering',
  'Divination',
  'Invention',
  'Archaeology',
  'Necromancy',
] as const;

/** The activity lines (`rank,score`) after the skills, in the CSV's order. */
export const RS3_ACTIVITY_NAMES = [
  'Bounty Hunter',
  'B.H. Rogues',
  'Dominion Tower',
  'The Crucible',
  'Castle Wars games',
  'B.A. Attackers',
  'B.A. Defenders',
  'B.A. Collectors',
  'B.A. Healers',
  'Duel Tournament',
  'Mobilising Armies',
  'Conquest',
  'Fist of Guthix',
  'GG: Athletics',
  'GG: Resource Race',
  'WE2: Armadyl Lifetime Contribution',
  'WE2: Bandos Lifetime Contribution',
  'WE2: Armadyl PvP kills',
  'WE2: Bandos PvP kills',
  'Heist Guard Level',
  'Heist Robber Level',
  'CFP: 5 game average',
  'AF15: Cow Tipping',
  'AF15: Rats killed after the miniquest',
  'RuneScore',
  'Clue Scrolls Easy',
  'Clue Scrolls Medium',
  'Clue Scrolls Hard',
  'Clue Scrolls Elite',
  'Clue Scrolls Master',
] as const;

export const isRs3Table = (table: string) => RS3_GAME_MODES.some((mode) => mode.table === table);

/** The game a RuneScape clan plays, from its group's game name. */
export const RS3_GAME_NAME = 'RuneScape';

/** Every hiscores mode a clan member may link: Old School's tables and RuneScape 3's. */
export type ClanGameMode = OsrsGameMode | Rs3GameMode;
export const CLAN_GAME_MODES = [
  ...OSRS_GAME_MODES.map((mode) => ({ ...mode, game: 'osrs' as const })),
  ...RS3_GAME_MODES.map((mode) => ({ ...mode, game: 'rs3' as const })),
];
export const CLAN_GAME_MODE_IDS = CLAN_GAME_MODES.map((mode) => mode.id) as unknown as readonly [ClanGameMode, ...ClanGameMode[]];
export const clanGameMode = z.enum(CLAN_GAME_MODE_IDS, { error: `Game mode must be one of ${CLAN_GAME_MODE_IDS.join(', ')}` });

/** The label, table and game of a clan game mode. */
export function hiscoresModeById(id: ClanGameMode) {
  const mode = CLAN_GAME_MODES.find((m) => m.id === id);
  if (!mode) throw new Error(`Unknown game mode ${id}`);
  return mode;
}

/** The modes a clan of this game links: RuneScape 3 clans use RuneScape 3's hiscores, the others Old School's. */
export const modesForGame = (gameName: string) =>
  CLAN_GAME_MODES.filter((mode) => (gameName === RS3_GAME_NAME ? mode.game === 'rs3' : mode.game === 'osrs'));

/** The game whose hiscores a clan follows, from its group's game name ('RuneScape' is RuneScape 3). */
export const clanGameOf = (gameName: string): ClanGame => (gameName === RS3_GAME_NAME ? 'rs3' : 'osrs');

/** The game a linked account's mode belongs to. */
export const gameOfMode = (id: ClanGameMode): ClanGame => hiscoresModeById(id).game;

/** How a game's name reads on its pages. */
export const CLAN_GAME_LABELS: Record<ClanGame, string> = { osrs: 'Old School RuneScape', rs3: 'RuneScape 3' };
