import { RUNESCAPE_SKILLS } from './skills';

/**
 * The skills a clan's stats follow: the spec's 23 and the ones Old School added since (Sailing).
 * Snapshots keep every line the hiscores send, so a skill added later has its history too.
 */
export const TRACKED_SKILLS = [...RUNESCAPE_SKILLS, { id: 'sailing', label: 'Sailing', hiscoresName: 'Sailing' }] as const;

export type TrackedSkill = (typeof TRACKED_SKILLS)[number]['id'];

export const TRACKED_SKILL_IDS = TRACKED_SKILLS.map((skill) => skill.id) as unknown as readonly [TrackedSkill, ...TrackedSkill[]];

/** 'overall' (the total) or one tracked skill: the series of a player's chart and records. */
export const OVERALL = 'overall';
export type StatKey = typeof OVERALL | TrackedSkill;

/** The games whose hiscores a clan follows: Old School RuneScape's or RuneScape 3's. */
export type ClanGame = 'osrs' | 'rs3';

/** The skills only RuneScape 3 has, in its hiscores' order (after Construction). */
export const RS3_ONLY_SKILLS = [
  { id: 'summoning', label: 'Summoning', hiscoresName: 'Summoning' },
  { id: 'dungeoneering', label: 'Dungeoneering', hiscoresName: 'Dungeoneering' },
  { id: 'divination', label: 'Divination', hiscoresName: 'Divination' },
  { id: 'invention', label: 'Invention', hiscoresName: 'Invention' },
  { id: 'archaeology', label: 'Archaeology', hiscoresName: 'Archaeology' },
  { id: 'necromancy', label: 'Necromancy', hiscoresName: 'Necromancy' },
] as const;

/** Every skill a clan of either game follows: Old School's (with Sailing), then RuneScape 3's own. */
export const CLAN_SKILLS = [...TRACKED_SKILLS, ...RS3_ONLY_SKILLS] as const;
export type ClanSkill = (typeof CLAN_SKILLS)[number]['id'];
export const CLAN_SKILL_IDS = CLAN_SKILLS.map((skill) => skill.id) as unknown as readonly [ClanSkill, ...ClanSkill[]];

/** A skill of one game: its id, its name in that game, and the name its hiscores give the line. */
export interface GameSkill {
  id: ClanSkill;
  label: string;
  hiscoresName: string;
}

/**
 * RuneScape 3's 29 skills in its hiscores' order. The 23 it shares with Old School keep their ids;
 * RuneScape 3's hiscores name them as the spec does (Constitution, Runecrafting).
 */
export const RS3_TRACKED_SKILLS: readonly GameSkill[] = [
  ...RUNESCAPE_SKILLS.map((skill) => ({ id: skill.id, label: skill.label, hiscoresName: skill.label })),
  ...RS3_ONLY_SKILLS,
];

/** Old School's skills under Old School's own names (Hitpoints, Runecraft); the ids stay the spec's. */
export const OSRS_TRACKED_SKILLS: readonly GameSkill[] = TRACKED_SKILLS.map((skill) => ({
  id: skill.id,
  label: skill.hiscoresName,
  hiscoresName: skill.hiscoresName,
}));

/** The skills a clan of this game follows, in its hiscores' order, under its own names. */
export const skillsOfGame = (game: ClanGame): readonly GameSkill[] => (game === 'rs3' ? RS3_TRACKED_SKILLS : OSRS_TRACKED_SKILLS);

/** 'overall' or a skill of either game: the series of a player's chart and records. */
export type ClanStatKey = typeof OVERALL | ClanSkill;
