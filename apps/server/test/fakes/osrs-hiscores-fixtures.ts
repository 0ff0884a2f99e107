/**
 * Real-shaped `index_lite.json` bodies (format of Jagex's Old School hiscores, post-Sailing):
 * 25 skill lines `{id, name, rank, level, xp}` starting with Overall, then activity lines
 * `{id, name, rank, score}`. Unranked lines read rank -1, level 1, xp -1.
 */

export const HISCORES_SKILL_NAMES = [
  'Attack',
  'Defence',
  'Strength',
  'Hitpoints',
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
  'Runecraft',
  'Hunter',
  'Construction',
  'Sailing',
] as const;

const ACTIVITY_NAMES = [
  'League Points',
  'Deadman Points',
  'Bounty Hunter - Hunter',
  'Bounty Hunter - Rogue',
  'Clue Scrolls (all)',
  'Clue Scrolls (beginner)',
  'LMS - Rank',
  'Colosseum Glory',
  'Collections Logged',
  'Abyssal Sire',
  'Zulrah',
];

export interface HiscoresSkillLine {
  id: number;
  name: string;
  rank: number;
  level: number;
  xp: number;
}
export interface HiscoresActivityLine {
  id: number;
  name: string;
  rank: number;
  score: number;
}
export interface HiscoresJson {
  skills: HiscoresSkillLine[];
  activities: HiscoresActivityLine[];
}

/** The Old School experience table: the xp at which `level` starts. */
export function xpForLevel(level: number): number {
  let points = 0;
  for (let l = 1; l < level; l += 1) points += Math.floor(l + 300 * 2 ** (l / 7));
  return Math.floor(points / 4);
}

export function levelForXp(xp: number): number {
  let level = 1;
  while (level < 99 && xpForLevel(level + 1) <= xp) level += 1;
  return level;
}

const rankForXp = (xp: number) => Math.max(1, 2_000_000 - Math.floor(xp / 100));

export interface HiscoresSpec {
  /** Experience per hiscores skill name; 'unranked' gives the -1 line. Others get `defaultXp`. */
  xp?: Partial<Record<string, number | 'unranked'>>;
  defaultXp?: number | 'unranked';
  /** Skill lines Jagex might add after the known ones. */
  extraSkills?: string[];
  extraActivities?: string[];
  /** Score per boss or activity name; the others are unranked (-1), except Clue Scrolls (all). */
  scores?: Partial<Record<string, number>>;
}

/** A consistent hiscores body: levels and ranks derive from xp, Overall sums the ranked skills. */
export function hiscoresJson({ xp = {}, defaultXp = 1_500_000, extraSkills = [], extraActivities = [], scores = {} }: HiscoresSpec = {}): HiscoresJson {
  const names = [...HISCORES_SKILL_NAMES, ...extraSkills];
  const lines = names.map((name, index): HiscoresSkillLine => {
    const value = xp[name] ?? defaultXp;
    if (value === 'unranked') return { id: index + 1, name, rank: -1, level: 1, xp: -1 };
    return { id: index + 1, name, rank: rankForXp(value), level: levelForXp(value), xp: value };
  });
  const totalXp = lines.reduce((sum, line) => sum + Math.max(0, line.xp), 0);
  const totalLevel = lines.reduce((sum, line) => sum + line.level, 0);
  const overall = { id: 0, name: 'Overall', rank: Math.max(1, 500_000 - Math.floor(totalXp / 10_000)), level: totalLevel, xp: totalXp };
  const activities = [...ACTIVITY_NAMES, ...extraActivities].map((name, id) => {
    const score = scores[name] ?? (name === 'Clue Scrolls (all)' ? 22 : undefined);
    return score === undefined ? { id, name, rank: -1, score: -1 } : { id, name, rank: Math.max(1, 1_000_000 - score * 10), score };
  });
  return { skills: [overall, ...lines], activities };
}

/** Zezima: mostly maxed (Overall xp above 2^31), Hunter unranked, Sailing trained. */
export const ZEZIMA = hiscoresJson({
  defaultXp: 150_000_000,
  xp: { Hunter: 'unranked', Sailing: 13_034_431, Construction: 2_000_000, Runecraft: 200_000_000 },
});
