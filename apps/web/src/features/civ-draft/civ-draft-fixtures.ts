import { CIV_CATALOGUES } from '@smm/shared/civilization/catalogue';
import { draftAsText, DraftError, seededRandom, type Random } from '@smm/shared/civilization/draft';
import { applyDraftAction, draftOutcome, nextDeadline, startDraft, viewDraft } from '@smm/shared/civilization/draft-machine';
import {
  draftModeConfig,
  type DraftMachineState,
  type DraftMachineView,
  type DraftModeConfigInput,
  type DraftPlayerAction,
} from '@smm/shared/civilization/draft-machine-schemas';
import { draftDto, type DraftDto, type EarlierDealDto } from '@smm/shared/civilization/draft-schemas';
import { defaultGroupSettings } from '@smm/shared/groups/settings';

// The server's side of a live draft for the web tests: the real draft machine (packages/shared) behind a fake
// getDraft and draftAction, answering as the server's mapper does, so the page reads what it will read in use.

const civ6 = CIV_CATALOGUES['Civilization 6'];
if (!civ6) throw new Error('no Civilization 6 catalogue');
export const CIV6 = civ6;

export interface FakePlayer {
  userID: string;
  username: string;
  team?: number;
  ownedPacks?: string[] | null;
}

export type Reply = { status: number; body: unknown };

const noSettings = () => ({ gameSettings: [], gameModes: [], victoryTypes: [], tradingAndDiplomacy: [] });

/** One live draft kept by the fake server: its machine state, a clock that only moves when told, and its game. */
export class FakeDraft {
  state: DraftMachineState;
  now: number;
  gameID: string | null = null;
  /** The name kept with the draft when it was started. */
  gameName: string | null = null;
  host: string | null = null;
  replacedBy: string | null = null;
  /** The deals for these players this one replaced, as the server lists them: the draft is one more. */
  earlierDeals: EarlierDealDto[] = [];
  readonly groupID: string;
  private readonly random: Random;

  constructor(
    readonly draftID: string,
    config: DraftModeConfigInput,
    players: readonly FakePlayer[],
    options: { seed?: number; now?: number; groupID?: string } = {},
  ) {
    this.random = seededRandom(options.seed ?? 1);
    this.now = options.now ?? Date.now();
    this.groupID = options.groupID ?? 'g1';
    this.state = startDraft(
      draftModeConfig.parse(config),
      {
        players: players.map((player) => ({ ...player, leaderBans: [] })),
        leaders: civ6!.leaders,
        maps: civ6!.maps,
        groupSettings: defaultGroupSettings(),
      },
      { now: this.now },
      this.random,
    );
  }

  /** The draft as `readerID` may see it, built as the server's mapper builds it, and checked against the contract. */
  dto(readerID: string): DraftDto {
    const view = viewDraft(this.state, readerID);
    const outcome = draftOutcome(this.state);
    const anonymous = this.state.config.anonymousMode;
    const reader = this.state.players.find((player) => player.userID === readerID);
    const visible = (player: { userID: string; team: number | null }) =>
      !anonymous || (reader !== undefined && (reader.userID === player.userID || (reader.team !== null && reader.team === player.team)));
    return draftDto.parse({
      draftID: this.draftID,
      groupID: this.groupID,
      gameType: this.state.config.gameType,
      anonymousMode: anonymous,
      numCiv: outcome?.numCiv ?? view.numCiv ?? this.state.config.numCiv,
      map: outcome ? outcome.map : view.map,
      players: view.players.map((player) => {
        const shown = outcome ? visible(player) : !player.handHidden;
        const dealt = outcome?.players.find((entry) => entry.userID === player.userID)?.civChoices ?? [];
        return {
          userID: player.userID,
          username: player.username,
          team: player.team,
          civChoices: shown ? (outcome ? dealt : player.hand) : [],
          civChoicesHidden: !shown,
        };
      }),
      bannedLeaders: outcome ? outcome.bannedLeaders : view.bannedLeaders,
      settings: (outcome ? outcome.settings : view.settings) ?? noSettings(),
      dateCreated: new Date(this.state.startedAt).toISOString(),
      discordText: outcome ? draftAsText(outcome, { anonymous, viewerID: readerID, dealNumber: this.earlierDeals.length + 1 }) : '',
      gameID: this.gameID,
      gameName: this.gameName,
      host: this.host,
      replacedBy: this.replacedBy,
      mode: view.mode,
      status: view.status,
      round: view.round,
      dealNumber: this.earlierDeals.length + 1,
      earlierDeals: this.earlierDeals,
      view,
    });
  }

  /** A player's step, as draftAction applies it: the new draft, or 400 with the machine's reason. */
  act(userID: string, action: DraftPlayerAction): Reply {
    try {
      this.state = applyDraftAction(
        this.state,
        { ...action, userID },
        { now: this.now, random: this.random, gameRecorded: this.gameID !== null },
      );
      return { status: 200, body: this.dto(userID) };
    } catch (error) {
      if (!(error instanceof DraftError)) throw error;
      return { status: 400, body: { message: error.message, fields: { action: error.message } } };
    }
  }

  /** The server's timer: the clock moves to the next deadline and whatever is due is done. */
  timeout(): void {
    const due = nextDeadline(this.state);
    if (due === null) throw new Error('nothing is due');
    this.now = Math.max(this.now, due);
    this.state = applyDraftAction(this.state, { type: 'timeout' }, { now: this.now, random: this.random });
  }
}

/** What a test that builds a DraftDto by hand says of it. */
type HandMadeDraft = Omit<DraftDto, 'mode' | 'status' | 'round' | 'view' | 'dealNumber' | 'earlierDeals'> &
  Partial<Pick<DraftDto, 'dealNumber' | 'earlierDeals'>>;

/** A complete random draft's live view, made from what the draft shows, for tests that build a DraftDto by hand. */
export function randomDraftView(draft: HandMadeDraft): DraftMachineView {
  return {
    mode: 'random',
    status: 'complete',
    round: 1,
    gameType: draft.gameType,
    anonymousMode: draft.anonymousMode,
    startedAt: draft.dateCreated,
    completedAt: draft.dateCreated,
    deadline: null,
    numCiv: draft.numCiv,
    map: draft.map,
    settings: draft.settings,
    bannedLeaders: draft.bannedLeaders,
    majorityBansPerPlayer: null,
    keptLeaders: [],
    players: draft.players.map((player) => ({
      userID: player.userID,
      username: player.username,
      team: player.team,
      isCaptain: false,
      hand: player.civChoices,
      handHidden: player.civChoicesHidden,
      pick: null,
      pickHidden: false,
      hasPicked: false,
      autoPicked: false,
      bansSubmitted: false,
      proposedBans: [],
      proposedBansHidden: false,
    })),
    teams: [],
    steps: [],
    stepIndex: null,
    turn: null,
    history: [],
    vote: null,
    lastVote: null,
  };
}

/** A random draft as the server answers it: complete at once, round 1, the first deal unless said otherwise. */
export const completeRandomDraft = (draft: HandMadeDraft): DraftDto => ({
  dealNumber: 1,
  earlierDeals: [],
  ...draft,
  mode: 'random',
  status: 'complete',
  round: 1,
  view: randomDraftView(draft),
});
