import { OVERALL_HISCORES_NAME, RUNESCAPE_SKILLS, type RuneScapeSkill } from '@smm/shared/runescape/skills';
import type { OsrsGameMode } from '@smm/shared/runescape/game-modes';
import type { ActivityStats, OsrsDetails, SkillStats } from '@smm/shared/runescape/schemas';
import type { HiscoresActivity, HiscoresAnswer, HiscoresLine } from '../../integrations/osrs-hiscores';

const UNRANKED: SkillStats = { level: null, rank: null, experience: null };
const SPEC_NAMES = new Set([OVERALL_HISCORES_NAME, ...RUNESCAPE_SKILLS.map((skill) => skill.hiscoresName)].map((name) => name.toLowerCase()));

/**
 * The hiscores mark an unranked line with rank -1 and xp -1, plus a placeholder level 1 (and an
 * unranked Overall can read 0/0): none of it is the player's real value, so all become null.
 */
export function toSkillStats(line: HiscoresLine): SkillStats {
  if (line.rank < 1 || line.xp < 0) return UNRANKED;
  return { level: line.level >= 0 ? line.level : null, rank: line.rank, experience: line.xp };
}

/** A boss or activity line; -1 (unranked) becomes null. */
export const toActivityStats = ({ name, rank, score }: HiscoresActivity): ActivityStats => ({
  name,
  rank: rank >= 1 ? rank : null,
  score: rank >= 1 && score >= 0 ? score : null,
});

/**
 * The response, read by name: a skill of the spec's list that the answer lacks (renamed or
 * withdrawn by Jagex) is listed in `missingSkills` with null values rather than failing the lookup.
 */
export function toOsrsDetails(playerName: string, gameMode: OsrsGameMode, answer: HiscoresAnswer): OsrsDetails {
  const byName = new Map(answer.skills.map((line) => [line.name.toLowerCase(), line]));
  const missingSkills: RuneScapeSkill[] = [];
  const skills = Object.fromEntries(
    RUNESCAPE_SKILLS.map((skill) => {
      const line = byName.get(skill.hiscoresName.toLowerCase());
      if (!line) missingSkills.push(skill.id);
      return [skill.id, line ? toSkillStats(line) : UNRANKED];
    }),
  ) as Record<RuneScapeSkill, SkillStats>;
  const overall = byName.get(OVERALL_HISCORES_NAME.toLowerCase());
  return {
    playerName,
    gameMode,
    overall: overall ? toSkillStats(overall) : UNRANKED,
    skills,
    missingSkills,
    otherSkills: answer.skills.filter((line) => !SPEC_NAMES.has(line.name.toLowerCase())).map((line) => ({ name: line.name, ...toSkillStats(line) })),
    activities: answer.activities.map(toActivityStats),
  };
}
