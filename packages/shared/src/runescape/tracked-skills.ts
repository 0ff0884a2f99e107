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
