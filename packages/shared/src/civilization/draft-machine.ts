import { balancedTeams } from './balanced-teams';
import { asDraftedLeader, draft, DraftError, uniqueLeaders, type DraftedLeader, type DraftInput, type Random } from './draft';
import { captainAction, captainOptions, startCaptains, takeTurn } from './draft-captains';
import {
  allowsDuplicates,
  clone,
  MS,
  newPlayerRating,
  pickIndex,
  playersOf,
  ratingOf,
  requirePlayer,
  shuffled,
  stageDeadline,
  REDRAFT_CLOSED,
  TIME_UP,
  usernameOf,
  label,
  type BlindStage,
  type DraftActionOptions,
  type MajorityStage,
  type TeamOf,
} from './draft-machine-helpers';
import {
  REDRAFT_VOTE_SECONDS,
  type DraftMachineAction,
  type DraftMachineContext,
  type DraftMachineState,
  type DraftModeConfig,
} from './draft-machine-schemas';

export { captainOptions } from './draft-captains';
export type { DraftActionOptions } from './draft-machine-helpers';
export { draftOutcome, viewDraft } from './draft-view';

// A draft as a pure state machine the server owns. The state is one JSON document: the server stores it, loads it
// in a transaction, applies one action with applyDraftAction and stores the result. Nothing here reads a clock or a
// random source: `now` (epoch ms) and `random` come in with every call, so a draft replays exactly. Deadlines are
// kept in the state; the server's timer applies { type: 'timeout' } once nextDeadline(state) has passed, and a
// timeout makes whatever is due (a random pick for a missing blind pick or captain's turn, the end of proposals,
// the end of a vote). A redraft vote that passes deals again inside the machine, with the same config and context
// and the random source of the call that passed it; the server must refuse (gameRecorded) once a game was recorded.

export interface DraftClock {
  now: number;
}

// ---- Starting (and restarting after a redraft vote) ------------------------------------------------

/** Each player's team before the deal: none, the manual choice (draft() checks it), balanced or random. */
function assignTeams(config: DraftModeConfig, context: DraftMachineContext, random: Random): TeamOf {
  const { players } = context;
  if (config.gameType === 'ffa') return new Map(players.map((player) => [player.userID, null]));
  if (config.teamSplit === 'manual') return new Map(players.map((player) => [player.userID, player.team]));
  if (players.length < 2) throw new DraftError('A team game needs at least 2 players');
  if (config.teamCount > players.length) throw new DraftError(`Teams must be a whole number from 2 to ${players.length}`);
  const chosen = new Set(config.mode === 'captains' && config.captainSelection === 'chosen' ? config.captainIDs : []);
  const apart = players.filter((player) => chosen.has(player.userID)).map((player) => player.userID);
  if (apart.length > config.teamCount) throw new DraftError(`Choose ${config.teamCount} captains, one for each team`);
  if (config.teamSplit === 'balanced') {
    const rated = players.map((player) => ({ userID: player.userID, rating: ratingOf(context, player.userID) }));
    const { teams } = balancedTeams(rated, config.teamCount, newPlayerRating(context), { apart });
    return new Map(teams.flatMap((members, index) => members.map((userID) => [userID, index + 1] as const)));
  }
  // Spec 9: random teams are dealt round-robin; chosen captains go first so that each lands on a team of their own.
  const captainsFirst = shuffled(
    players.filter((player) => chosen.has(player.userID)),
    random,
  );
  const others = shuffled(
    players.filter((player) => !chosen.has(player.userID)),
    random,
  );
  const order = [...captainsFirst, ...others];
  return new Map(order.map((player, index) => [player.userID, (index % config.teamCount) + 1]));
}

function dealInput(config: DraftModeConfig, context: DraftMachineContext, teamOf: TeamOf): DraftInput {
  return {
    players: context.players.map((player) => ({ ...player, team: teamOf.get(player.userID) ?? null })),
    leaders: context.leaders,
    maps: context.maps,
    groupSettings: context.groupSettings,
    numCiv: config.numCiv,
    freeBans: config.freeBans,
    bansRemovePicks: config.bansRemovePicks,
    gameType: config.gameType,
    randomTeams: false,
    teamCount: config.teamCount,
    allowDuplicateCivs: allowsDuplicates(context),
  };
}

/** Majority bans replace the stored bans: the leaders the majority banned leave the pool, and nobody's own bans count. */
function majorityInput(input: DraftInput, banned: readonly DraftedLeader[]): DraftInput {
  const out = new Set(banned.map((leader) => leader.civID));
  return {
    ...input,
    players: input.players.map((player) => ({ ...player, leaderBans: [] })),
    leaders: input.leaders.filter((leader) => !out.has(leader.civID)),
    bansRemovePicks: false,
  };
}

/** Starts a draft: deals at once (random), deals hands to pick from (blind), or opens the first step. */
export function startDraft(config: DraftModeConfig, context: DraftMachineContext, clock: DraftClock, random: Random): DraftMachineState {
  return begin(config, context, clock.now, random, 1, null);
}

function begin(
  config: DraftModeConfig,
  context: DraftMachineContext,
  now: number,
  random: Random,
  round: number,
  lastVote: DraftMachineState['lastVote'],
): DraftMachineState {
  const input = dealInput(config, context, assignTeams(config, context, random));
  const base = { version: 1 as const, config, context, round, startedAt: now, vote: null, lastVote };
  const deadline = now + config.stepSeconds * MS;
  switch (config.mode) {
    case 'random': {
      const deal = draft(input, random);
      return { ...base, status: 'complete', completedAt: now, players: playersOf(deal), stage: { mode: 'random', deal } };
    }
    case 'blind': {
      const deal = draft(input, random);
      return {
        ...base,
        status: 'running',
        completedAt: null,
        players: playersOf(deal),
        stage: { mode: 'blind', deal, deadline, picks: {}, autoPicked: [], revealed: false },
      };
    }
    case 'majorityBans': {
      // A trial deal without bans refuses now what would otherwise only fail once the proposals are in.
      const trial = draft(majorityInput(input, []), () => 0);
      return {
        ...base,
        status: 'running',
        completedAt: null,
        players: playersOf(trial),
        stage: { mode: 'majorityBans', deadline, proposals: {}, banned: [], kept: [], deal: null },
      };
    }
    case 'captains': {
      const { players, stage } = startCaptains(config, context, input, deadline, random);
      return { ...base, status: 'running', completedAt: null, players, stage };
    }
  }
}

// ---- Blind picks -----------------------------------------------------------------------------------

function blindPick(state: DraftMachineState, stage: BlindStage, action: { userID: string; civID: string }, now: number): void {
  requirePlayer(state, action.userID, 'Only the players of this draft can pick');
  if (stage.revealed) throw new DraftError('The picks have been revealed');
  if (now >= stage.deadline) throw new DraftError(TIME_UP);
  const hand = stage.deal.players.find((player) => player.userID === action.userID)?.civChoices ?? [];
  if (!hand.some((leader) => leader.civID === action.civID)) {
    const known = uniqueLeaders(state.context.leaders).find((leader) => leader.civID === action.civID);
    throw new DraftError(`${known ? label(known) : 'That leader'} is not in ${usernameOf(state, action.userID)}'s hand`);
  }
  stage.picks[action.userID] = action.civID;
  if (state.players.every((player) => stage.picks[player.userID] !== undefined)) reveal(state, stage, now);
}

function reveal(state: DraftMachineState, stage: BlindStage, now: number): void {
  stage.revealed = true;
  state.status = 'complete';
  state.completedAt = now;
}

/** The deadline passed: each missing pick becomes a random leader from that player's hand, and all are revealed. */
function blindTimeout(state: DraftMachineState, stage: BlindStage, now: number, random: Random): void {
  for (const player of stage.deal.players) {
    if (stage.picks[player.userID] !== undefined) continue;
    const leader = player.civChoices[pickIndex(random, player.civChoices.length)];
    if (!leader) continue;
    stage.picks[player.userID] = leader.civID;
    stage.autoPicked.push(player.userID);
  }
  reveal(state, stage, now);
}

// ---- Majority bans ---------------------------------------------------------------------------------

function proposeBans(
  state: DraftMachineState,
  stage: MajorityStage,
  action: { userID: string; civIDs: readonly string[] },
  { now, random }: DraftActionOptions,
): void {
  requirePlayer(state, action.userID, 'Only the players of this draft can propose bans');
  if (stage.deal !== null) throw new DraftError('The bans have been decided');
  if (now >= stage.deadline) throw new DraftError(TIME_UP);
  const max = state.config.majorityBansPerPlayer;
  if (new Set(action.civIDs).size !== action.civIDs.length) throw new DraftError('Propose each leader once');
  if (action.civIDs.length > max) throw new DraftError(`Propose at most ${max} ${max === 1 ? 'ban' : 'bans'}`);
  const known = new Set(state.context.leaders.map((leader) => leader.civID));
  if (action.civIDs.some((civID) => !known.has(civID))) throw new DraftError('That leader is not in this game');
  stage.proposals[action.userID] = [...action.civIDs];
  if (state.players.every((player) => stage.proposals[player.userID] !== undefined)) resolveMajority(state, stage, now, random);
}

/**
 * Bans every leader more than half of the players proposed, most proposed first, then deals. Should those bans leave
 * too few leaders to deal, the least proposed are kept in the pool one by one until the deal can be made: the start
 * checked that it can be made without any.
 */
function resolveMajority(state: DraftMachineState, stage: MajorityStage, now: number, random: Random): void {
  const counts = new Map<string, number>();
  for (const player of state.players)
    for (const civID of stage.proposals[player.userID] ?? []) counts.set(civID, (counts.get(civID) ?? 0) + 1);
  const byID = new Map(uniqueLeaders(state.context.leaders).map((leader) => [leader.civID, leader]));
  const banned = [...counts]
    .filter(([, count]) => count * 2 > state.players.length)
    .sort((a, b) => b[1] - a[1])
    .flatMap(([civID]) => {
      const leader = byID.get(civID);
      return leader ? [asDraftedLeader(leader)] : [];
    });
  const teamOf: TeamOf = new Map(state.players.map((player) => [player.userID, player.team]));
  const input = dealInput(state.config, state.context, teamOf);
  for (let keep = banned.length; ; keep -= 1) {
    try {
      const deal = draft(majorityInput(input, banned.slice(0, keep)), random);
      stage.banned = banned.slice(0, keep);
      stage.kept = banned.slice(keep);
      stage.deal = { ...deal, bannedLeaders: stage.banned };
      break;
    } catch (error) {
      if (!(error instanceof DraftError) || keep === 0) throw error;
    }
  }
  state.status = 'complete';
  state.completedAt = now;
}

// ---- Redraft votes -----------------------------------------------------------------------------------

function closeVote(state: DraftMachineState, outcome: 'passed' | 'failed', now: number): void {
  const { vote } = state;
  if (!vote) return;
  const ballots = Object.values(vote.votes);
  state.lastVote = {
    calledBy: vote.calledBy,
    outcome,
    closedAt: now,
    yes: ballots.filter(Boolean).length,
    no: ballots.filter((ballot) => !ballot).length,
  };
  state.vote = null;
}

/** Passes once yes votes are more than half of the players; fails once that can no longer happen. */
function settleVote(state: DraftMachineState, { now, random }: DraftActionOptions): DraftMachineState {
  const { vote } = state;
  if (!vote) return state;
  const total = state.players.length;
  const ballots = Object.values(vote.votes);
  const yes = ballots.filter(Boolean).length;
  const undecided = total - ballots.length;
  if (yes * 2 > total) {
    closeVote(state, 'passed', now);
    return begin(state.config, state.context, now, random, state.round + 1, state.lastVote);
  }
  if ((yes + undecided) * 2 <= total) closeVote(state, 'failed', now);
  return state;
}

function callVote(state: DraftMachineState, userID: string, options: DraftActionOptions): DraftMachineState {
  requirePlayer(state, userID, 'Only the players of this draft can call a redraft vote');
  if (options.gameRecorded) throw new DraftError(REDRAFT_CLOSED);
  if (state.vote) {
    if (options.now < state.vote.deadline) throw new DraftError('A redraft vote is already open');
    closeVote(state, 'failed', state.vote.deadline);
  }
  // Calling a vote is a yes.
  state.vote = { calledBy: userID, openedAt: options.now, deadline: options.now + REDRAFT_VOTE_SECONDS * MS, votes: { [userID]: true } };
  return settleVote(state, options);
}

function castVote(state: DraftMachineState, userID: string, yes: boolean, options: DraftActionOptions): DraftMachineState {
  requirePlayer(state, userID, 'Only the players of this draft can vote');
  if (options.gameRecorded) throw new DraftError(REDRAFT_CLOSED);
  const { vote } = state;
  if (!vote) throw new DraftError('No redraft vote is open');
  if (options.now >= vote.deadline) throw new DraftError('The redraft vote has closed');
  if (vote.votes[userID] !== undefined) throw new DraftError(`${usernameOf(state, userID)} has already voted`);
  vote.votes[userID] = yes;
  return settleVote(state, options);
}

// ---- Applying actions --------------------------------------------------------------------------------

/** When the server's timer should next apply { type: 'timeout' }; null when nothing waits. */
export function nextDeadline(state: DraftMachineState): number | null {
  const times = [stageDeadline(state), state.vote?.deadline ?? null].filter((time): time is number => time !== null);
  return times.length > 0 ? Math.min(...times) : null;
}

function timeout(state: DraftMachineState, options: DraftActionOptions): DraftMachineState {
  const { now, random } = options;
  const due = nextDeadline(state);
  if (due === null || now < due) throw new DraftError('Nothing is due yet');
  if (state.vote && now >= state.vote.deadline) closeVote(state, 'failed', now);
  const deadline = stageDeadline(state);
  if (deadline === null || now < deadline) return state;
  const { stage } = state;
  if (stage.mode === 'blind') blindTimeout(state, stage, now, random);
  if (stage.mode === 'majorityBans') resolveMajority(state, stage, now, random);
  if (stage.mode === 'captains') {
    const options = captainOptions(state);
    const leader = options[pickIndex(random, options.length)];
    // checkCaptainsPool guarantees a choice at every turn; an empty list is a broken invariant, not a user error.
    if (!leader) throw new Error('A captains turn timed out with no leader left to choose');
    takeTurn(state, stage, leader, null, now);
  }
  return state;
}

function stageOf<M extends DraftMachineState['stage']['mode']>(
  state: DraftMachineState,
  mode: M,
  message: string,
): Extract<DraftMachineState['stage'], { mode: M }> {
  if (state.stage.mode !== mode) throw new DraftError(message);
  return state.stage as Extract<DraftMachineState['stage'], { mode: M }>;
}

/**
 * Applies one action and returns the next state (the given state is left as it was). Throws DraftError, with a
 * message for the player, when the action is not allowed: the server then leaves the stored state unchanged.
 */
export function applyDraftAction(state: DraftMachineState, action: DraftMachineAction, options: DraftActionOptions): DraftMachineState {
  const next = clone(state);
  switch (action.type) {
    case 'timeout':
      return timeout(next, options);
    case 'callVote':
      return callVote(next, action.userID, options);
    case 'vote':
      return castVote(next, action.userID, action.yes, options);
    case 'blindPick':
      blindPick(next, stageOf(next, 'blind', 'This draft has no blind picks'), action, options.now);
      return next;
    case 'ban':
    case 'pick':
      captainAction(next, stageOf(next, 'captains', 'Only a captains draft has bans and picks by turn'), action, options.now);
      return next;
    case 'proposeBans':
      proposeBans(next, stageOf(next, 'majorityBans', 'This draft has no ban proposals'), action, options);
      return next;
    default:
      throw new DraftError('Unknown draft action');
  }
}
