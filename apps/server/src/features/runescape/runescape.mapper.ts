import { OVERALL_HISCORES_NAME, RUNESCAPE_SKILLS, type RuneScapeSkill } from '@smm/shared/runescape/skills';
import type { OsrsGameMode } from '@smm/shared/runescape/game-modes';
import type { OsrsDetails, SkillStats } from '@smm/shared/runescape/schemas';
import type { HiscoresLine, HiscoresSkills } from '../../integrations/osrs-hiscores';

const UNRANKED: SkillStats = { level: null, rank: null, experience: null };

/**
 * The hiscores mark an unranked line with rank -1 and xp -1, plus a placeholder level 1 (and an
 * unranked Overall can read 0/0): none of it is the player's real value, so all become null.
 */
export function toSkillStats(line: HiscoresLine): SkillStats {
  if (line.rank < 1 || line.xp < 0) return UNRANKED;
  return { level: line.level >= 0 ? line.level : null, rank: line.rank, experience: line.xp };
}

/** Builds the response from the lines found by name; returns the names it could not find. */
export function toOsrsDetails(
  playerName: string,
  gameMode: OsrsGameMode,
  lines: HiscoresSkills,
): { details: OsrsDetails; missing: string[] } {
  const missing: string[] = [];
  const read = (name: string) => {
    const line = lines.get(name.toLowerCase());
    if (!line) missing.push(name);
    return line ? toSkillStats(line) : UNRANKED;
  };
  const overall = read(OVERALL_HISCORES_NAME);
  const skills = Object.fromEntries(RUNESCAPE_SKILLS.map((skill) => [skill.id, read(skill.hiscoresName)])) as Record<
    RuneScapeSkill,
    SkillStats
  >;
  return { details: { playerName, gameMode, overall, skills }, missing };
}
