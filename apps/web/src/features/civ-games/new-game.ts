import { DRAFT_LIMITS, type Random } from '@smm/shared/civilization/draft';
import { DRAFT_MACHINE_LIMITS, type CaptainSelection, type DraftMode } from '@smm/shared/civilization/draft-machine-schemas';
import type { CaptainOrder } from '@smm/shared/civilization/draft-orders';
import type { DraftDto, DraftPresetConfig, DraftPresetDto, TEAM_SPLITS } from '@smm/shared/civilization/draft-schemas';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import { ApiError } from '../../lib/api-client';
import type { CreateGameInput } from './api/create-game';
import type { DraftGameInput } from './api/draft-game';

// The New-game form's rules (spec 4, 5 and 9), kept apart from the dialog so they read and test as plain functions.

/** Spec 8: the form's messages. */
export const DRAFT_ERROR_PREFIX = 'Unexpected error while drafting: ';
export const CREATE_GAME_ERROR = 'Unexpected error while attempting to draft';
/** Anonymous mode: what a draft shows for a hand the server withholds from the reader. */
export const HIDDEN_HAND_TEXT = 'Hidden until the game ends';
/** A redraft replaces the event's earlier game only while nobody has started recording it. */
export const REPLACES_DRAFT_TEXT =
  'This event has already been drafted. Adding this game replaces the earlier one only if nobody has started recording it (no elimination, winner, comment or note); otherwise you can add it beside the earlier game.';

/** How a team game's players are split: at random, by rating ('balanced', dealt by the server), or as chosen. */
export type TeamSplit = (typeof TEAM_SPLITS)[number];

export interface NewGameMember {
  userID: string;
  username: string;
}

export interface NewGameForm {
  gameName: string;
  /** the chosen members; the form lists them in the group's order */
  memberIDs: readonly string[];
  /** null (or a member no longer chosen): the default host */
  host: string | null;
  gameType: GameType;
  /** Spec 4: reveals teams, random (or balanced) teams, draft mode and bans remove picks. */
  moreOptions: boolean;
  teamCount: number;
  teamSplit: TeamSplit;
  /** manual teams by userID; a member without one gets the default of their place */
  teams: Readonly<Record<string, number>>;
  draftMode: boolean;
  bansRemovePicks: boolean;
  numCiv: number;
  freeBans: number;
  anonymousMode: boolean;
  /** How the draft runs: dealt at once ('random', as before), or live on the server step by step. */
  mode: DraftMode;
  /** Live modes: how long each blind pick, captain's turn or the proposals last. */
  stepSeconds: number;
  captainSelection: CaptainSelection;
  /** captainSelection 'chosen': one player of each team. */
  captainIDs: readonly string[];
  captainOrder: CaptainOrder;
  bansPerTeam: number;
  /** null: as many as the largest team has players. */
  picksPerTeam: number | null;
  majorityBansPerPlayer: number;
  /** The group preset applied, while the options are still the preset's. */
  presetID: string | null;
}

/** The options behind 'More options' as a game starts with them. */
const HIDDEN_OPTION_DEFAULTS = {
  teamCount: DRAFT_LIMITS.teamCountDefault,
  teamSplit: 'random' as TeamSplit,
  draftMode: true,
  bansRemovePicks: false,
} as const;

/** The live modes' options as a new form starts with them (the server's own defaults). */
const MODE_DEFAULTS = {
  mode: 'random' as DraftMode,
  stepSeconds: DRAFT_MACHINE_LIMITS.stepSecondsDefault,
  captainSelection: 'topRated' as CaptainSelection,
  captainIDs: [] as readonly string[],
  captainOrder: 'snake' as CaptainOrder,
  bansPerTeam: DRAFT_MACHINE_LIMITS.bansPerTeamDefault,
  picksPerTeam: null as number | null,
  majorityBansPerPlayer: DRAFT_MACHINE_LIMITS.majorityBansDefault,
};

export function initialForm(prefill: { gameName?: string; memberIDs?: readonly string[] } = {}): NewGameForm {
  return {
    gameName: prefill.gameName ?? '',
    memberIDs: (prefill.memberIDs ?? []).slice(0, DRAFT_LIMITS.maxPlayers),
    host: null,
    gameType: 'ffa',
    moreOptions: false,
    ...HIDDEN_OPTION_DEFAULTS,
    teams: {},
    numCiv: DRAFT_LIMITS.numCivFormDefault,
    freeBans: DRAFT_LIMITS.freeBansDefault,
    anonymousMode: false,
    ...MODE_DEFAULTS,
    presetID: null,
  };
}

/**
 * Fields whose change makes an earlier draft describe another game. Anonymous mode is among them: the
 * server stores it with the draft and withholds hands by it.
 */
export const DRAFT_FIELDS = [
  'memberIDs',
  'gameType',
  'moreOptions',
  'teamCount',
  'teamSplit',
  'teams',
  'draftMode',
  'bansRemovePicks',
  'numCiv',
  'freeBans',
  'anonymousMode',
  'mode',
  'stepSeconds',
  'captainSelection',
  'captainIDs',
  'captainOrder',
  'bansPerTeam',
  'picksPerTeam',
  'majorityBansPerPlayer',
  'presetID',
] as const satisfies readonly (keyof NewGameForm)[];

export const changesDraft = (patch: Partial<NewGameForm>): boolean => DRAFT_FIELDS.some((field) => field in patch);

/** Fields a preset sets: changing one by hand means the options are no longer the preset's. */
const PRESET_FIELDS = [
  'gameType',
  'moreOptions',
  'draftMode',
  'numCiv',
  'freeBans',
  'bansRemovePicks',
  'teamSplit',
  'teamCount',
  'anonymousMode',
  'mode',
  'stepSeconds',
  'captainSelection',
  'captainOrder',
  'bansPerTeam',
  'picksPerTeam',
  'majorityBansPerPlayer',
] as const satisfies readonly (keyof NewGameForm)[];

/** Whether a change by hand leaves the preset applied: it does unless it touches what the preset set. */
export const leavesPreset = (patch: Partial<NewGameForm>): boolean =>
  !('presetID' in patch) && PRESET_FIELDS.some((field) => field in patch);

/** The chosen members in the group's order. */
export const selectedMembers = (members: readonly NewGameMember[], form: Pick<NewGameForm, 'memberIDs'>): NewGameMember[] => {
  const chosen = new Set(form.memberIDs);
  return members.filter((member) => chosen.has(member.userID));
};

/** Spec 5: at most 12 members; a further member cannot be chosen once 12 are. */
export const memberCapReached = (form: Pick<NewGameForm, 'memberIDs'>): boolean => form.memberIDs.length >= DRAFT_LIMITS.maxPlayers;

/** Toggles a member, refusing a 13th. */
export function toggleMember(memberIDs: readonly string[], userID: string): string[] {
  if (memberIDs.includes(userID)) return memberIDs.filter((id) => id !== userID);
  return memberIDs.length >= DRAFT_LIMITS.maxPlayers ? [...memberIDs] : [...memberIDs, userID];
}

/**
 * The options in force: while 'More options' is unchecked the hidden ones keep their defaults.
 * Balanced teams are the server's to deal, so a game added without Draft Mode splits them at random.
 */
export function effectiveOptions(form: NewGameForm): Pick<NewGameForm, 'teamCount' | 'teamSplit' | 'draftMode' | 'bansRemovePicks'> {
  if (!form.moreOptions) return HIDDEN_OPTION_DEFAULTS;
  const teamSplit = form.teamSplit === 'balanced' && !form.draftMode ? 'random' : form.teamSplit;
  return { teamCount: form.teamCount, teamSplit, draftMode: form.draftMode, bansRemovePicks: form.bansRemovePicks };
}

/** The host: the one chosen if still playing, else the viewer if playing, else the first player. */
export function hostOf(form: Pick<NewGameForm, 'host'>, players: readonly NewGameMember[], viewerID: string): string | null {
  const ids = players.map((player) => player.userID);
  if (form.host && ids.includes(form.host)) return form.host;
  if (ids.includes(viewerID)) return viewerID;
  return ids[0] ?? null;
}

/** Spec 5: teams run from 2 up to the number of members. */
export const teamCountChoices = (playerCount: number): number[] =>
  Array.from({ length: Math.max(0, Math.min(playerCount, DRAFT_LIMITS.maxPlayers) - 1) }, (_, i) => i + 2);

/** The team count in force: the one chosen, held within 2 and the number of players (fewer players may have been chosen since). */
export const teamCountFor = (teamCount: number, playerCount: number): number =>
  Math.min(Math.max(teamCount, DRAFT_LIMITS.teamCountDefault), Math.max(DRAFT_LIMITS.teamCountDefault, playerCount));

/** Spec 5: a manual team is 1 to 12. */
export const TEAM_CHOICES = Array.from({ length: DRAFT_LIMITS.teamMax - DRAFT_LIMITS.teamMin + 1 }, (_, i) => DRAFT_LIMITS.teamMin + i);

/** A member's manual team: the one chosen, else alternating 1, 2, 1, 2 by place, so the default is a valid game. */
export const manualTeamOf = (form: Pick<NewGameForm, 'teams'>, players: readonly NewGameMember[], userID: string): number =>
  form.teams[userID] ?? (players.findIndex((player) => player.userID === userID) % 2) + 1;

/** Spec 9: teams assigned at random, round-robin up to teamCount (a game added without a draft). */
export function randomTeams(userIDs: readonly string[], teamCount: number, random: Random): Record<string, number> {
  const order = [...userIDs];
  for (let i = order.length - 1; i > 0; i -= 1) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [order[i], order[j]] = [order[j] as string, order[i] as string];
  }
  return Object.fromEntries(order.map((userID, index) => [userID, (index % teamCount) + 1]));
}

/** The draft mode in force: none is dealt without Draft Mode, so it reads as the plain random deal. */
export const draftModeOf = (form: NewGameForm): DraftMode => (effectiveOptions(form).draftMode ? form.mode : 'random');

/** Blind picks, captains and majority bans run live on the server: the form starts them and opens the draft's page. */
export const isLiveDraft = (form: NewGameForm): boolean => draftModeOf(form) !== 'random';

/** A captains draft is a team game's: each team has a captain. */
export const captainsNeedTeamGame = (form: NewGameForm): boolean => draftModeOf(form) === 'captains' && form.gameType !== 'team';

/** How many captains to choose: one for each team the players will form. */
export function captainsNeeded(form: NewGameForm, players: readonly NewGameMember[]): number {
  const options = effectiveOptions(form);
  if (options.teamSplit !== 'manual') return teamCountFor(options.teamCount, players.length);
  return new Set(players.map((player) => manualTeamOf(form, players, player.userID))).size;
}

/** The chosen captains still among the players, in the players' order. */
export const chosenCaptains = (form: Pick<NewGameForm, 'captainIDs'>, players: readonly NewGameMember[]): string[] =>
  players.filter((player) => form.captainIDs.includes(player.userID)).map((player) => player.userID);

/** The options of the live mode in force, as draftGame takes them; none for the random deal. */
function modeFields(form: NewGameForm, players: readonly NewGameMember[]): Partial<DraftGameInput> {
  const mode = draftModeOf(form);
  switch (mode) {
    case 'random':
      return {};
    case 'blind':
      return { mode, stepSeconds: form.stepSeconds };
    case 'majorityBans':
      return { mode, stepSeconds: form.stepSeconds, majorityBansPerPlayer: form.majorityBansPerPlayer };
    case 'captains':
      return {
        mode,
        stepSeconds: form.stepSeconds,
        captainSelection: form.captainSelection,
        ...(form.captainSelection === 'chosen' ? { captainIDs: chosenCaptains(form, players) } : {}),
        captainOrder: form.captainOrder,
        bansPerTeam: form.bansPerTeam,
        picksPerTeam: form.picksPerTeam,
      };
  }
}

/** Anonymous mode as it applies: a captains draft is played in the open, so it has none. */
export const anonymousModeOf = (form: NewGameForm, mode: DraftMode = draftModeOf(form)): boolean =>
  form.anonymousMode && mode !== 'captains';

/** The form's options as a group preset keeps them (chosen captains are a game's, not a preset's). */
export function presetConfigFrom(form: NewGameForm, players: readonly NewGameMember[]): DraftPresetConfig {
  const options = effectiveOptions(form);
  return {
    mode: form.mode,
    gameType: form.gameType,
    numCiv: form.numCiv,
    freeBans: form.freeBans,
    bansRemovePicks: options.bansRemovePicks,
    teamSplit: options.teamSplit,
    teamCount: players.length >= 2 ? teamCountFor(options.teamCount, players.length) : options.teamCount,
    anonymousMode: anonymousModeOf(form, form.mode),
    stepSeconds: form.stepSeconds,
    captainSelection: form.captainSelection,
    captainOrder: form.captainOrder,
    bansPerTeam: form.bansPerTeam,
    picksPerTeam: form.picksPerTeam,
    majorityBansPerPlayer: form.majorityBansPerPlayer,
  };
}

/**
 * What choosing a preset changes: every option it keeps. 'More options' opens when the preset sets one
 * of the options behind it, so the form shows (and sends) what the preset holds.
 */
export function presetPatch(preset: DraftPresetDto): Partial<NewGameForm> {
  const { config } = preset;
  const hiddenDiffer =
    config.teamSplit !== HIDDEN_OPTION_DEFAULTS.teamSplit ||
    config.teamCount !== HIDDEN_OPTION_DEFAULTS.teamCount ||
    config.bansRemovePicks !== HIDDEN_OPTION_DEFAULTS.bansRemovePicks;
  return {
    presetID: preset.presetID,
    mode: config.mode,
    gameType: config.gameType,
    numCiv: config.numCiv,
    freeBans: config.freeBans,
    bansRemovePicks: config.bansRemovePicks,
    teamSplit: config.teamSplit,
    teamCount: config.teamCount,
    anonymousMode: config.anonymousMode,
    stepSeconds: config.stepSeconds,
    captainSelection: config.captainSelection,
    captainOrder: config.captainOrder,
    bansPerTeam: config.bansPerTeam,
    picksPerTeam: config.picksPerTeam,
    majorityBansPerPlayer: config.majorityBansPerPlayer,
    draftMode: true,
    ...(hiddenDiffer ? { moreOptions: true } : {}),
  };
}

/**
 * The draftGame body: the chosen players in order and the form's options. The server reads the
 * players' bans, preferences and packs itself; manual teams are sent only when the teams are chosen.
 * The random deal sends no mode (the server's default), so it asks exactly what it always did; a live
 * mode sends its own options, and a preset still applied goes by its id.
 */
export function draftGameBodyFrom(params: {
  groupID: string;
  form: NewGameForm;
  players: readonly NewGameMember[];
  eventID?: string | null;
  /** The host chosen in the form, kept with the draft for whoever makes its game. */
  host?: string | null;
}): DraftGameInput {
  const { groupID, form, players, eventID, host } = params;
  const options = effectiveOptions(form);
  const isTeam = form.gameType === 'team';
  const manual = isTeam && options.teamSplit === 'manual';
  return {
    groupID,
    members: players.map((player) =>
      manual ? { userID: player.userID, team: manualTeamOf(form, players, player.userID) } : { userID: player.userID },
    ),
    gameType: form.gameType,
    numCiv: form.numCiv,
    freeBans: form.freeBans,
    bansRemovePicks: options.bansRemovePicks,
    ...(isTeam ? { teamSplit: options.teamSplit, teamCount: teamCountFor(options.teamCount, players.length) } : {}),
    anonymousMode: anonymousModeOf(form),
    ...(eventID ? { eventID } : {}),
    ...(form.gameName.trim() ? { gameName: form.gameName.trim() } : {}),
    ...(host && players.some((player) => player.userID === host) ? { host } : {}),
    ...modeFields(form, players),
    ...(form.presetID ? { presetID: form.presetID } : {}),
  };
}

/**
 * Spec 8: what the form shows for a failed draft. The server's refusals (a shortfall of owned
 * leaders, too few players, too many drafts) read as the server words them; anything unexpected
 * (no answer, a server fault) keeps the 'Unexpected error while drafting: ' prefix.
 */
export function draftErrorText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.body.message;
  const message = error instanceof ApiError ? error.body.message : error instanceof Error ? error.message : 'Something went wrong';
  return `${DRAFT_ERROR_PREFIX}${message}`;
}

/**
 * The createGame body. A drafted game names the server's draft by its id and sends no hands: the
 * server takes players, teams, choices, bans, map and settings from the draft it dealt. Without
 * Draft Mode, the chosen members with no civ choices (teams drawn now when they are random).
 */
export function createGameBodyFrom(params: {
  groupID: string;
  form: NewGameForm;
  players: readonly NewGameMember[];
  host: string | null;
  draft: DraftDto | null;
  eventID?: string | null;
  random?: Random;
}): CreateGameInput {
  const { groupID, form, players, host, draft, eventID, random = Math.random } = params;
  const options = effectiveOptions(form);
  const common = {
    groupID,
    gameName: form.gameName.trim(),
    ...(host ? { host } : {}),
    anonymousMode: form.anonymousMode,
    lobbyLink: '',
    ...(eventID ? { eventID } : {}),
  };
  if (draft) {
    return {
      ...common,
      draftID: draft.draftID,
      members: draft.players.map((player) => ({ userID: player.userID, team: player.team })),
      gameType: draft.gameType,
      draftMode: true,
      numCiv: draft.numCiv,
      freeBans: form.freeBans,
      bansRemovePicks: options.bansRemovePicks,
    };
  }
  const isTeam = form.gameType === 'team';
  const drawnTeams =
    isTeam && options.teamSplit !== 'manual'
      ? randomTeams(
          players.map((player) => player.userID),
          teamCountFor(options.teamCount, players.length),
          random,
        )
      : {};
  const teamOf = (userID: string) => (isTeam ? (drawnTeams[userID] ?? manualTeamOf(form, players, userID)) : null);
  return {
    ...common,
    members: players.map((player) => ({ userID: player.userID, team: teamOf(player.userID), civChoices: [] })),
    gameType: form.gameType,
    draftMode: options.draftMode,
    numCiv: form.numCiv,
    freeBans: form.freeBans,
    bansRemovePicks: options.bansRemovePicks,
    map: null,
    bannedLeaders: [],
  };
}
