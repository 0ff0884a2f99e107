import { z } from 'zod';
import { canonicalTimeZone, isValidTimeZone } from '../events/time-zone';
import { entityId } from '../groups/ids';
import { maxNumberOfLeaderBans } from '../groups/settings';
import { expectedUpdatedAt } from '../live/expected-version';
import { AVAILABILITY_DAYS, AVAILABILITY_TIMES } from './availability';
import { SETTING_TYPES } from './catalogue-types';

/** Free text a member writes about the leaders they like to play (spec 3, userLeaderAgenda). */
export const USER_LEADER_AGENDA_MAX = 500;
/** getMemberCivPreferences reads at most this many members: a game has at most 12. */
export const MEMBER_PREFERENCES_MAX = 12;

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

export const availabilityDay = oneOf('day', AVAILABILITY_DAYS);
export const availabilityTime = oneOf('time', AVAILABILITY_TIMES);
export const settingType = oneOf('settingType', SETTING_TYPES);

/** Optional copies of ids the path or query string already gives; when sent they must agree. */
const echoedIds = { groupID: entityId('groupID').optional(), userID: entityId('userID').optional() };

// ---- Availability -------------------------------------------------------------------------

/** One slot a member is free in (spec 3, Availability): a part of their own day, in the zone they answered in. */
export const availabilityDto = z.object({
  userID: z.string(),
  username: z.string(),
  day: availabilityDay,
  time: availabilityTime,
  /**
   * The IANA zone whose clock the day and time are read on: the member's own when they answered.
   * Only on the caller's own slots; others' zones stay private (their free times come as instants).
   */
  timeZone: z.string().optional(),
});
export type AvailabilityDto = z.infer<typeof availabilityDto>;

/** One stretch a member is free in the week asked for, as instants any viewer lays out in their own zone. */
export const freeTimeDto = z.object({ userID: z.string(), username: z.string(), start: z.number(), end: z.number() });

/** Latest week a caller may ask for: the year 2100. */
const WEEK_OF_MAX = 4_102_444_800_000;

/** GET /api/civilization/getGroupAvailability?groupID=&weekOf=: weekOf (epoch ms) starts the week; default now. */
export const groupAvailabilityQuery = z.object({
  groupID: entityId('groupID'),
  weekOf: z.coerce
    .number({ error: 'weekOf must be a time in epoch milliseconds' })
    .int('weekOf must be a time in epoch milliseconds')
    .min(0, 'weekOf must be a time in epoch milliseconds')
    .max(WEEK_OF_MAX, 'weekOf must be before the year 2100')
    .optional(),
});
export type GroupAvailabilityQuery = z.infer<typeof groupAvailabilityQuery>;

/**
 * GET /api/civilization/getGroupAvailability: every current member's slots (each in their own zone),
 * and when they fall from `from` to `to` as instants. `timeZone` is the group's, the default zone of
 * its events; it has no part in anyone's answers.
 */
export const groupAvailabilityResponse = z.object({
  groupID: z.string(),
  timeZone: z.string(),
  availability: z.array(availabilityDto),
  from: z.number(),
  to: z.number(),
  freeTimes: z.array(freeTimeDto),
});
export type GroupAvailabilityResponse = z.infer<typeof groupAvailabilityResponse>;

export const groupAndUserQuery = z.object({ groupID: entityId('groupID'), userID: entityId('userID') });
export type GroupAndUserQuery = z.infer<typeof groupAndUserQuery>;

/** GET /api/civilization/getPlayerAvailability: one member's slots. */
export const playerAvailabilityResponse = z.array(availabilityDto);

/** POST /api/civilization/postPlayerAvailability/{groupID}/{userID}. */
export const postPlayerAvailabilityParams = groupAndUserQuery;
/**
 * Without `available` the slot is toggled; with it, set. `timeZone` is the browser's zone, used
 * when the member's profile names none.
 */
export const postPlayerAvailabilityBody = z.object({
  ...echoedIds,
  day: availabilityDay,
  time: availabilityTime,
  available: z.boolean({ error: 'available must be true or false' }).optional(),
  timeZone: z
    .string({ error: 'Time zone must be text' })
    .trim()
    .max(64, 'Time zone is not a known IANA time zone')
    .refine(isValidTimeZone, 'Time zone is not a known IANA time zone')
    .transform(canonicalTimeZone)
    .optional(),
});
export type PostPlayerAvailabilityBody = z.input<typeof postPlayerAvailabilityBody>;
export type PostPlayerAvailabilityInput = z.output<typeof postPlayerAvailabilityBody>;

// ---- Leader agendas -----------------------------------------------------------------------

export const userLeaderAgenda = z
  .string({ error: 'userLeaderAgenda must be text' })
  .trim()
  .max(USER_LEADER_AGENDA_MAX, `Leader Agenda must be at most ${USER_LEADER_AGENDA_MAX} characters`);

export const leaderAgendaDto = z.object({ userID: z.string(), username: z.string(), userLeaderAgenda: z.string() });
export type LeaderAgendaDto = z.infer<typeof leaderAgendaDto>;
export const groupLeaderAgendasResponse = z.array(leaderAgendaDto);

export const userLeaderAgendaResponse = z.object({ userLeaderAgenda: z.string() });
export type UserLeaderAgendaResponse = z.infer<typeof userLeaderAgendaResponse>;

/** The group of a preference write: `?groupID=` in the query string, or groupID in the body. */
export const optionalGroupQuery = z.object({ groupID: entityId('groupID').optional() });

export const postUserLeaderAgendaBody = z.object({ ...echoedIds, userLeaderAgenda });
export type PostUserLeaderAgendaBody = z.infer<typeof postUserLeaderAgendaBody>;

// ---- Civ preferences ----------------------------------------------------------------------

export const leaderBanDto = z.object({ civID: z.string(), nation: z.string(), leader: z.string() });
export type LeaderBanDto = z.infer<typeof leaderBanDto>;

export const mapChoiceDto = z.object({ name: z.string(), minPlayers: z.number().int() });
export type MapChoiceDto = z.infer<typeof mapChoiceDto>;

const preferenceValue = z.union([z.string(), z.number()]);
export const settingPreferenceDto = z.object({ title: z.string(), value: preferenceValue });
export type SettingPreferenceDto = z.infer<typeof settingPreferenceDto>;

/** A member's preferences in one group (spec 3, Civ preferences). leaderBans in the order they were made. */
export const civPreferencesDto = z.object({
  groupID: z.string(),
  userID: z.string(),
  username: z.string(),
  userLeaderAgenda: z.string(),
  leaderBans: z.array(leaderBanDto),
  maps: z.array(mapChoiceDto),
  gameSettings: z.array(settingPreferenceDto),
  gameModes: z.array(settingPreferenceDto),
  victoryTypes: z.array(settingPreferenceDto),
  tradingAndDiplomacy: z.array(settingPreferenceDto),
  /** The packs of this group's game the member owns ('Base Game' always); null: not said, dealt from every pack. */
  ownedPacks: z.array(z.string()).nullable().optional(),
  /** Things to tell the member on their next visit to Preferences (e.g. bans dropped when the limit was lowered); shown once. */
  notices: z.array(z.string()).optional(),
});
export type CivPreferencesDto = z.infer<typeof civPreferencesDto>;
export const civPreferencesListResponse = z.array(civPreferencesDto);

/** POST /api/civilization/getMemberCivPreferences?groupID=: a list of userIDs, bare or as {userIDs}. */
const userIDList = z
  .array(entityId('userIDs'), { error: 'userIDs must be a list of user ids' })
  .min(1, 'userIDs must name at least one member')
  .max(MEMBER_PREFERENCES_MAX, `userIDs may name at most ${MEMBER_PREFERENCES_MAX} members`);
export const memberCivPreferencesBody = z.union([userIDList, z.object({ userIDs: userIDList })], {
  error: 'userIDs must be a list of user ids',
});
export type MemberCivPreferencesBody = z.infer<typeof memberCivPreferencesBody>;
export const userIDsOf = (body: MemberCivPreferencesBody): string[] => (Array.isArray(body) ? body : body.userIDs);

export const OPERATIONS = ['add', 'remove'] as const;
export type Operation = (typeof OPERATIONS)[number];
const operation = oneOf('operation', OPERATIONS);

/** POST /api/civilization/postCivMapPreference: add or remove a map by its name. */
export const postCivMapPreferenceBody = z.object({
  ...echoedIds,
  map: z
    .union([z.string(), z.object({ name: z.string() }).transform((m) => m.name)], { error: 'map must be a map name' })
    .pipe(z.string().trim().min(1, 'map is required').max(100, 'map is not a known map')),
  operation,
});
export type PostCivMapPreferenceBody = z.infer<typeof postCivMapPreferenceBody>;

/**
 * POST /api/civilization/postOwnedPacks: the packs of the group's game the member owns, as a whole list
 * ('Base Game' is always owned and need not be sent); null goes back to "not said" (every pack).
 */
export const postOwnedPacksBody = z.object({
  groupID: entityId('groupID'),
  ownedPacks: z.array(z.string().trim().min(1).max(100), { error: 'ownedPacks must be a list of pack names' }).max(100).nullable(),
});
export type PostOwnedPacksBody = z.infer<typeof postOwnedPacksBody>;
export const BANS_DROPPED_NOTICE = (dropped: readonly string[], max: number) =>
  `The group lowered its leader ban limit to ${max}, so your latest ${dropped.length === 1 ? 'ban was' : 'bans were'} removed: ${dropped.join(', ')}.`;

/** POST /api/civilization/postCivLeaderBanPreference: ban or unban a leader by civID (or a leader object carrying it). */
export const postCivLeaderBanPreferenceBody = z.object({
  ...echoedIds,
  leader: z
    .union([z.string(), z.object({ civID: z.string() }).transform((l) => l.civID)], { error: 'leader must be a civID' })
    .pipe(z.string().trim().min(1, 'leader is required').max(100, 'leader is not a known leader')),
  operation,
});
export type PostCivLeaderBanPreferenceBody = z.infer<typeof postCivLeaderBanPreferenceBody>;

const settingTitle = z.string({ error: 'title is required' }).trim().min(1, 'title is required').max(100, 'title is not a known setting');

/** POST /api/civilization/postGameSettingPreference: a member's choice for one setting the group has enabled. */
export const postGameSettingPreferenceBody = z.object({
  ...echoedIds,
  title: settingTitle,
  value: z.union([z.string().max(100), z.number()], { error: 'value must be one of the setting options' }),
  settingType,
});
export type PostGameSettingPreferenceBody = z.infer<typeof postGameSettingPreferenceBody>;

// ---- Group game settings (Administrators) -------------------------------------------------

/** POST /api/civilization/postGroupGameSetting?groupID=: enable or lock one entry, or set its locked value. */
export const postGroupGameSettingBody = z
  .object({
    ...echoedIds,
    title: settingTitle,
    settingType,
    property: oneOf('property', ['isEnabled', 'lockedValue'] as const),
    isEnabled: z.boolean({ error: 'isEnabled must be true or false' }).optional(),
    lockedValue: z.union([z.string().max(100), z.number()], { error: 'lockedValue must be one of the setting options' }).optional(),
    /** The group's gameSettingsUpdatedAt when the page loaded; changed since: 409 GAME_SETTINGS_CHANGED_MESSAGE. */
    expectedUpdatedAt,
  })
  .superRefine((body, ctx) => {
    if (body.property === 'isEnabled' && body.isEnabled === undefined)
      ctx.addIssue({ code: 'custom', path: ['isEnabled'], message: 'isEnabled is required' });
    if (body.property === 'lockedValue' && body.lockedValue === undefined)
      ctx.addIssue({ code: 'custom', path: ['lockedValue'], message: 'lockedValue is required' });
  });
export type PostGroupGameSettingBody = z.infer<typeof postGroupGameSettingBody>;

const settingEntryInput = z.object({
  title: settingTitle,
  isEnabled: z.boolean({ error: 'isEnabled must be true or false' }),
  lockedValue: z.union([z.string().max(100), z.number()], { error: 'lockedValue must be one of the setting options' }),
});
export type SettingEntryInput = z.infer<typeof settingEntryInput>;

/**
 * POST /api/civilization/updateGroup?groupID=: the Game Settings Edit dialog's Save. Every part is
 * optional; entries are matched by title and the ones not sent keep their values.
 */
export const updateGroupBody = z.object({
  timeZone: z
    .string({ error: 'Time zone must be text' })
    .trim()
    .max(64, 'Time zone is not a known IANA time zone')
    .refine(isValidTimeZone, 'Time zone is not a known IANA time zone')
    .transform(canonicalTimeZone)
    .optional(),
  settings: z
    .object({
      maxNumberOfLeaderBans: maxNumberOfLeaderBans.optional(),
      allowDuplicateCivs: z.boolean({ error: 'allowDuplicateCivs must be true or false' }).optional(),
      gameSettings: z.array(settingEntryInput).max(100).optional(),
      gameModes: z.array(settingEntryInput).max(100).optional(),
      victoryTypes: z.array(settingEntryInput).max(100).optional(),
      tradingAndDiplomacy: z.array(settingEntryInput).max(100).optional(),
    })
    .optional(),
  /** The group's gameSettingsUpdatedAt when the dialog opened; changed since: 409 GAME_SETTINGS_CHANGED_MESSAGE. */
  expectedUpdatedAt,
});
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;

// ---- Messages -----------------------------------------------------------------------------

export const BAN_LIMIT_MESSAGE = (max: number) => `You can ban at most ${max} leader${max === 1 ? '' : 's'} in this group`;
export const SETTING_LOCKED_MESSAGE = 'This setting is locked by the group';
export const GAME_SETTINGS_CHANGED_MESSAGE =
  'Game settings were changed by someone else since you opened them. Reload to see their change.';
export const SAVED_MAP_MESSAGE = 'Successfully saved map choice';
export const SAVED_LEADER_BAN_MESSAGE = 'Successfully saved leader ban choice';
export const SAVED_SETTING_PREFERENCE_MESSAGE = 'Successfully saved game setting preference.';
export const SAVED_GROUP_SETTING_MESSAGE = 'Successfully saved game setting.';
