import { z } from 'zod';
import { entityId } from '../groups/ids';
import { DRAFT_LIMITS, TEAM_SPLITS } from './draft';
import { draftMachineView, draftModeConfig, draftPlayerAction, DRAFT_MODES } from './draft-machine-schemas';
import { civChoiceDto, GAME_NAME_MAX, gameType } from './games-schemas';
import { mapChoiceDto, settingPreferenceDto } from './schemas';
import { SETTING_TYPES } from './catalogue-types';

/**
 * POST /api/civilization/draftGame: the server deals a draft from the stored bans, map and setting
 * preferences, owned packs and group settings, with its own random source, stores it and returns
 * it. createGame then takes it by draftID. Nothing the client sends decides a hand.
 */
const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be a whole number from ${min} to ${max}`)
    .max(max, `${label} must be a whole number from ${min} to ${max}`);

export { TEAM_SPLITS };

/** A draft's mode and the options of the modes that take turns (see draft-machine-schemas.ts). */
const modeOptions = draftModeConfig.pick({
  mode: true,
  stepSeconds: true,
  captainSelection: true,
  captainIDs: true,
  captainOrder: true,
  bansPerTeam: true,
  picksPerTeam: true,
  majorityBansPerPlayer: true,
}).shape;

export const draftGameBody = z.object({
  groupID: entityId('groupID'),
  members: z
    .array(
      z.object({
        userID: entityId('userID'),
        /** manual teams only (teamSplit 'manual') */
        team: wholeNumber('team', DRAFT_LIMITS.teamMin, DRAFT_LIMITS.teamMax).nullable().optional(),
      }),
      { error: 'members must be a list' },
    )
    .min(2, 'Choose at least two players')
    .max(DRAFT_LIMITS.maxPlayers, `A game has at most ${DRAFT_LIMITS.maxPlayers} members`),
  gameType,
  numCiv: wholeNumber('numCiv', DRAFT_LIMITS.numCivMin, DRAFT_LIMITS.numCivMax).default(DRAFT_LIMITS.numCivDraftDefault),
  freeBans: wholeNumber('freeBans', DRAFT_LIMITS.freeBansMin, DRAFT_LIMITS.freeBansMax).default(DRAFT_LIMITS.freeBansDefault),
  bansRemovePicks: z.boolean().default(false),
  /** Team games: 'random' round-robin (default), 'manual' from members[].team, or 'balanced' by rating. */
  teamSplit: z.enum(TEAM_SPLITS, { error: 'teamSplit must be one of manual, random, balanced' }).default('random'),
  teamCount: wholeNumber('teamCount', 2, DRAFT_LIMITS.maxPlayers).default(DRAFT_LIMITS.teamCountDefault),
  /** Anonymous mode: the answer shows the caller only their own (and team-mates') hands. */
  anonymousMode: z.boolean().default(false),
  eventID: entityId('eventID').optional(),
  /** The name for the game to be made from the draft, as typed in the form that started it; kept with the draft for its players. */
  gameName: z
    .string({ error: 'Game name must be text' })
    .trim()
    .max(GAME_NAME_MAX, `Game name must be at most ${GAME_NAME_MAX} characters`)
    .optional(),
  /** The host chosen for the game to be made from the draft (one of its players); kept with the draft for its players. */
  host: entityId('host').optional(),
  /** 'random' deals at once; 'blind', 'captains' and 'majorityBans' run live, step by step, on the server. */
  ...modeOptions,
  mode: modeOptions.mode.default('random'),
  /** A group preset to draft with: its mode and options replace the ones sent. */
  presetID: entityId('presetID').optional(),
});
export type DraftGameBody = z.infer<typeof draftGameBody>;

const gameSettingsDto = z.object(
  Object.fromEntries(SETTING_TYPES.map((t) => [t, z.array(settingPreferenceDto)])) as Record<
    (typeof SETTING_TYPES)[number],
    z.ZodArray<typeof settingPreferenceDto>
  >,
);

export const draftedPlayerDto = z.object({
  userID: z.string(),
  username: z.string(),
  team: z.number().int().nullable(),
  civChoices: z.array(civChoiceDto),
  /** Anonymous mode: true when this hand is withheld from the reader. */
  civChoicesHidden: z.boolean(),
});

/** A deal an earlier draft made for the same players before a newer one replaced it. */
export const earlierDealDto = z.object({
  /** Who dealt it; null once their account is gone. */
  dealtBy: z.string().nullable(),
  dealtAt: z.string(),
});
export type EarlierDealDto = z.infer<typeof earlierDealDto>;

/** A draft the server dealt, as its reader may see it. */
export const draftDto = z.object({
  draftID: z.string(),
  groupID: z.string(),
  gameType,
  anonymousMode: z.boolean(),
  numCiv: z.number().int(),
  map: mapChoiceDto.nullable(),
  players: z.array(draftedPlayerDto),
  bannedLeaders: z.array(civChoiceDto),
  settings: gameSettingsDto,
  dateCreated: z.string(),
  /** Copy for Discord: one line per player ("Alice — Gorgo (Greece), Trajan (Rome)"), hiding what the reader may not see. */
  discordText: z.string(),
  /** Set once a game was created from this draft. */
  gameID: z.string().nullable(),
  /** The name given for its game when the draft was started; null or absent when none was. */
  gameName: z.string().nullable().optional(),
  /** The host chosen for its game when the draft was started (a player's userID); null or absent when none was. */
  host: z.string().nullable().optional(),
  mode: z.enum(DRAFT_MODES),
  /** 'running' while players still pick, ban or propose; a game can be made only from a complete draft. */
  status: z.enum(['running', 'complete']),
  /** 1, then one more for each redraft a vote passed. */
  round: z.number().int(),
  /**
   * 1, or one more than the deals this one replaced for the same players (a newer deal by the same member for
   * any of them, or by anyone for exactly them, while the earlier made no game and had not expired).
   */
  dealNumber: z.number().int().min(1),
  /** The deals this one replaced, first dealt first: who dealt them and when; never their hands. */
  earlierDeals: z.array(earlierDealDto),
  /** The newer deal for these players that replaced this draft, which can then make no game nor take a step; null when none did. */
  replacedBy: z.string().nullable().optional(),
  /** The live draft as the reader may see it: turns, timers, who has picked, votes; hidden picks are absent. */
  view: draftMachineView,
});
export type DraftDto = z.infer<typeof draftDto>;

export const draftIdQuery = z.object({ draftID: entityId('draftID') });

/** GET /api/civilization/getOpenDrafts: the group's live drafts still being played, for its Games page. */
export const openDraftsQuery = z.object({ groupID: entityId('groupID') });

/** A live draft as the Games page lists it: who plays and how, never a hand or a pick. */
export const openDraftDto = z.object({
  draftID: z.string(),
  /** The name given for its game when it was started; null when none was. */
  gameName: z.string().nullable(),
  mode: z.enum(DRAFT_MODES),
  /** running: its players are still picking, banning or proposing; complete: dealt, waiting for its game. */
  status: z.enum(['running', 'complete']),
  gameType,
  /** Who started it; null once their account is gone. */
  startedBy: z.string().nullable(),
  dateCreated: z.string(),
  players: z.array(z.object({ userID: z.string(), username: z.string() })),
  /** When the step under way runs out of time; null when nothing waits on a timer. */
  deadline: z.string().nullable(),
});
export type OpenDraftDto = z.infer<typeof openDraftDto>;
export const openDraftsDto = z.array(openDraftDto);

export const OPEN_DRAFTS_MEMBERS_MESSAGE = 'Only members of this group can see its drafts';

/** A step in a draft that a newer deal for its players replaced. */
export const DRAFT_REPLACED_MESSAGE = 'A newer deal for these players replaced this draft: play the newer one';

/** Captains ban and pick in turns in front of each other: there is nothing anonymous mode could hide. */
export const CAPTAINS_NOT_ANONYMOUS_MESSAGE =
  'A captains draft is played in the open, each pick seen by both captains: start it without Anonymous Mode';

/** POST /api/civilization/draftAction: one step of a live draft by the caller (the server adds who acts). */
export const draftActionBody = z.object({ draftID: entityId('draftID'), action: draftPlayerAction });
export type DraftActionBody = z.infer<typeof draftActionBody>;

// ---- Group presets: a name with a mode and its options, saved by Administrators --------------------

export const DRAFT_PRESETS_MAX = 20;

export const draftPresetConfig = draftModeConfig.omit({ captainIDs: true });
export type DraftPresetConfig = z.output<typeof draftPresetConfig>;

export const draftPresetBody = z.object({
  groupID: entityId('groupID'),
  name: z.string({ error: 'name must be text' }).trim().min(1, 'Give the preset a name').max(40, 'A preset name has at most 40 characters'),
  config: draftPresetConfig,
});
export type DraftPresetBody = z.infer<typeof draftPresetBody>;

export const draftPresetDto = z.object({
  presetID: z.string(),
  groupID: z.string(),
  name: z.string(),
  config: draftPresetConfig,
  dateUpdated: z.string(),
});
export type DraftPresetDto = z.infer<typeof draftPresetDto>;

export const deleteDraftPresetBody = z.object({ presetID: entityId('presetID') });
export const draftPresetsQuery = z.object({ groupID: entityId('groupID') });

export const DRAFT_RUNNING_MESSAGE = 'The draft is still running; make the game once every pick is in';
export const DRAFT_PRESET_NOT_FOUND_MESSAGE = 'Preset not found';

/** How long a dealt draft can be turned into a game. */
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
export const DRAFT_NOT_FOUND_MESSAGE = 'Draft not found';
export const DRAFT_REQUIRED_MESSAGE = 'Draft the game first: a drafted game takes its hands from the server’s draft';
