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
  type Random,
} from './draft';
import {
  allowsDuplicates,
  label,
  MS,
  namesOf,
  nationOf,
  newPlayerRating,
  pickIndex,
  playersOf,
  ratingOf,
  TIME_UP,
  usernameOf,
  type StatePlayer,
} from './draft-machine-helpers';
import type { CaptainsStage, DraftMachineContext, DraftMachineState, DraftModeConfig } from './draft-machine-schemas';
import { captainSteps } from './draft-orders';
import { personaOf } from './labels';

// Captains: captains ban in turns, then pick for their teams in snake or CWC order, each turn with a timer.

export function startCaptains(
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

export function chooseCaptains(
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
export function checkCaptainsPool(context: DraftMachineContext, players: readonly StatePlayer[], stage: CaptainsStage): void {
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
    // A team that owns every leader left is short because the pool is, not because of its packs.
    if (usable === groups.length) {
      throw new DraftError(
        `Only ${what} are left to draft after bans; Team ${team.team}'s turns need ${needed}: use fewer bans or fewer teams`,
      );
    }
    const owns =
      names.length === 1
        ? `${namesOf(names)} (Team ${team.team}) owns ${what}`
        : `${namesOf(names)} (Team ${team.team}) own ${what} in common`;
    throw new DraftError(`${owns}; ${needed} are needed`);
  });
}

export type CaptainTurn = CaptainsStage['turns'][number];

/** What the turn being played must respect: the stored bans, the leaders taken, and the picks' nations and personas. */
export interface CaptainsBoard {
  stage: CaptainsStage;
  duplicates: boolean;
  stored: Set<string>;
  taken: Map<string, CaptainTurn>;
  pickedNations: Map<string, CaptainTurn>;
  pickedPersonas: Map<string, CaptainTurn>;
  members: DraftMachineContext['players'];
}

export function captainsBoard(context: DraftMachineContext, stage: CaptainsStage, teamIndex: number): CaptainsBoard {
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
export function captainRefusal(board: CaptainsBoard, kind: 'ban' | 'pick', leader: CivLeader | undefined): string | null {
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

export function takeTurn(state: DraftMachineState, stage: CaptainsStage, leader: DraftedLeader, userID: string | null, now: number): void {
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

export function captainAction(
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
