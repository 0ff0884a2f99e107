import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import { draftAsText, type DraftResult, type DraftedPlayer } from '@smm/shared/civilization/draft';
import { draftOutcome, nextDeadline, viewDraft } from '@smm/shared/civilization/draft-machine';
import { draftModeConfig, type DraftMachineState } from '@smm/shared/civilization/draft-machine-schemas';
import type { DraftDto, OpenDraftDto } from '@smm/shared/civilization/draft-schemas';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import { toIso } from '../../lib/iso-time';
import type { DraftRow, DraftWithEarlierDeals } from './drafts.repo';

/** What was asked of a draft, stored beside what was dealt. */
export interface DraftOptions {
  numCiv: number;
  freeBans: number;
  bansRemovePicks: boolean;
  teamSplit: string;
  teamCount: number;
  eventID: string | null;
  /** The name given for its game when the draft was started (absent from drafts stored before it was kept). */
  gameName?: string | null;
  /** The host chosen for its game when the draft was started (absent from drafts stored before it was kept). */
  hostID?: string | null;
}

/** The draft a game is made from, as stored: null while a live draft still runs. */
export const parseResult = (row: Pick<DraftRow, 'result'>): DraftResult | null => JSON.parse(row.result) as DraftResult | null;

export const parseOptions = (row: Pick<DraftRow, 'options'>): DraftOptions => JSON.parse(row.options) as DraftOptions;

/**
 * The draft machine's state as stored. A draft dealt before drafts had modes has none: it reads as a complete
 * random draft of its result, with nothing left to vote on.
 */
export function parseState(row: Pick<DraftRow, 'state' | 'result' | 'game_type' | 'anonymous_mode' | 'created_at'>): DraftMachineState {
  if (row.state) return JSON.parse(row.state) as DraftMachineState;
  const deal = parseResult(row)!;
  const at = Number(row.created_at);
  return {
    version: 1,
    config: draftModeConfig.parse({ mode: 'random', gameType: row.game_type, anonymousMode: row.anonymous_mode === 1 }),
    context: { players: [], leaders: [], maps: [], groupSettings: {} as DraftMachineState['context']['groupSettings'] },
    round: 1,
    startedAt: at,
    status: 'complete',
    completedAt: at,
    players: deal.players.map(({ userID, username, team }) => ({ userID, username, team })),
    stage: { mode: 'random', deal },
    vote: null,
    lastVote: null,
  };
}

/** The columns that follow from a state: the state itself, the game's draft once complete, and the next timer. */
export function stateColumns(state: DraftMachineState): Pick<DraftRow, 'state' | 'result' | 'deadline'> {
  return { state: JSON.stringify(state), result: JSON.stringify(draftOutcome(state)), deadline: nextDeadline(state) };
}

/**
 * Whether the reader may see this player's hand: always, unless the draft is anonymous; then only their own
 * and their team-mates'. Someone who plays no part in an anonymous draft sees no hand.
 */
export function handVisible(
  anonymous: boolean,
  player: Pick<DraftedPlayer, 'userID' | 'team'>,
  reader: Pick<DraftedPlayer, 'userID' | 'team'> | undefined,
) {
  if (!anonymous) return true;
  if (!reader) return false;
  return reader.userID === player.userID || (reader.team !== null && reader.team === player.team);
}

const noSettings = (): DraftResult['settings'] =>
  Object.fromEntries(SETTING_TYPES.map((type) => [type, []])) as unknown as DraftResult['settings'];

/**
 * The draft as its reader may see it. Every part comes from viewDraft (hidden picks and proposals are left out
 * there) or, once complete, from the outcome with other hands withheld in anonymous mode, in the Discord copy too.
 */
export function toDraftDto(row: DraftWithEarlierDeals, readerID: string, replacedBy: string | null = null): DraftDto {
  const state = parseState(row);
  const view = viewDraft(state, readerID);
  const outcome = draftOutcome(state);
  const anonymous = row.anonymous_mode === 1;
  const reader = state.players.find((p) => p.userID === readerID);
  return {
    draftID: row.id,
    groupID: row.group_id,
    gameType: row.game_type as GameType,
    anonymousMode: anonymous,
    numCiv: outcome?.numCiv ?? view.numCiv ?? state.config.numCiv,
    map: outcome ? outcome.map : view.map,
    players: view.players.map((player) => {
      const dealt = outcome?.players.find((p) => p.userID === player.userID);
      const visible = outcome ? handVisible(anonymous, player, reader) : !player.handHidden;
      return {
        userID: player.userID,
        username: player.username,
        team: player.team,
        civChoices: visible ? (outcome ? (dealt?.civChoices ?? []) : player.hand) : [],
        civChoicesHidden: !visible,
      };
    }),
    bannedLeaders: outcome ? outcome.bannedLeaders : view.bannedLeaders,
    settings: (outcome ? outcome.settings : view.settings) ?? noSettings(),
    dateCreated: toIso(Number(row.created_at)),
    discordText: outcome ? draftAsText(outcome, { anonymous, viewerID: readerID, dealNumber: row.deal_number }) : '',
    gameID: row.game_id,
    gameName: parseOptions(row).gameName ?? null,
    host: parseOptions(row).hostID ?? null,
    mode: view.mode,
    status: view.status,
    round: view.round,
    dealNumber: row.deal_number,
    earlierDeals: row.earlier_deals.map((deal) => ({ dealtBy: deal.dealer, dealtAt: toIso(deal.dealt_at) })),
    replacedBy,
    view,
  };
}

/** A live draft as the group's Games page lists it for the reader: its mode, players and timer, nothing dealt. */
export function toOpenDraftDto(
  row: Pick<DraftRow, 'id' | 'game_type' | 'created_at' | 'options'> & { dealer: string | null },
  state: DraftMachineState,
  readerID: string,
): OpenDraftDto {
  const view = viewDraft(state, readerID);
  return {
    draftID: row.id,
    gameName: parseOptions(row).gameName ?? null,
    mode: view.mode,
    status: state.status,
    gameType: row.game_type as GameType,
    startedBy: row.dealer,
    dateCreated: toIso(Number(row.created_at)),
    players: state.players.map(({ userID, username }) => ({ userID, username })),
    // A complete draft waits on nothing but an open redraft vote.
    deadline: view.deadline ?? (state.vote ? toIso(state.vote.deadline) : null),
  };
}
