/**
 * Real-shaped RuneScape 3 `index_lite.ws` bodies: no header and no names; Overall and the 29 skills
 * as `rank,level,xp` in the hiscores' fixed order (Constitution 5th, Necromancy last), then one
 * `rank,score` line per activity; -1 for unranked (`-1,1,-1` for a skill, `-1,-1` for an activity);
 * a trailing newline.
 */
import { RS3_ACTIVITY_NAMES, RS3_SKILL_NAMES } from '@smm/shared/runescape/rs3';

export type Rs3SkillName = Exclude<(typeof RS3_SKILL_NAMES)[number], 'Overall'>;

export interface Rs3CsvOptions {
  /** Experience of every skill not named below (13,034,431 = level 99). */
  defaultXp?: number;
  /** Level of every skill not named below (99). */
  defaultLevel?: number;
  /** A skill's experience and level, or 'unranked'. */
  skills?: Partial<Record<Rs3SkillName, { xp: number; level?: number } | 'unranked'>>;
  /** Activity scores by name (unranked unless given). */
  scores?: Partial<Record<(typeof RS3_ACTIVITY_NAMES)[number], number>>;
}

/** A player's CSV: Overall sums the ranked skills' levels and experience, as the hiscores do. */
export function rs3Csv({ defaultXp = 13_034_431, defaultLevel = 99, skills = {}, scores = {} }: Rs3CsvOptions = {}): string {
  const lines = RS3_SKILL_NAMES.slice(1).map((name, i) => {
    const given = skills[name as Rs3SkillName];
    if (given === 'unranked') return { ranked: false, line: '-1,1,-1', level: 0, xp: 0 };
    const xp = given?.xp ?? defaultXp;
    const level = given?.level ?? defaultLevel;
    return { ranked: true, line: `${10_000 + i * 137},${level},${xp}`, level, xp };
  });
  const ranked = lines.filter((l) => l.ranked);
  const overall = `24133,${ranked.reduce((sum, l) => sum + l.level, 0)},${ranked.reduce((sum, l) => sum + l.xp, 0)}`;
  const activities = RS3_ACTIVITY_NAMES.map((name, i) => {
    const score = scores[name];
    return score === undefined ? '-1,-1' : `${500 + i},${score}`;
  });
  return `${[overall, ...lines.map((l) => l.line), ...activities].join('\n')}\n`;
}
