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
