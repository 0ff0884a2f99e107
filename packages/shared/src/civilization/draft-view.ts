import type { CivLeader } from './catalogue-types';
import { asDraftedLeader, type DraftedLeader, type DraftResult } from './draft';
import { iso, stageDeadline, type StatePlayer } from './draft-machine-helpers';
import type { DraftMachinePlayerView, DraftMachineState, DraftMachineView } from './draft-machine-schemas';

// Reading a draft: the outcome a game is made from, and what one reader may see of it.

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
    majorityBansPerPlayer: stage.mode === 'majorityBans' ? state.config.majorityBansPerPlayer : null,
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
