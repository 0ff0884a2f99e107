import { RUNESCAPE_SKILLS, type RuneScapeSkill } from '@smm/shared/runescape/skills';
import type { OsrsDetails, SkillStats } from '@smm/shared/runescape/schemas';

// Fixed to en-US so every reader sees the same separators as the official hiscores (1,234,567).
const numberFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Unranked or unknown values (null, or the hiscores' raw -1) are shown as '-'. */
export const UNRANKED_TEXT = '-';

/** A level, rank or experience value with thousands separators; '-' when it is not known. */
export function formatStat(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return UNRANKED_TEXT;
  return numberFormat.format(value);
}

export interface SkillRow {
  id: RuneScapeSkill;
  label: string;
  icon: string;
  level: string;
  rank: string;
  experience: string;
}

const formatted = (stats: SkillStats | undefined) => ({
  level: formatStat(stats?.level),
  rank: formatStat(stats?.rank),
  experience: formatStat(stats?.experience),
});

/** One row per skill in the spec's order, whatever order the response's keys come in. */
export function skillRows(details: OsrsDetails): SkillRow[] {
  return RUNESCAPE_SKILLS.map((skill) => ({
    id: skill.id,
    label: skill.label,
    icon: skillIconUrl(skill.id),
    ...formatted(details.skills[skill.id]),
  }));
}

/** The Overall line as a summary row. */
export const overallRow = (details: OsrsDetails) => formatted(details.overall);

export const skillIconUrl = (skill: RuneScapeSkill) => `/skills/${skill}.svg`;
