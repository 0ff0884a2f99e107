import { z } from 'zod';

/** Spec 9: max leader bans is an integer from 1 to 5, default 5. */
export const MAX_LEADER_BANS_MIN = 1;
export const MAX_LEADER_BANS_MAX = 5;
export const MAX_LEADER_BANS_DEFAULT = 5;

export const maxNumberOfLeaderBans = z
  .number({ error: 'Max leader bans must be a number' })
  .int('Max leader bans must be a whole number')
  .min(MAX_LEADER_BANS_MIN, `Max leader bans must be from ${MAX_LEADER_BANS_MIN} to ${MAX_LEADER_BANS_MAX}`)
  .max(MAX_LEADER_BANS_MAX, `Max leader bans must be from ${MAX_LEADER_BANS_MIN} to ${MAX_LEADER_BANS_MAX}`);

const settingValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** One group-level game setting: enabled (members choose a value) or disabled (locked to lockedValue). */
export const groupSettingEntry = z.object({
  title: z.string(),
  isEnabled: z.boolean(),
  value: settingValue,
  lockedValue: settingValue,
});
export type GroupSettingEntry = z.infer<typeof groupSettingEntry>;

export const groupSettingsDto = z.object({
  maxNumberOfLeaderBans,
  /** Drafts may deal one civilization, or two personas of one leader, to two players (off by default). */
  allowDuplicateCivs: z.boolean().optional(),
  gameSettings: z.array(groupSettingEntry),
  gameModes: z.array(groupSettingEntry),
  victoryTypes: z.array(groupSettingEntry),
  tradingAndDiplomacy: z.array(groupSettingEntry),
});
export type GroupSettings = z.infer<typeof groupSettingsDto>;

export const defaultGroupSettings = (): GroupSettings => ({
  maxNumberOfLeaderBans: MAX_LEADER_BANS_DEFAULT,
  allowDuplicateCivs: false,
  gameSettings: [],
  gameModes: [],
  victoryTypes: [],
  tradingAndDiplomacy: [],
});
