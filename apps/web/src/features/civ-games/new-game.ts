import type { CivGameCatalogue } from '@smm/shared/civilization/catalogue-types';
import { DRAFT_LIMITS, type DraftInput, type DraftPlayer, type DraftResult, type Random } from '@smm/shared/civilization/draft';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { CivPreferencesDto } from '@smm/shared/civilization/schemas';
import type { GroupSettings } from '@smm/shared/groups/settings';
import type { CreateGameInput } from './api/create-game';

// The New-game form's rules (spec 4, 5 and 9), kept apart from the dialog so they read and test as plain functions.

/** Spec 8: the form's messages. */
export const DRAFT_ERROR_PREFIX = 'Unexpected error while drafting: ';
export const CREATE_GAME_ERROR = 'Unexpected error while attempting to draft';
/** A redraft replaces the event's earlier game only while nobody has started recording it. */
export const REPLACES_DRAFT_TEXT =
  'This event has already been drafted. Adding this game replaces the earlier one only if nobody has started recording it (no elimination, winner, comment or note); otherwise you can add it beside the earlier game.';

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
  /** Spec 4: reveals teams, random teams, draft mode and bans remove picks. */
  moreOptions: boolean;
  teamCount: number;
  randomTeams: boolean;
  /** manual teams by userID; a member without one gets the default of their place */
  teams: Readonly<Record<string, number>>;
  draftMode: boolean;
  bansRemovePicks: boolean;
  numCiv: number;
  freeBans: number;
  anonymousMode: boolean;
}

/** The options behind 'More options' as a game starts with them. */
const HIDDEN_OPTION_DEFAULTS = {
  teamCount: DRAFT_LIMITS.teamCountDefault,
  randomTeams: true,
  draftMode: true,
  bansRemovePicks: false,
} as const;

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
  };
}

/** Fields whose change makes an earlier draft describe another game. */
export const DRAFT_FIELDS = [
  'memberIDs',
  'gameType',
  'moreOptions',
  'teamCount',
  'randomTeams',
  'teams',
  'draftMode',
  'bansRemovePicks',
  'numCiv',
  'freeBans',
] as const satisfies readonly (keyof NewGameForm)[];

export const changesDraft = (patch: Partial<NewGameForm>): boolean => DRAFT_FIELDS.some((field) => field in patch);

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

/** The options in force: while 'More options' is unchecked the hidden ones keep their defaults. */
export function effectiveOptions(form: NewGameForm): Pick<NewGameForm, 'teamCount' | 'randomTeams' | 'draftMode' | 'bansRemovePicks'> {
  if (!form.moreOptions) return HIDDEN_OPTION_DEFAULTS;
  return { teamCount: form.teamCount, randomTeams: form.randomTeams, draftMode: form.draftMode, bansRemovePicks: form.bansRemovePicks };
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

/** The draft's input: the chosen players in order with their stored preferences, and the form's options. */
export function draftInputFrom(params: {
  form: NewGameForm;
  players: readonly NewGameMember[];
  preferences: readonly CivPreferencesDto[];
  catalogue: Pick<CivGameCatalogue, 'leaders' | 'maps'> | undefined;
  groupSettings: GroupSettings;
}): DraftInput {
  const { form, players, preferences, catalogue, groupSettings } = params;
  const options = effectiveOptions(form);
  const byUser = new Map(preferences.map((preference) => [preference.userID, preference]));
  const draftPlayers = players.map((player): DraftPlayer => {
    const preference = byUser.get(player.userID);
    return {
      userID: player.userID,
      username: player.username,
      team: manualTeamOf(form, players, player.userID),
      leaderBans: preference?.leaderBans.map((ban) => ban.civID) ?? [],
      maps: preference?.maps.map((map) => map.name) ?? [],
      settings: preference && {
        gameSettings: preference.gameSettings,
        gameModes: preference.gameModes,
        victoryTypes: preference.victoryTypes,
        tradingAndDiplomacy: preference.tradingAndDiplomacy,
      },
    };
  });
  return {
    players: draftPlayers,
    leaders: catalogue?.leaders ?? [],
    maps: catalogue?.maps ?? [],
    groupSettings,
    numCiv: form.numCiv,
    freeBans: form.freeBans,
    bansRemovePicks: options.bansRemovePicks,
    gameType: form.gameType,
    randomTeams: options.randomTeams,
    teamCount: teamCountFor(options.teamCount, players.length),
  };
}

/**
 * The createGame body: the drafted players, choices, map and settings, or without Draft Mode the
 * chosen members with no civ choices (teams drawn now when they are random).
 */
export function createGameBodyFrom(params: {
  groupID: string;
  form: NewGameForm;
  players: readonly NewGameMember[];
  host: string | null;
  draft: DraftResult | null;
  eventID?: string | null;
  random?: Random;
}): CreateGameInput {
  const { groupID, form, players, host, draft, eventID, random = Math.random } = params;
  const options = effectiveOptions(form);
  const isTeam = form.gameType === 'team';
  const drawnTeams =
    isTeam && options.randomTeams && !draft
      ? randomTeams(
          players.map((player) => player.userID),
          teamCountFor(options.teamCount, players.length),
          random,
        )
      : {};
  const teamOf = (userID: string) => (isTeam ? (drawnTeams[userID] ?? manualTeamOf(form, players, userID)) : null);
  const members = draft
    ? draft.players.map((player) => ({
        userID: player.userID,
        team: player.team,
        civChoices: player.civChoices.map((choice) => choice.civID),
      }))
    : players.map((player) => ({ userID: player.userID, team: teamOf(player.userID), civChoices: [] }));
  return {
    groupID,
    gameName: form.gameName.trim(),
    members,
    ...(host ? { host } : {}),
    gameType: form.gameType,
    anonymousMode: form.anonymousMode,
    draftMode: options.draftMode,
    numCiv: form.numCiv,
    freeBans: form.freeBans,
    bansRemovePicks: options.bansRemovePicks,
    map: draft?.map?.name ?? null,
    bannedLeaders: draft?.bannedLeaders ?? [],
    ...(draft ? { settings: draft.settings } : {}),
    lobbyLink: '',
    ...(eventID ? { eventID } : {}),
  };
}
