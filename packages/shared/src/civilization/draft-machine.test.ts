import { describe, expect, it } from 'vitest';
import { defaultGroupSettings } from '../groups/settings';
import type { CivLeader } from './catalogue-types';
import { DraftError, seededRandom } from './draft';
import {
  applyDraftAction,
  captainOptions,
  draftOutcome,
  nextDeadline,
  startDraft,
  viewDraft,
  type DraftActionOptions,
} from './draft-machine';
import {
  draftMachineState,
  draftMachineView,
  draftModeConfig,
  type DraftMachineAction,
  type DraftMachineContext,
  type DraftMachineState,
  type DraftModeConfigInput,
} from './draft-machine-schemas';

const T0 = Date.UTC(2025, 0, 1, 20, 0, 0);
const SECOND = 1000;

const leader = (civID: string, name: string, nation: string, pack = 'Base Game'): CivLeader => ({ civID, leader: name, nation, pack });

/** Twelve nations; Eleanor leads two of them, Greece has two leaders, and Rome is sold separately. */
const LEADERS: CivLeader[] = [
  leader('GORGO', 'Gorgo', 'Greece'),
  leader('PERICLES', 'Pericles', 'Greece'),
  leader('TRAJAN', 'Trajan', 'Rome', 'Julius Caesar Leader Pack'),
  leader('CLEOPATRA', 'Cleopatra (Egyptian)', 'Egypt'),
  leader('CLEOPATRA_ALT', 'Cleopatra (Ptolemaic)', 'Egypt'),
  leader('VICTORIA', 'Victoria', 'England'),
  leader('ELEANOR_ENGLAND', 'Eleanor of Aquitaine (England)', 'England'),
  leader('ELEANOR_FRANCE', 'Eleanor of Aquitaine (France)', 'France'),
  leader('HOJO', 'Hojo Tokimune', 'Japan'),
  leader('MVEMBA', 'Mvemba a Nzinga', 'Kongo'),
  leader('PEDRO', 'Pedro II', 'Brazil'),
  leader('TOMYRIS', 'Tomyris', 'Scythia'),
  leader('GANDHI', 'Gandhi', 'India'),
  leader('GILGAMESH', 'Gilgamesh', 'Sumeria'),
  leader('BARBAROSSA', 'Frederick Barbarossa', 'Germany'),
];

const NAMES = ['Alice', 'Bob', 'Carol', 'Dan', 'Erin', 'Frank'];
function contextOf(count: number, extra: Partial<DraftMachineContext> = {}, team?: (index: number) => number): DraftMachineContext {
  return {
    players: NAMES.slice(0, count).map((username, index) => ({
      userID: `u${index}`,
      username,
      leaderBans: [],
      ...(team ? { team: team(index) } : {}),
    })),
    leaders: LEADERS,
    maps: [{ name: 'Pangaea', minPlayers: 2 }],
    groupSettings: defaultGroupSettings(),
    ...extra,
  };
}

const configOf = (input: DraftModeConfigInput) => draftModeConfig.parse(input);
const at = (seconds: number, seed = 7): DraftActionOptions => ({ now: T0 + seconds * SECOND, random: seededRandom(seed) });
const start = (config: DraftModeConfigInput, context: DraftMachineContext, seed = 1) =>
  startDraft(configOf(config), context, { now: T0 }, seededRandom(seed));

function refusal(state: DraftMachineState, action: DraftMachineAction, options: DraftActionOptions): string {
  const before = JSON.stringify(state);
  try {
    applyDraftAction(state, action, options);
  } catch (error) {
    expect(JSON.stringify(state)).toBe(before);
    if (error instanceof DraftError) return error.message;
    throw error;
  }
  throw new Error(`expected ${action.type} to be refused`);
}

const handOf = (state: DraftMachineState, userID: string) => {
  if (state.stage.mode === 'captains') throw new Error('captains drafts have no hands');
  return state.stage.deal?.players.find((player) => player.userID === userID)?.civChoices ?? [];
};
const captainsOf = (state: DraftMachineState) => {
  if (state.stage.mode !== 'captains') throw new Error('not a captains draft');
  return state.stage;
};

describe('random mode', () => {
  it('deals at once with draft() and is complete; anonymous mode hides the other team’s hands', () => {
    const state = start(
      { mode: 'random', gameType: 'team', teamSplit: 'manual', numCiv: 2, anonymousMode: true },
      contextOf(4, {}, (i) => (i % 2) + 1),
    );
    expect(state.status).toBe('complete');
    expect(nextDeadline(state)).toBeNull();
    const outcome = draftOutcome(state);
    expect(outcome?.players.map((player) => player.civChoices.length)).toEqual([2, 2, 2, 2]);
    const view = viewDraft(state, 'u0');
    expect(draftMachineView.parse(view)).toEqual(view);
    expect(view.players.map((player) => player.handHidden)).toEqual([false, true, false, true]);
    expect(view.players[1]?.hand).toEqual([]);
    expect(viewDraft(state, null).players.every((player) => player.handHidden && player.hand.length === 0)).toBe(true);
  });

  it('refuses with draft()’s own messages', () => {
    expect(() =>
      start(
        { mode: 'random', gameType: 'team', teamSplit: 'manual' },
        contextOf(2, {}, () => 1),
      ),
    ).toThrow(new DraftError('A team game needs players on at least 2 teams'));
    expect(() => start({ mode: 'random', gameType: 'team', teamCount: 3 }, contextOf(2))).toThrow(
      new DraftError('Teams must be a whole number from 2 to 2'),
    );
  });
});

describe('blind mode', () => {
  const blind = () => start({ mode: 'blind', gameType: 'ffa', numCiv: 3, stepSeconds: 60 }, contextOf(3));

  it('hides each pick from everyone else until all have picked, then reveals every pick at once', () => {
    let state = blind();
    expect(nextDeadline(state)).toBe(T0 + 60 * SECOND);
    const alicePick = handOf(state, 'u0')[1]?.civID ?? '';
    state = applyDraftAction(state, { type: 'blindPick', userID: 'u0', civID: alicePick }, at(5));
    expect(viewDraft(state, 'u0').players[0]).toMatchObject({ pick: { civID: alicePick }, hasPicked: true, pickHidden: false });
    for (const viewer of ['u1', 'u2', null]) {
      expect(viewDraft(state, viewer).players[0]).toMatchObject({ pick: null, hasPicked: true, pickHidden: true });
    }
    state = applyDraftAction(state, { type: 'blindPick', userID: 'u1', civID: handOf(state, 'u1')[0]?.civID ?? '' }, at(6));
    expect(state.status).toBe('running');
    state = applyDraftAction(state, { type: 'blindPick', userID: 'u2', civID: handOf(state, 'u2')[2]?.civID ?? '' }, at(7));
    expect(state.status).toBe('complete');
    for (const viewer of ['u0', 'u1', 'u2', null]) {
      expect(viewDraft(state, viewer).players.map((player) => player.pick?.civID)).toEqual([
        alicePick,
        handOf(state, 'u1')[0]?.civID,
        handOf(state, 'u2')[2]?.civID,
      ]);
    }
    expect(draftOutcome(state)?.players.map((player) => player.civChoices.length)).toEqual([1, 1, 1]);
  });

  it('lets a player change their pick before the reveal, only from their own hand, and only players pick', () => {
    let state = blind();
    const [first, second] = handOf(state, 'u0');
    state = applyDraftAction(state, { type: 'blindPick', userID: 'u0', civID: first?.civID ?? '' }, at(1));
    state = applyDraftAction(state, { type: 'blindPick', userID: 'u0', civID: second?.civID ?? '' }, at(2));
    expect(state.stage.mode === 'blind' && state.stage.picks.u0).toBe(second?.civID);
    const bobs = handOf(state, 'u1')[0];
    expect(refusal(state, { type: 'blindPick', userID: 'u0', civID: bobs?.civID ?? '' }, at(3))).toMatch(/ is not in Alice's hand$/);
    expect(refusal(state, { type: 'blindPick', userID: 'stranger', civID: first?.civID ?? '' }, at(3))).toBe(
      'Only the players of this draft can pick',
    );
    expect(refusal(state, { type: 'blindPick', userID: 'u0', civID: first?.civID ?? '' }, at(60))).toBe('Time is up for this step');
    expect(refusal(state, { type: 'ban', userID: 'u0', civID: first?.civID ?? '' }, at(3))).toBe(
      'Only a captains draft has bans and picks by turn',
    );
  });

  it('makes each missing pick a random leader from that player’s hand at the deadline', () => {
    let state = blind();
    const alicePick = handOf(state, 'u0')[0]?.civID ?? '';
    state = applyDraftAction(state, { type: 'blindPick', userID: 'u0', civID: alicePick }, at(1));
    expect(refusal(state, { type: 'timeout' }, at(59))).toBe('Nothing is due yet');
    state = applyDraftAction(state, { type: 'timeout' }, at(61));
    expect(state.status).toBe('complete');
    if (state.stage.mode !== 'blind') throw new Error('blind');
    const picks = state.stage.picks;
    expect(picks.u0).toBe(alicePick);
    expect(state.stage.autoPicked).toEqual(['u1', 'u2']);
    for (const userID of ['u1', 'u2']) expect(handOf(state, userID).map((item) => item.civID)).toContain(picks[userID]);
    expect(viewDraft(state, 'u0').players.map((player) => player.autoPicked)).toEqual([false, true, true]);
  });
});

describe('captains mode', () => {
  const teamsOf = (index: number) => (index < 2 ? 1 : 2);
  const captains = (extra: DraftModeConfigInput = { mode: 'captains', gameType: 'team' }, context = contextOf(4, {}, teamsOf)) =>
    start(
      { teamSplit: 'manual', captainSelection: 'chosen', captainIDs: ['u0', 'u2'], bansPerTeam: 1, stepSeconds: 30, ...extra },
      context,
    );

  it('bans then picks in snake order, only by the captain whose turn it is', () => {
    let state = captains();
    const stage = captainsOf(state);
    expect(stage.teams).toEqual([
      { team: 1, captainID: 'u0', memberIDs: ['u0', 'u1'] },
      { team: 2, captainID: 'u2', memberIDs: ['u2', 'u3'] },
    ]);
    expect(stage.steps.map((step) => `${step.kind}${step.team}`)).toEqual(['ban0', 'ban1', 'pick0', 'pick1', 'pick1', 'pick0']);
    expect(viewDraft(state, null).turn).toEqual({ kind: 'ban', team: 1, captainID: 'u0' });

    expect(refusal(state, { type: 'ban', userID: 'u2', civID: 'GORGO' }, at(1))).toBe("It is Alice's turn to ban for Team 1");
    expect(refusal(state, { type: 'ban', userID: 'u1', civID: 'GORGO' }, at(1))).toBe("It is Alice's turn to ban for Team 1");
    expect(refusal(state, { type: 'pick', userID: 'u0', civID: 'GORGO' }, at(1))).toBe('Alice is to ban now, not pick');
    expect(refusal(state, { type: 'ban', userID: 'u0', civID: 'NOBODY' }, at(1))).toBe('That leader is not in this game');
    expect(refusal(state, { type: 'ban', userID: 'u0', civID: 'GORGO' }, at(30))).toBe('Time is up for this step');

    state = applyDraftAction(state, { type: 'ban', userID: 'u0', civID: 'GORGO' }, at(1));
    expect(nextDeadline(state)).toBe(T0 + 31 * SECOND);
    expect(refusal(state, { type: 'ban', userID: 'u2', civID: 'GORGO' }, at(2))).toBe('Gorgo (Greece) is already banned');
    state = applyDraftAction(state, { type: 'ban', userID: 'u2', civID: 'HOJO' }, at(2));
    state = applyDraftAction(state, { type: 'pick', userID: 'u0', civID: 'PERICLES' }, at(3));
    expect(refusal(state, { type: 'pick', userID: 'u2', civID: 'PERICLES' }, at(4))).toBe('Pericles (Greece) is already picked');
    state = applyDraftAction(state, { type: 'pick', userID: 'u2', civID: 'ELEANOR_ENGLAND' }, at(4));
    expect(refusal(state, { type: 'pick', userID: 'u2', civID: 'VICTORIA' }, at(5))).toBe(
      'Victoria (England) is out of the draft: Team 2 picked Eleanor of Aquitaine (England)',
    );
    expect(refusal(state, { type: 'pick', userID: 'u2', civID: 'ELEANOR_FRANCE' }, at(5))).toBe(
      'Eleanor of Aquitaine (France) is out of the draft: Team 2 picked Eleanor of Aquitaine (England)',
    );
    state = applyDraftAction(state, { type: 'pick', userID: 'u2', civID: 'TOMYRIS' }, at(5));
    state = applyDraftAction(state, { type: 'pick', userID: 'u0', civID: 'PEDRO' }, at(6));
    expect(state.status).toBe('complete');
    expect(nextDeadline(state)).toBeNull();
    expect(refusal(state, { type: 'pick', userID: 'u0', civID: 'GANDHI' }, at(7))).toBe('The draft is over');

    const outcome = draftOutcome(state);
    expect(outcome?.players.map((player) => player.civChoices.map((item) => item.civID))).toEqual([
      ['PERICLES', 'PEDRO'],
      ['PERICLES', 'PEDRO'],
      ['ELEANOR_ENGLAND', 'TOMYRIS'],
      ['ELEANOR_ENGLAND', 'TOMYRIS'],
    ]);
    expect(outcome?.bannedLeaders.map((item) => item.civID)).toEqual(['GORGO', 'HOJO']);
    const view = viewDraft(state, 'u3');
    expect(draftMachineView.parse(view)).toEqual(view);
    expect(view.teams.map((team) => team.picks.map((item) => item.civID))).toEqual([
      ['PERICLES', 'PEDRO'],
      ['ELEANOR_ENGLAND', 'TOMYRIS'],
    ]);
    expect(view.history.map((turn) => turn.userID)).toEqual(['u0', 'u2', 'u0', 'u2', 'u2', 'u0']);
  });

  it('lets a group allow duplicate civilizations', () => {
    const context = contextOf(4, { groupSettings: { ...defaultGroupSettings(), allowDuplicateCivs: true } }, teamsOf);
    let state = captains({ mode: 'captains', gameType: 'team', bansPerTeam: 0 }, context);
    state = applyDraftAction(state, { type: 'pick', userID: 'u0', civID: 'GORGO' }, at(1));
    state = applyDraftAction(state, { type: 'pick', userID: 'u2', civID: 'PERICLES' }, at(2));
    expect(captainsOf(state).turns.map((turn) => turn.leader.nation)).toEqual(['Greece', 'Greece']);
  });

  it('offers a team only leaders every member owns, and names who lacks one', () => {
    const context = contextOf(4, {}, teamsOf);
    const bob = context.players[1];
    if (bob) bob.ownedPacks = [];
    let state = captains({ mode: 'captains', gameType: 'team', bansPerTeam: 0 }, context);
    expect(refusal(state, { type: 'pick', userID: 'u0', civID: 'TRAJAN' }, at(1))).toBe('Bob does not own Trajan (Rome)');
    expect(captainOptions(state).map((item) => item.civID)).not.toContain('TRAJAN');
    state = applyDraftAction(state, { type: 'pick', userID: 'u0', civID: 'GANDHI' }, at(1));
    expect(captainOptions(state).map((item) => item.civID)).toContain('TRAJAN');
  });

  it('makes a random valid choice for the side whose turn times out', () => {
    let state = captains();
    for (let step = 0; step < 6; step += 1) {
      const options = captainOptions(state).map((item) => item.civID);
      const deadline = nextDeadline(state) ?? 0;
      state = applyDraftAction(state, { type: 'timeout' }, { now: deadline, random: seededRandom(step) });
      const turn = captainsOf(state).turns[step];
      expect(turn?.userID).toBeNull();
      expect(options).toContain(turn?.leader.civID);
    }
    expect(state.status).toBe('complete');
  });

  it('follows the CWC order', () => {
    // Twelve turns need more than the eleven groups of different civilizations this small catalogue has.
    const context = contextOf(4, { groupSettings: { ...defaultGroupSettings(), allowDuplicateCivs: true } }, teamsOf);
    const state = captains({ mode: 'captains', gameType: 'team', captainOrder: 'cwc', bansPerTeam: 2, picksPerTeam: 4 }, context);
    expect(captainsOf(state).steps.map((step) => `${step.kind}${step.team}`)).toEqual([
      'ban0',
      'ban1',
      'pick0',
      'pick1',
      'pick1',
      'pick0',
      'ban1',
      'ban0',
      'pick1',
      'pick0',
      'pick0',
      'pick1',
    ]);
  });

  it('chooses the top-rated member of each team, the first listed on a tie, unrated counting as a new player', () => {
    const context = contextOf(6, { ratings: { u0: 10, u1: 25, u2: null, u3: 3, u4: 3 }, newPlayerRating: 5 }, (i) => (i % 2) + 1);
    const state = start({ mode: 'captains', gameType: 'team', teamSplit: 'manual', captainSelection: 'topRated', bansPerTeam: 0 }, context);
    // Team 1: u0 (10), u2 (new: 5), u4 (3); team 2: u1 (25), u3 (3), u5 (new: 5).
    expect(captainsOf(state).teams.map((team) => team.captainID)).toEqual(['u0', 'u1']);
  });

  it('puts chosen captains on different teams when teams are random or balanced', () => {
    for (const teamSplit of ['random', 'balanced'] as const) {
      for (let seed = 0; seed < 20; seed += 1) {
        const state = start(
          {
            mode: 'captains',
            gameType: 'team',
            teamSplit,
            teamCount: 3,
            captainSelection: 'chosen',
            captainIDs: ['u0', 'u1', 'u2'],
            bansPerTeam: 0,
          },
          contextOf(6, { ratings: { u0: 30, u1: 20, u2: 10 } }),
          seed,
        );
        expect(
          captainsOf(state)
            .teams.map((team) => team.captainID)
            .sort(),
        ).toEqual(['u0', 'u1', 'u2']);
      }
    }
  });

  it('refuses a draft that cannot run, naming players', () => {
    const manual = { mode: 'captains', gameType: 'team', teamSplit: 'manual', captainSelection: 'chosen' } as const;
    expect(() => start({ ...manual, gameType: 'ffa' }, contextOf(4))).toThrow(new DraftError('A captains draft needs a team game'));
    expect(() => start({ ...manual, captainIDs: ['u0', 'u1'] }, contextOf(4, {}, teamsOf))).toThrow(
      new DraftError('Alice and Bob are both on Team 1; choose one captain for each team'),
    );
    expect(() => start({ ...manual, captainIDs: ['u0'] }, contextOf(4, {}, teamsOf))).toThrow(
      new DraftError('Team 2 has no captain; choose one captain for each team'),
    );
    expect(() => start({ ...manual, captainIDs: ['u0', 'x'] }, contextOf(4, {}, teamsOf))).toThrow(
      new DraftError('Choose the captains among the players of this draft'),
    );
    expect(() => start({ ...manual, captainIDs: ['u0', 'u2'], picksPerTeam: 1 }, contextOf(4, {}, teamsOf))).toThrow(
      new DraftError('Each team must pick at least 2 leaders, one for each player of its largest team'),
    );
    // 15 leaders in 11 groups (Eleanor joins England and France); with 1 ban and 5 picks each, Team 2's last pick
    // comes after 11 turns, Team 1's after 10.
    expect(() => start({ ...manual, captainIDs: ['u0', 'u2'], picksPerTeam: 5, bansPerTeam: 1 }, contextOf(4, {}, teamsOf))).toThrow(
      new DraftError(
        "Only 11 leaders of different civilizations are left to draft after bans; Team 2's turns need 12: use fewer bans or fewer teams",
      ),
    );
    // Where a team's packs, not the pool, fall short, the message names what its players own in common.
    const withoutRome = contextOf(4, {}, teamsOf);
    withoutRome.players = withoutRome.players.map((p) => (p.userID === 'u3' ? { ...p, ownedPacks: [] } : p));
    expect(() => start({ ...manual, captainIDs: ['u0', 'u2'], picksPerTeam: 5, bansPerTeam: 1 }, withoutRome)).toThrow(
      new DraftError('Carol and Dan (Team 2) own 10 leaders of different civilizations in common; 12 are needed'),
    );
  });
});

describe('majority bans mode', () => {
  const majority = (players = 3) =>
    start({ mode: 'majorityBans', gameType: 'ffa', numCiv: 2, majorityBansPerPlayer: 2, stepSeconds: 60 }, contextOf(players));

  it('bans what more than half of the players proposed, hides proposals until then, and deals without it', () => {
    let state = majority();
    state = applyDraftAction(state, { type: 'proposeBans', userID: 'u0', civIDs: ['GORGO', 'HOJO'] }, at(1));
    expect(viewDraft(state, 'u0').players[0]).toMatchObject({ bansSubmitted: true, proposedBansHidden: false });
    expect(viewDraft(state, 'u0').players[0]?.proposedBans.map((item) => item.civID)).toEqual(['GORGO', 'HOJO']);
    for (const viewer of ['u1', null])
      expect(viewDraft(state, viewer).players[0]).toMatchObject({ bansSubmitted: true, proposedBans: [], proposedBansHidden: true });
    expect(refusal(state, { type: 'proposeBans', userID: 'u1', civIDs: ['GORGO', 'HOJO', 'PEDRO'] }, at(2))).toBe('Propose at most 2 bans');
    expect(refusal(state, { type: 'proposeBans', userID: 'u1', civIDs: ['GORGO', 'GORGO'] }, at(2))).toBe('Propose each leader once');
    expect(refusal(state, { type: 'proposeBans', userID: 'x', civIDs: [] }, at(2))).toBe('Only the players of this draft can propose bans');
    state = applyDraftAction(state, { type: 'proposeBans', userID: 'u1', civIDs: ['GORGO', 'PEDRO'] }, at(2));
    expect(state.status).toBe('running');
    state = applyDraftAction(state, { type: 'proposeBans', userID: 'u2', civIDs: ['PEDRO'] }, at(3));
    expect(state.status).toBe('complete');
    const outcome = draftOutcome(state);
    expect(outcome?.bannedLeaders.map((item) => item.civID).sort()).toEqual(['GORGO', 'PEDRO']);
    const dealt = outcome?.players.flatMap((player) => player.civChoices.map((item) => item.civID)) ?? [];
    expect(dealt).toHaveLength(6);
    expect(dealt).not.toContain('GORGO');
    expect(dealt).not.toContain('PEDRO');
    expect(viewDraft(state, 'u1').players[0]?.proposedBans.map((item) => item.civID)).toEqual(['GORGO', 'HOJO']);
  });

  it('closes the proposals at the deadline with what was sent', () => {
    let state = majority(2);
    state = applyDraftAction(state, { type: 'proposeBans', userID: 'u0', civIDs: ['GORGO'] }, at(1));
    state = applyDraftAction(state, { type: 'timeout' }, at(60));
    expect(state.status).toBe('complete');
    // One proposal of two players is not more than half.
    expect(draftOutcome(state)?.bannedLeaders).toEqual([]);
  });

  it('keeps the least proposed bans in the pool when banning them all would leave too few to deal', () => {
    const context = contextOf(2, { leaders: LEADERS.slice(8, 14) }); // six single-leader nations
    let state = start({ mode: 'majorityBans', gameType: 'ffa', numCiv: 2, majorityBansPerPlayer: 5 }, context);
    state = applyDraftAction(state, { type: 'proposeBans', userID: 'u0', civIDs: ['HOJO', 'MVEMBA', 'PEDRO', 'TOMYRIS', 'GANDHI'] }, at(1));
    state = applyDraftAction(state, { type: 'proposeBans', userID: 'u1', civIDs: ['HOJO', 'MVEMBA', 'PEDRO', 'TOMYRIS', 'GANDHI'] }, at(2));
    if (state.stage.mode !== 'majorityBans') throw new Error('majority');
    expect(state.stage.banned.map((item) => item.civID)).toEqual(['HOJO', 'MVEMBA', 'PEDRO', 'TOMYRIS']);
    expect(state.stage.kept.map((item) => item.civID)).toEqual(['GANDHI']);
    expect(viewDraft(state, null).keptLeaders.map((item) => item.civID)).toEqual(['GANDHI']);
    expect(draftOutcome(state)?.players.map((player) => player.civChoices.length)).toEqual([1, 1]);
  });
});

describe('redraft votes', () => {
  const dealt = (players = 4) => start({ mode: 'random', gameType: 'ffa', numCiv: 2 }, contextOf(players));

  it('passes when more than half vote yes within 90 s, and deals again', () => {
    let state = dealt(4);
    const firstDeal = JSON.stringify(draftOutcome(state));
    state = applyDraftAction(state, { type: 'callVote', userID: 'u0' }, at(10));
    expect(nextDeadline(state)).toBe(T0 + 100 * SECOND);
    expect(viewDraft(state, null).vote).toMatchObject({ calledBy: 'u0', yes: ['u0'], no: [], needed: 3 });
    expect(refusal(state, { type: 'callVote', userID: 'u1' }, at(11))).toBe('A redraft vote is already open');
    expect(refusal(state, { type: 'vote', userID: 'u0', yes: true }, at(11))).toBe('Alice has already voted');
    expect(refusal(state, { type: 'vote', userID: 'x', yes: true }, at(11))).toBe('Only the players of this draft can vote');
    state = applyDraftAction(state, { type: 'vote', userID: 'u1', yes: true }, at(20));
    expect(state.round).toBe(1);
    state = applyDraftAction(state, { type: 'vote', userID: 'u2', yes: true }, at(30, 99));
    expect(state.round).toBe(2);
    expect(state.vote).toBeNull();
    expect(state.lastVote).toEqual({ calledBy: 'u0', outcome: 'passed', closedAt: T0 + 30 * SECOND, yes: 3, no: 0 });
    expect(state.startedAt).toBe(T0 + 30 * SECOND);
    expect(JSON.stringify(draftOutcome(state))).not.toBe(firstDeal);
  });

  it('fails as soon as a majority can no longer be reached, or at the deadline', () => {
    let state = dealt(4);
    state = applyDraftAction(state, { type: 'callVote', userID: 'u0' }, at(0));
    state = applyDraftAction(state, { type: 'vote', userID: 'u1', yes: false }, at(1));
    expect(state.vote).not.toBeNull();
    state = applyDraftAction(state, { type: 'vote', userID: 'u2', yes: false }, at(2));
    expect(state.vote).toBeNull();
    expect(state.lastVote).toMatchObject({ outcome: 'failed', yes: 1, no: 2 });

    state = applyDraftAction(state, { type: 'callVote', userID: 'u3' }, at(10));
    expect(refusal(state, { type: 'vote', userID: 'u1', yes: true }, at(100))).toBe('The redraft vote has closed');
    state = applyDraftAction(state, { type: 'timeout' }, at(100));
    expect(state.lastVote).toMatchObject({ calledBy: 'u3', outcome: 'failed', yes: 1, no: 0 });
    expect(state.round).toBe(1);
  });

  it('is closed once a game has been recorded from the draft', () => {
    const state = dealt(2);
    expect(refusal(state, { type: 'callVote', userID: 'u0' }, { ...at(1), gameRecorded: true })).toBe(
      'A game has been recorded from this draft, so it can no longer be redrafted',
    );
  });

  it('redrafts a captains draft from its start', () => {
    const context = contextOf(2, {}, (i) => i + 1);
    let state = start({ mode: 'captains', gameType: 'team', teamSplit: 'manual', captainSelection: 'topRated', bansPerTeam: 0 }, context);
    state = applyDraftAction(state, { type: 'pick', userID: 'u0', civID: 'GANDHI' }, at(1));
    state = applyDraftAction(state, { type: 'callVote', userID: 'u1' }, at(2));
    expect(state.round).toBe(1);
    state = applyDraftAction(state, { type: 'vote', userID: 'u0', yes: true }, at(3));
    expect(state.round).toBe(2);
    expect(captainsOf(state).turns).toEqual([]);
    expect(nextDeadline(state)).toBe(T0 + 3 * SECOND + 60 * SECOND);
  });
});

describe('state as JSON', () => {
  it('is plain JSON the schema reads back, and applying an action leaves the given state as it was', () => {
    const state = start(
      { mode: 'blind', gameType: 'team', teamSplit: 'balanced', numCiv: 2 },
      contextOf(4, { ratings: { u0: 20, u1: 10 } }),
    );
    expect(JSON.parse(JSON.stringify(state))).toStrictEqual(state);
    expect(draftMachineState.parse(JSON.parse(JSON.stringify(state)))).toStrictEqual(state);
    const before = JSON.stringify(state);
    applyDraftAction(state, { type: 'blindPick', userID: 'u0', civID: handOf(state, 'u0')[0]?.civID ?? '' }, at(1));
    expect(JSON.stringify(state)).toBe(before);
  });

  it('gives balanced teams from ratings', () => {
    const state = start(
      { mode: 'random', gameType: 'team', teamSplit: 'balanced', numCiv: 1 },
      contextOf(4, { ratings: { u0: 40, u1: 30, u2: 20, u3: 10 } }),
    );
    expect(state.players.map((player) => player.team)).toEqual([1, 2, 2, 1]);
  });
});
