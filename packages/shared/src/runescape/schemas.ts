import { z } from 'zod';
import { normaliseGameMode, OSRS_GAME_MODE_IDS } from './game-modes';
import { RUNESCAPE_SKILL_IDS, type RuneScapeSkill } from './skills';

export const PLAYER_NAME_MAX = 12;

/** Jagex display names: 1 to 12 letters, digits, spaces, `-` and `_`. */
export const playerName = z
  .string()
  .trim()
  .min(1, 'Player name is required')
  .max(PLAYER_NAME_MAX, `Player name must be at most ${PLAYER_NAME_MAX} characters`)
  .regex(/^[A-Za-z0-9 _-]+$/, 'Player name may only contain letters, digits, spaces, - and _');

export const osrsGameMode = z.enum(OSRS_GAME_MODE_IDS, { error: `Game mode must be one of ${OSRS_GAME_MODE_IDS.join(', ')}` });

/** Path parameters: the game mode may be given by any of its common names (see normaliseGameMode). */
export const osrsDetailsParams = z.object({ playerName, gameMode: z.preprocess(normaliseGameMode, osrsGameMode) });
export type OsrsDetailsParams = z.infer<typeof osrsDetailsParams>;

/**
 * One hiscores line. The hiscores mark an unranked entry with -1 (and a placeholder level 1);
 * such an entry has no known values, so all three are null here and the page shows '-'.
 * Experience can pass 2^31 (Overall reaches 4.6 billion), so it is a full safe integer.
 */
export const skillStats = z
  .object({
    level: z.int().nonnegative().nullable(),
    rank: z.int().positive().nullable(),
    experience: z.int().nonnegative().nullable(),
  })
  .meta({ description: 'null = unranked on this hiscores table (shown as "-")' });
export type SkillStats = z.infer<typeof skillStats>;

/** A boss kill count or activity score; null = unranked. */
export const activityStats = z.object({
  name: z.string(),
  rank: z.int().positive().nullable(),
  score: z.int().nonnegative().nullable(),
});
export type ActivityStats = z.infer<typeof activityStats>;

export const osrsDetails = z.object({
  playerName: z.string(),
  gameMode: osrsGameMode,
  overall: skillStats,
  skills: z.object(Object.fromEntries(RUNESCAPE_SKILL_IDS.map((id) => [id, skillStats])) as Record<RuneScapeSkill, typeof skillStats>),
  /** Skills of the spec's list the answer did not hold (renamed or withdrawn); their values are null. */
  missingSkills: z.array(z.enum(RUNESCAPE_SKILL_IDS)),
  /** Skills the answer holds beyond the spec's 23 (such as Sailing), under the hiscores' names. */
  otherSkills: z.array(skillStats.extend({ name: z.string() })),
  /** Bosses and activities in the hiscores' order. */
  activities: z.array(activityStats),
});
export type OsrsDetails = z.infer<typeof osrsDetails>;
