import { z } from 'zod';
import { entityId } from '../groups/ids';
import { groupSettingsDto } from '../groups/settings';
import { SETTING_TYPES } from './catalogue-types';
import { DRAFT_LIMITS, TEAM_SPLITS } from './draft';
import { CAPTAIN_ORDERS } from './draft-orders';
import { civChoiceDto, gameType } from './games-schemas';
import { mapChoiceDto, settingPreferenceDto } from './schemas';

// The draft state machine (draft-machine.ts) keeps its whole state as one JSON document the server stores;
// these schemas read that document back, validate the actions players send, and whitelist what a reader sees.

export const DRAFT_MODES = ['random', 'blind', 'captains', 'majorityBans'] as const;
export type DraftMode = (typeof DRAFT_MODES)[number];
export const CAPTAIN_SELECTIONS = ['chosen', 'random', 'topRated'] as const;
export type CaptainSelection = (typeof CAPTAIN_SELECTIONS)[number];

export const DRAFT_MACHINE_LIMITS = {
  stepSecondsMin: 10,
  stepSecondsMax: 600,
  stepSecondsDefault: 60,
  bansPerTeamMin: 0,
  bansPerTeamMax: 5,
  bansPerTeamDefault: 1,
  picksPerTeamMin: 1,
  picksPerTeamMax: DRAFT_LIMITS.maxPlayers,
  majorityBansMin: 1,
  majorityBansMax: 5,
  majorityBansDefault: 3,
} as const;

/** A redraft vote passes when more than half of the players vote yes within this many seconds. */
export const REDRAFT_VOTE_SECONDS = 90;

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

const wholeNumber = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be a whole number from ${min} to ${max}`)
    .max(max, `${label} must be a whole number from ${min} to ${max}`);

const L = DRAFT_MACHINE_LIMITS;

/** How one draft runs: a group preset's options, or the New-game form's. Fields of other modes are ignored. */
export const draftModeConfig = z.object({
  mode: oneOf('mode', DRAFT_MODES),
  gameType,
  numCiv: wholeNumber('numCiv', DRAFT_LIMITS.numCivMin, DRAFT_LIMITS.numCivMax).default(DRAFT_LIMITS.numCivDraftDefault),
  freeBans: wholeNumber('freeBans', DRAFT_LIMITS.freeBansMin, DRAFT_LIMITS.freeBansMax).default(DRAFT_LIMITS.freeBansDefault),
  bansRemovePicks: z.boolean().default(false),
  teamSplit: oneOf('teamSplit', TEAM_SPLITS).default('random'),
  teamCount: wholeNumber('teamCount', 2, DRAFT_LIMITS.maxPlayers).default(DRAFT_LIMITS.teamCountDefault),
  anonymousMode: z.boolean().default(false),
  /** Blind picks, each captains step and the majority-ban proposals each get this long. */
  stepSeconds: wholeNumber('stepSeconds', L.stepSecondsMin, L.stepSecondsMax).default(L.stepSecondsDefault),
  captainSelection: oneOf('captainSelection', CAPTAIN_SELECTIONS).default('topRated'),
  /** captainSelection 'chosen': one player of each team. */
  captainIDs: z.array(entityId('captainID')).max(DRAFT_LIMITS.maxPlayers).default([]),
  captainOrder: oneOf('captainOrder', CAPTAIN_ORDERS).default('snake'),
  bansPerTeam: wholeNumber('bansPerTeam', L.bansPerTeamMin, L.bansPerTeamMax).default(L.bansPerTeamDefault),
  /** null: as many as the largest team has players. */
  picksPerTeam: wholeNumber('picksPerTeam', L.picksPerTeamMin, L.picksPerTeamMax).nullable().default(null),
  majorityBansPerPlayer: wholeNumber('majorityBansPerPlayer', L.majorityBansMin, L.majorityBansMax).default(L.majorityBansDefault),
});
export type DraftModeConfig = z.output<typeof draftModeConfig>;
export type DraftModeConfigInput = z.input<typeof draftModeConfig>;

const gameSettingsDto = z.object(
  Object.fromEntries(SETTING_TYPES.map((type) => [type, z.array(settingPreferenceDto)])) as Record<
    (typeof SETTING_TYPES)[number],
    z.ZodArray<typeof settingPreferenceDto>
  >,
);

const civLeaderDto = z.object({ civID: z.string(), leader: z.string(), nation: z.string(), pack: z.string() });

/** What the server loads for a draft: the players with their stored preferences, the game's catalogue, ratings. */
export const draftMachineContext = z.object({
  players: z
    .array(
      z.object({
        userID: z.string(),
        username: z.string(),
        team: z.number().int().nullable().optional(),
        leaderBans: z.array(z.string()).readonly(),
        maps: z.array(z.string()).readonly().optional(),
        settings: z.partialRecord(z.enum(SETTING_TYPES), z.array(settingPreferenceDto).readonly()).optional(),
        ownedPacks: z.array(z.string()).readonly().nullable().optional(),
      }),
    )
    .readonly(),
  leaders: z.array(civLeaderDto).readonly(),
  maps: z.array(mapChoiceDto).readonly(),
  groupSettings: groupSettingsDto,
  /** Ladder ratings by userID, for balanced teams and top-rated captains; absent or null: unrated. */
  ratings: z.record(z.string(), z.number().nullable()).optional(),
  /** The rating an unrated member counts as; absent: a new player's ladder rating. */
  newPlayerRating: z.number().optional(),
});
// The context is read only: the machine shares it between states instead of copying it (draft-machine.ts).
export type DraftMachineContext = z.infer<typeof draftMachineContext>;

const draftResultDto = z.object({
  map: mapChoiceDto.nullable(),
  players: z.array(
    z.object({ userID: z.string(), username: z.string(), team: z.number().int().nullable(), civChoices: z.array(civChoiceDto) }),
  ),
  bannedLeaders: z.array(civChoiceDto),
  settings: gameSettingsDto,
  numCiv: z.number().int(),
});

const draftStepDto = z.object({ kind: z.enum(['ban', 'pick']), team: z.number().int() });

const randomStage = z.object({ mode: z.literal('random'), deal: draftResultDto });

const blindStage = z.object({
  mode: z.literal('blind'),
  deal: draftResultDto,
  deadline: z.number(),
  /** userID -> civID; secret until `revealed`. */
  picks: z.record(z.string(), z.string()),
  /** Players whose pick the deadline made. */
  autoPicked: z.array(z.string()),
  revealed: z.boolean(),
});

const majorityStage = z.object({
  mode: z.literal('majorityBans'),
  deadline: z.number(),
  /** userID -> proposed civIDs; secret until the deal. */
  proposals: z.record(z.string(), z.array(z.string())),
  /** Leaders more than half of the players banned, most votes first. */
  banned: z.array(civChoiceDto),
  /** Leaders a majority banned that stay in the pool because banning them would leave too few to deal. */
  kept: z.array(civChoiceDto),
  deal: draftResultDto.nullable(),
});

const captainTeamDto = z.object({ team: z.number().int(), captainID: z.string(), memberIDs: z.array(z.string()) });

const captainTurnDto = z.object({
  kind: z.enum(['ban', 'pick']),
  /** Index into `teams`. */
  team: z.number().int(),
  leader: civChoiceDto,
  /** The captain who chose; null when the deadline chose. */
  userID: z.string().nullable(),
  at: z.number(),
});

const captainsStage = z.object({
  mode: z.literal('captains'),
  teams: z.array(captainTeamDto),
  steps: z.array(draftStepDto),
  turns: z.array(captainTurnDto),
  deadline: z.number().nullable(),
  picksPerTeam: z.number().int(),
  /** The players' stored bans, applied before the captains ban. */
  storedBans: z.array(civChoiceDto),
  map: mapChoiceDto.nullable(),
  settings: gameSettingsDto,
});

const openVoteDto = z.object({
  calledBy: z.string(),
  openedAt: z.number(),
  deadline: z.number(),
  votes: z.record(z.string(), z.boolean()),
});
const closedVoteDto = z.object({
  calledBy: z.string(),
  outcome: z.enum(['passed', 'failed']),
  closedAt: z.number(),
  yes: z.number().int(),
  no: z.number().int(),
});

/** The whole state, as stored. Times are epoch milliseconds. */
export const draftMachineState = z.object({
  version: z.literal(1),
  config: draftModeConfig,
  context: draftMachineContext,
  /** 1, then one more for each redraft. */
  round: z.number().int().min(1),
  startedAt: z.number(),
  status: z.enum(['running', 'complete']),
  completedAt: z.number().nullable(),
  players: z.array(z.object({ userID: z.string(), username: z.string(), team: z.number().int().nullable() })),
  stage: z.discriminatedUnion('mode', [randomStage, blindStage, captainsStage, majorityStage]),
  vote: openVoteDto.nullable(),
  lastVote: closedVoteDto.nullable(),
});
export type DraftMachineState = z.infer<typeof draftMachineState>;
export type DraftMachineStage = DraftMachineState['stage'];
export type CaptainsStage = z.infer<typeof captainsStage>;

// ---- Actions ---------------------------------------------------------------------------------------

const civID = z.string({ error: 'civID must be text' }).trim().min(1, 'civID is required').max(100, 'civID is not valid');

const blindPick = z.object({ type: z.literal('blindPick'), civID });
const ban = z.object({ type: z.literal('ban'), civID });
const pick = z.object({ type: z.literal('pick'), civID });
const proposeBans = z.object({
  type: z.literal('proposeBans'),
  civIDs: z.array(civID, { error: 'civIDs must be a list' }).max(L.majorityBansMax, `Propose at most ${L.majorityBansMax} bans`),
});
const callVote = z.object({ type: z.literal('callVote') });
const vote = z.object({ type: z.literal('vote'), yes: z.boolean({ error: 'yes must be true or false' }) });

const ACTION_TYPES_ERROR = { error: 'type must be one of blindPick, ban, pick, proposeBans, callVote, vote' };

/** An action as a player sends it; the server adds the acting userID from the session, never from the body. */
export const draftPlayerAction = z.discriminatedUnion('type', [blindPick, ban, pick, proposeBans, callVote, vote], ACTION_TYPES_ERROR);
export type DraftPlayerAction = z.infer<typeof draftPlayerAction>;

const actor = { userID: z.string().min(1) };

/** An action as the machine applies it: a player's, with who acted, or the server's timer. */
export const draftMachineAction = z.discriminatedUnion('type', [
  blindPick.extend(actor),
  ban.extend(actor),
  pick.extend(actor),
  proposeBans.extend(actor),
  callVote.extend(actor),
  vote.extend(actor),
  z.object({ type: z.literal('timeout') }),
]);
export type DraftMachineAction = z.infer<typeof draftMachineAction>;

// ---- The view ----------------------------------------------------------------------------------------

const time = z.iso.datetime();

export const draftMachinePlayerView = z.object({
  userID: z.string(),
  username: z.string(),
  team: z.number().int().nullable(),
  isCaptain: z.boolean(),
  /** Blind, random and majority bans: the dealt leaders; empty while hidden or not yet dealt. */
  hand: z.array(civChoiceDto),
  handHidden: z.boolean(),
  /** Blind: the leader picked, once the reader may see it. */
  pick: civChoiceDto.nullable(),
  pickHidden: z.boolean(),
  /** Blind: whether this player has picked (never which leader before the reveal). */
  hasPicked: z.boolean(),
  /** Blind: the deadline made this pick (shown with the pick). */
  autoPicked: z.boolean(),
  /** Majority bans: whether this player has sent their proposals. */
  bansSubmitted: z.boolean(),
  /** Majority bans: the leaders proposed; the reader's own at once, everyone's after the deal. */
  proposedBans: z.array(civChoiceDto),
  proposedBansHidden: z.boolean(),
});

/** A draft as its reader may see it: hidden picks and proposals are absent, not just flagged. */
export const draftMachineView = z.object({
  mode: oneOf('mode', DRAFT_MODES),
  status: z.enum(['running', 'complete']),
  round: z.number().int(),
  gameType,
  anonymousMode: z.boolean(),
  startedAt: time,
  completedAt: time.nullable(),
  /** When the current step ends (a blind pick, a captain's turn, the proposals); null when nothing waits. */
  deadline: time.nullable(),
  numCiv: z.number().int().nullable(),
  map: mapChoiceDto.nullable(),
  settings: gameSettingsDto.nullable(),
  bannedLeaders: z.array(civChoiceDto),
  /** Majority bans: how many leaders each player may propose; null in other modes. */
  majorityBansPerPlayer: z.number().int().nullable(),
  /** Majority bans: leaders a majority banned that were kept so the deal stays possible. */
  keptLeaders: z.array(civChoiceDto),
  players: z.array(draftMachinePlayerView),
  /** Captains: each team with its captain, bans and picks. */
  teams: z.array(
    z.object({
      team: z.number().int(),
      captainID: z.string(),
      memberIDs: z.array(z.string()),
      bans: z.array(civChoiceDto),
      picks: z.array(civChoiceDto),
    }),
  ),
  /** Captains: every turn, by team number. */
  steps: z.array(draftStepDto),
  /** Captains: the index in `steps` of the turn being played; null once done. */
  stepIndex: z.number().int().nullable(),
  /** Captains: who is to play now. */
  turn: z.object({ kind: z.enum(['ban', 'pick']), team: z.number().int(), captainID: z.string() }).nullable(),
  /** Captains: the turns played, in order. */
  history: z.array(
    z.object({ kind: z.enum(['ban', 'pick']), team: z.number().int(), leader: civChoiceDto, userID: z.string().nullable(), at: time }),
  ),
  vote: z
    .object({
      calledBy: z.string(),
      deadline: time,
      yes: z.array(z.string()),
      no: z.array(z.string()),
      /** Yes votes needed to pass: more than half of the players. */
      needed: z.number().int(),
    })
    .nullable(),
  lastVote: z
    .object({ calledBy: z.string(), outcome: z.enum(['passed', 'failed']), closedAt: time, yes: z.number().int(), no: z.number().int() })
    .nullable(),
});
export type DraftMachineView = z.infer<typeof draftMachineView>;
export type DraftMachinePlayerView = z.infer<typeof draftMachinePlayerView>;
