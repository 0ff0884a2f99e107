import { balancedTeams } from './balanced-teams';
import type { CivLeader } from './catalogue-types';
import {
  asDraftedLeader,
  conflictGroups,
  draft,
  DraftError,
  ownsLeader,
  uniqueLeaders,
  type DraftedLeader,
  type DraftInput,
  type DraftResult,
  type Random,
} from './draft';
import {
  REDRAFT_VOTE_SECONDS,
  type CaptainsStage,
  type DraftMachineAction,
  type DraftMachineContext,
  type DraftMachineState,
  type DraftMachinePlayerView,
  type DraftMachineView,
  type DraftModeConfig,
} from './draft-machine-schemas';
import { captainSteps } from './draft-orders';
import { civChoiceLabel, personaOf } from './labels';
import { initialSkill, skillOrdinal } from './ladder';

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

export interface DraftActionOptions {
  now: number;
  random: Random;
  /** A game has been recorded from this draft: it can no longer be redrafted. */
  gameRecorded?: boolean;
}

const MS = 1000;
const TIME_UP = 'Time is up for this step';
const REDRAFT_CLOSED = 'A game has been recorded from this draft, so it can no longer be redrafted';

type BlindStage = Extract<DraftMachineState['stage'], { mode: 'blind' }>;
type MajorityStage = Extract<DraftMachineState['stage'], { mode: 'majorityBans' }>;
type StatePlayer = DraftMachineState['players'][number];
type TeamOf = Map<string, number | null | undefined>;

// ---- Small helpers ---------------------------------------------------------------------------------

/** An index in [0, length); a source that strays outside [0, 1) is held to the ends. */
function pickIndex(random: Random, length: number): number {
  const index = Math.floor(random() * length);
  return Number.isNaN(index) ? 0 : Math.min(length - 1, Math.max(0, index));
}

function shuffled<T>(items: readonly T[], random: Random): T[] {
  const list = [...items];
  for (let i = 0; i < list.length - 1; i += 1) {
    const j = i + pickIndex(random, list.length - i);
    [list[i], list[j]] = [list[j] as T, list[i] as T];
  }
  return list;
}

/** 'Alice', 'Alice and Bob', 'Alice, Bob and Carol'. */
function namesOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

/** A copy to change; the context (the largest part) is never changed, so the copy shares it. */
function clone(state: DraftMachineState): DraftMachineState {
  const { context, ...rest } = state;
  return { ...(JSON.parse(JSON.stringify(rest)) as Omit<DraftMachineState, 'context'>), context };
}
const iso = (time: number): string => new Date(time).toISOString();
const label = (leader: Pick<CivLeader, 'leader' | 'nation'>): string => civChoiceLabel(leader);
const nationOf = (leader: Pick<CivLeader, 'nation'>): string => leader.nation.trim();

const ratingOf = (context: DraftMachineContext, userID: string): number | null => context.ratings?.[userID] ?? null;
const newPlayerRating = (context: DraftMachineContext): number => context.newPlayerRating ?? skillOrdinal(initialSkill());
const allowsDuplicates = (context: DraftMachineContext): boolean => context.groupSettings.allowDuplicateCivs === true;

function usernameOf(state: DraftMachineState, userID: string): string {
  return state.players.find((player) => player.userID === userID)?.username ?? 'A player';
}

function requirePlayer(state: DraftMachineState, userID: string, message: string): StatePlayer {
  const player = state.players.find((candidate) => candidate.userID === userID);
  if (!player) throw new DraftError(message);
  return player;
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

const playersOf = (result: DraftResult): StatePlayer[] => result.players.map(({ userID, username, team }) => ({ userID, username, team }));

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

// ---- Captains --------------------------------------------------------------------------------------

function startCaptains(
  config: DraftModeConfig,
  context: DraftMachineContext,
  input: DraftInput,
  deadline: number,
  random: Random,
): { players: StatePlayer[]; stage: CaptainsStage } {
  if (config.gameType !== 'team') throw new DraftError('A captains draft needs a team game');
  // draft() checks the players and teams and draws the map and settings; its hands are not used. Owned packs matter
  // per team here (checkCaptainsPool), not per hand, so they are left out of this deal.
  const dealt = draft(
    { ...input, numCiv: 1, bansRemovePicks: false, players: input.players.map((player) => ({ ...player, ownedPacks: null })) },
    random,
  );
  const players = playersOf(dealt);
  const numbers = [...new Set(players.map((player) => player.team ?? 0))].sort((a, b) => a - b);
  const members = numbers.map((team) => players.filter((player) => player.team === team).map((player) => player.userID));
  const captains = chooseCaptains(config, context, players, numbers, members, random);
  const teams = numbers.map((team, index) => ({ team, captainID: captains[index] ?? '', memberIDs: members[index] ?? [] }));

  const largest = Math.max(...members.map((list) => list.length));
  const picksPerTeam = config.picksPerTeam ?? largest;
  if (picksPerTeam < largest) {
    throw new DraftError(`Each team must pick at least ${largest} leaders, one for each player of its largest team`);
  }
  const steps = captainSteps(config.captainOrder, teams.length, picksPerTeam, config.bansPerTeam);
  const stage: CaptainsStage = {
    mode: 'captains',
    teams,
    steps,
    turns: [],
    deadline,
    picksPerTeam,
    storedBans: dealt.bannedLeaders,
    map: dealt.map,
    settings: dealt.settings,
  };
  checkCaptainsPool(context, players, stage);
  return { players, stage };
}

function chooseCaptains(
  config: DraftModeConfig,
  context: DraftMachineContext,
  players: readonly StatePlayer[],
  numbers: readonly number[],
  members: readonly (readonly string[])[],
  random: Random,
): string[] {
  if (config.captainSelection === 'random') return members.map((list) => list[pickIndex(random, list.length)] ?? '');
  if (config.captainSelection === 'topRated') {
    const rating = (userID: string): number => ratingOf(context, userID) ?? newPlayerRating(context);
    // The first listed wins a tie, so the same ratings always give the same captains.
    return members.map((list) => list.reduce((best, userID) => (rating(userID) > rating(best) ? userID : best), list[0] ?? ''));
  }
  const chosen = [...new Set(config.captainIDs)];
  if (chosen.some((userID) => !players.some((player) => player.userID === userID))) {
    throw new DraftError('Choose the captains among the players of this draft');
  }
  const name = (userID: string): string => players.find((player) => player.userID === userID)?.username ?? 'A player';
  return members.map((list, index) => {
    const here = list.filter((userID) => chosen.includes(userID));
    const team = numbers[index] ?? 0;
    if (here.length === 0) throw new DraftError(`Team ${team} has no captain; choose one captain for each team`);
    if (here.length > 1) {
      throw new DraftError(
        `${namesOf(here.map(name))} are ${here.length === 2 ? 'both' : 'all'} on Team ${team}; choose one captain for each team`,
      );
    }
    return here[0] ?? '';
  });
}

/**
 * Refuses a captains draft some team might not be able to finish. A pick takes leaders of one conflict group only
 * (same nation or persona) and a ban takes one leader, so each turn removes at most one of the groups in which a team
 * owns a leader: a team is safe when it owns leaders in more groups than there are turns before its last pick.
 */
function checkCaptainsPool(context: DraftMachineContext, players: readonly StatePlayer[], stage: CaptainsStage): void {
  const stored = new Set(stage.storedBans.map((leader) => leader.civID));
  const pool = uniqueLeaders(context.leaders).filter((leader) => !stored.has(leader.civID));
  const duplicates = allowsDuplicates(context);
  const groups = conflictGroups(pool, duplicates);
  stage.teams.forEach((team, index) => {
    const owners = context.players.filter((player) => team.memberIDs.includes(player.userID));
    const usable = groups.filter((group) => group.some((leader) => owners.every((owner) => ownsLeader(owner, leader)))).length;
    const lastPick = stage.steps.findLastIndex((step) => step.kind === 'pick' && step.team === index);
    const needed = lastPick + 1;
    if (usable >= needed) return;
    const names = team.memberIDs.map((userID) => players.find((player) => player.userID === userID)?.username ?? 'A player');
    const what = `${usable} ${usable === 1 ? 'leader' : 'leaders'}${duplicates ? '' : ' of different civilizations'}`;
    const owns =
      names.length === 1
        ? `${namesOf(names)} (Team ${team.team}) owns ${what}`
        : `${namesOf(names)} (Team ${team.team}) own ${what} in common`;
    throw new DraftError(`${owns}; ${needed} are needed`);
  });
}

type CaptainTurn = CaptainsStage['turns'][number];

/** What the turn being played must respect: the stored bans, the leaders taken, and the picks' nations and personas. */
interface CaptainsBoard {
  stage: CaptainsStage;
  duplicates: boolean;
  stored: Set<string>;
  taken: Map<string, CaptainTurn>;
  pickedNations: Map<string, CaptainTurn>;
  pickedPersonas: Map<string, CaptainTurn>;
  members: DraftMachineContext['players'];
}

function captainsBoard(context: DraftMachineContext, stage: CaptainsStage, teamIndex: number): CaptainsBoard {
  const picks = stage.turns.filter((turn) => turn.kind === 'pick');
  const memberIDs = new Set(stage.teams[teamIndex]?.memberIDs ?? []);
  return {
    stage,
    duplicates: allowsDuplicates(context),
    stored: new Set(stage.storedBans.map((leader) => leader.civID)),
    taken: new Map(stage.turns.map((turn) => [turn.leader.civID, turn])),
    pickedNations: new Map(picks.map((turn) => [nationOf(turn.leader), turn])),
    pickedPersonas: new Map(picks.map((turn) => [personaOf(turn.leader.leader), turn])),
    members: context.players.filter((player) => memberIDs.has(player.userID)),
  };
}

/** Why the team on this board may not take this leader on a turn of this kind; null when it may. */
function captainRefusal(board: CaptainsBoard, kind: 'ban' | 'pick', leader: CivLeader | undefined): string | null {
  if (!leader) return 'That leader is not in this game';
  if (board.stored.has(leader.civID)) return `${label(leader)} is banned`;
  const used = board.taken.get(leader.civID);
  if (used) return `${label(leader)} is already ${used.kind === 'ban' ? 'banned' : 'picked'}`;
  if (!board.duplicates) {
    const nation = nationOf(leader);
    const persona = personaOf(leader.leader);
    const clash =
      (nation !== '' ? board.pickedNations.get(nation) : undefined) ?? (persona !== '' ? board.pickedPersonas.get(persona) : undefined);
    if (clash) {
      const by = board.stage.teams[clash.team]?.team ?? 0;
      return `${label(leader)} is out of the draft: Team ${by} picked ${label(clash.leader)}`;
    }
  }
  if (kind === 'pick') {
    const lacking = board.members.filter((player) => !ownsLeader(player, leader));
    if (lacking.length > 0) {
      const names = lacking.map((player) => player.username);
      return `${namesOf(names)} ${names.length === 1 ? 'does' : 'do'} not own ${label(leader)}`;
    }
  }
  return null;
}

/** The leaders the team whose turn it is may take now. */
export function captainOptions(state: DraftMachineState): DraftedLeader[] {
  const { stage } = state;
  if (stage.mode !== 'captains' || state.status !== 'running') return [];
  const step = stage.steps[stage.turns.length];
  if (!step) return [];
  const board = captainsBoard(state.context, stage, step.team);
  return uniqueLeaders(state.context.leaders)
    .filter((leader) => captainRefusal(board, step.kind, leader) === null)
    .map(asDraftedLeader);
}

function takeTurn(state: DraftMachineState, stage: CaptainsStage, leader: DraftedLeader, userID: string | null, now: number): void {
  const step = stage.steps[stage.turns.length];
  if (!step) throw new DraftError('The draft is over');
  stage.turns.push({ kind: step.kind, team: step.team, leader: asDraftedLeader(leader), userID, at: now });
  if (stage.turns.length < stage.steps.length) {
    stage.deadline = now + state.config.stepSeconds * MS;
    return;
  }
  stage.deadline = null;
  state.status = 'complete';
  state.completedAt = now;
}

function captainAction(
  state: DraftMachineState,
  stage: CaptainsStage,
  action: { type: 'ban' | 'pick'; userID: string; civID: string },
  now: number,
): void {
  if (state.status === 'complete') throw new DraftError('The draft is over');
  const step = stage.steps[stage.turns.length];
  const team = step ? stage.teams[step.team] : undefined;
  if (!step || !team) throw new DraftError('The draft is over');
  const captain = usernameOf(state, team.captainID);
  if (action.userID !== team.captainID) throw new DraftError(`It is ${captain}'s turn to ${step.kind} for Team ${team.team}`);
  if (action.type !== step.kind) throw new DraftError(`${captain} is to ${step.kind} now, not ${action.type}`);
  if (stage.deadline !== null && now >= stage.deadline) throw new DraftError(TIME_UP);
  const leader = uniqueLeaders(state.context.leaders).find((candidate) => candidate.civID === action.civID);
  const refusal = captainRefusal(captainsBoard(state.context, stage, step.team), step.kind, leader);
  if (refusal !== null || !leader) throw new DraftError(refusal ?? 'That leader is not in this game');
  takeTurn(state, stage, leader, action.userID, now);
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

function stageDeadline(state: DraftMachineState): number | null {
  if (state.status !== 'running') return null;
  const { stage } = state;
  return stage.mode === 'random' ? null : stage.deadline;
}

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

// ---- Reading -----------------------------------------------------------------------------------------

/** The draft a game is made from, once complete: blind hands become the leader picked, captains' players share their team's picks. */
export function draftOutcome(state: DraftMachineState): DraftResult | null {
  if (state.status !== 'complete') return null;
  const { stage } = state;
  switch (stage.mode) {
    case 'random':
      return stage.deal;
    case 'majorityBans':
      return stage.deal;
    case 'blind':
      return {
        ...stage.deal,
        numCiv: 1,
        players: stage.deal.players.map((player) => ({
          ...player,
          civChoices: player.civChoices.filter((leader) => leader.civID === stage.picks[player.userID]),
        })),
      };
    case 'captains': {
      const teamIndex = new Map(stage.teams.flatMap((team, index) => team.memberIDs.map((userID) => [userID, index] as const)));
      const picks = (index: number | undefined) =>
        stage.turns.filter((turn) => turn.kind === 'pick' && turn.team === index).map((turn) => turn.leader);
      return {
        map: stage.map,
        settings: stage.settings,
        numCiv: stage.picksPerTeam,
        bannedLeaders: [...stage.storedBans, ...stage.turns.filter((turn) => turn.kind === 'ban').map((turn) => turn.leader)],
        players: state.players.map((player) => ({ ...player, civChoices: picks(teamIndex.get(player.userID)) })),
      };
    }
  }
}

function playerView(
  state: DraftMachineState,
  player: StatePlayer,
  viewer: StatePlayer | null,
  leaderByID: ReadonlyMap<string, CivLeader>,
): DraftMachinePlayerView {
  const { stage } = state;
  const isViewer = viewer !== null && viewer.userID === player.userID;
  // Anonymous mode: only one's own hand and one's team-mates' (spec's anonymous games).
  const mayOpen = !state.config.anonymousMode || isViewer || (viewer !== null && viewer.team !== null && viewer.team === player.team);
  const view: DraftMachinePlayerView = {
    userID: player.userID,
    username: player.username,
    team: player.team,
    isCaptain: stage.mode === 'captains' && stage.teams.some((team) => team.captainID === player.userID),
    hand: [],
    handHidden: false,
    pick: null,
    pickHidden: false,
    hasPicked: false,
    autoPicked: false,
    bansSubmitted: false,
    proposedBans: [],
    proposedBansHidden: false,
  };
  const deal = stage.mode === 'captains' ? null : stage.deal;
  const hand = deal?.players.find((dealt) => dealt.userID === player.userID)?.civChoices ?? [];
  if (deal) {
    view.hand = mayOpen ? hand : [];
    view.handHidden = !mayOpen;
  }
  if (stage.mode === 'blind') {
    const civID = stage.picks[player.userID];
    view.hasPicked = civID !== undefined;
    const visible = isViewer || (stage.revealed && mayOpen);
    if (civID !== undefined && visible) {
      view.pick = hand.find((leader) => leader.civID === civID) ?? null;
      view.autoPicked = stage.autoPicked.includes(player.userID);
    }
    view.pickHidden = view.hasPicked && !visible;
  }
  if (stage.mode === 'majorityBans') {
    const proposed = stage.proposals[player.userID];
    view.bansSubmitted = proposed !== undefined;
    const visible = isViewer || stage.deal !== null;
    if (proposed && visible) view.proposedBans = proposed.flatMap((civID) => leaderByID.get(civID) ?? []).map(asDraftedLeader);
    view.proposedBansHidden = view.bansSubmitted && !visible;
  }
  return view;
}

/** What `viewerID` may see of the draft (null: someone who is not a player). Secret picks and proposals are left out. */
export function viewDraft(state: DraftMachineState, viewerID: string | null): DraftMachineView {
  const { stage } = state;
  const viewer = state.players.find((player) => player.userID === viewerID) ?? null;
  const deadline = stageDeadline(state);
  const captains = stage.mode === 'captains' ? stage : null;
  const deal = stage.mode === 'captains' ? null : stage.deal;
  const teamNumber = (index: number): number => captains?.teams[index]?.team ?? 0;
  const step = captains && state.status === 'running' ? captains.steps[captains.turns.length] : undefined;
  const { vote } = state;
  const leaderByID = new Map(state.context.leaders.map((leader) => [leader.civID, leader]));

  // Captains' bans and picks are public even in anonymous mode: each one changes what the other teams may take.
  let bannedLeaders: DraftedLeader[] = deal?.bannedLeaders ?? [];
  if (captains)
    bannedLeaders = [...captains.storedBans, ...captains.turns.filter((turn) => turn.kind === 'ban').map((turn) => turn.leader)];

  return {
    mode: stage.mode,
    status: state.status,
    round: state.round,
    gameType: state.config.gameType,
    anonymousMode: state.config.anonymousMode,
    startedAt: iso(state.startedAt),
    completedAt: state.completedAt === null ? null : iso(state.completedAt),
    deadline: deadline === null ? null : iso(deadline),
    numCiv: captains ? captains.picksPerTeam : (deal?.numCiv ?? null),
    map: captains ? captains.map : (deal?.map ?? null),
    settings: captains ? captains.settings : (deal?.settings ?? null),
    bannedLeaders,
    keptLeaders: stage.mode === 'majorityBans' && stage.deal !== null ? stage.kept : [],
    players: state.players.map((player) => playerView(state, player, viewer, leaderByID)),
    teams: (captains?.teams ?? []).map((team, index) => ({
      ...team,
      bans: captains?.turns.filter((turn) => turn.kind === 'ban' && turn.team === index).map((turn) => turn.leader) ?? [],
      picks: captains?.turns.filter((turn) => turn.kind === 'pick' && turn.team === index).map((turn) => turn.leader) ?? [],
    })),
    steps: (captains?.steps ?? []).map((item) => ({ kind: item.kind, team: teamNumber(item.team) })),
    stepIndex: step && captains ? captains.turns.length : null,
    turn: step && captains ? { kind: step.kind, team: teamNumber(step.team), captainID: captains.teams[step.team]?.captainID ?? '' } : null,
    history: (captains?.turns ?? []).map((turn) => ({
      kind: turn.kind,
      team: teamNumber(turn.team),
      leader: turn.leader,
      userID: turn.userID,
      at: iso(turn.at),
    })),
    vote: vote
      ? {
          calledBy: vote.calledBy,
          deadline: iso(vote.deadline),
          yes: state.players.filter((player) => vote.votes[player.userID] === true).map((player) => player.userID),
          no: state.players.filter((player) => vote.votes[player.userID] === false).map((player) => player.userID),
          needed: Math.floor(state.players.length / 2) + 1,
        }
      : null,
    lastVote: state.lastVote ? { ...state.lastVote, closedAt: iso(state.lastVote.closedAt) } : null,
  };
}
