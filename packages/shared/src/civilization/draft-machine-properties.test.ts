import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultGroupSettings } from '../groups/settings';
import { CIV_CATALOGUES } from './catalogue';
import { DraftError, ownsLeader, seededRandom, TEAM_SPLITS } from './draft';
import { applyDraftAction, captainOptions, nextDeadline, startDraft, viewDraft } from './draft-machine';
import {
  CAPTAIN_SELECTIONS,
  DRAFT_MODES,
  REDRAFT_VOTE_SECONDS,
  draftMachineState,
  draftMachineView,
  draftModeConfig,
  type DraftMachineAction,
  type DraftMachineContext,
  type DraftMachineState,
  type DraftModeConfig,
} from './draft-machine-schemas';
import { CAPTAIN_ORDERS } from './draft-orders';
import { personaOf } from './labels';

// Random configurations of every mode, driven by random sequences of legal and illegal actions and timeouts. The
// rules are restated here from the wording rather than taken from draft-machine.ts. The runs add up to
// 9,000 configurations here and 1,000 in balanced-teams.test.ts.

const civ6 = CIV_CATALOGUES['Civilization 6'];
if (!civ6) throw new Error('no Civilization 6 catalogue');
const LEADERS = civ6.leaders;
const CIV_IDS = LEADERS.map((leader) => leader.civID);
const BY_ID = new Map(LEADERS.map((leader) => [leader.civID, leader]));
const T0 = Date.UTC(2025, 5, 1, 18, 0, 0);
const SECOND = 1000;
// Thousands of runs take seconds; on a busy machine, several times that.
const SLOW = 120_000;

interface Setup {
  config: DraftModeConfig;
  context: DraftMachineContext;
  seed: number;
}

const setup = (modes: readonly (typeof DRAFT_MODES)[number][] = DRAFT_MODES) =>
  fc
    .record({
      playerCount: fc.integer({ min: 2, max: 8 }),
      mode: fc.constantFrom(...modes),
      gameType: fc.constantFrom('ffa', 'team', 'team'),
      teamSplit: fc.constantFrom(...TEAM_SPLITS),
      teamCount: fc.integer({ min: 2, max: 4 }),
      numCiv: fc.integer({ min: 1, max: 5 }),
      freeBans: fc.integer({ min: 1, max: 5 }),
      bansRemovePicks: fc.boolean(),
      anonymousMode: fc.boolean(),
      stepSeconds: fc.integer({ min: 10, max: 120 }),
      captainSelection: fc.constantFrom(...CAPTAIN_SELECTIONS),
      captainOrder: fc.constantFrom(...CAPTAIN_ORDERS),
      bansPerTeam: fc.integer({ min: 0, max: 3 }),
      extraPicks: fc.option(fc.integer({ min: 0, max: 2 })),
      majorityBansPerPlayer: fc.integer({ min: 1, max: 5 }),
      allowDuplicateCivs: fc.boolean(),
      owned: fc.array(fc.option(fc.subarray([...civ6.packs]), { freq: 2 }), { minLength: 8, maxLength: 8 }),
      bans: fc.array(fc.subarray(CIV_IDS, { maxLength: 3 }), { minLength: 8, maxLength: 8 }),
      ratings: fc.array(fc.option(fc.integer({ min: -10, max: 50 })), { minLength: 8, maxLength: 8 }),
      seed: fc.integer(),
    })
    .map((raw): Setup => {
      const teamCount = Math.min(raw.teamCount, raw.playerCount);
      const gameType = raw.mode === 'captains' ? 'team' : raw.gameType;
      const userIDs = Array.from({ length: raw.playerCount }, (_, index) => `u${index}`);
      const config = draftModeConfig.parse({
        mode: raw.mode,
        gameType,
        numCiv: raw.numCiv,
        freeBans: raw.freeBans,
        bansRemovePicks: raw.bansRemovePicks,
        teamSplit: raw.teamSplit,
        teamCount,
        anonymousMode: raw.anonymousMode,
        stepSeconds: raw.stepSeconds,
        captainSelection: raw.captainSelection,
        // With manual teams (index % teamCount) the first players are on different teams.
        captainIDs: userIDs.slice(0, teamCount),
        captainOrder: raw.captainOrder,
        bansPerTeam: raw.bansPerTeam,
        picksPerTeam: raw.extraPicks === null ? null : Math.ceil(raw.playerCount / teamCount) + raw.extraPicks,
        majorityBansPerPlayer: raw.majorityBansPerPlayer,
      });
      const context: DraftMachineContext = {
        players: userIDs.map((userID, index) => ({
          userID,
          username: `Player ${index}`,
          team: (index % teamCount) + 1,
          leaderBans: raw.bans[index] ?? [],
          maps: [],
          ownedPacks: raw.owned[index] ?? null,
        })),
        leaders: LEADERS,
        maps: civ6.maps,
        groupSettings: { ...defaultGroupSettings(), allowDuplicateCivs: raw.allowDuplicateCivs },
        ratings: Object.fromEntries(userIDs.map((userID, index) => [userID, raw.ratings[index] ?? null])),
        newPlayerRating: 0,
      };
      return { config, context, seed: raw.seed };
    });

/** Starts the draft, or null when it is refused, which must then be a DraftError. */
function tryStart({ config, context, seed }: Setup): DraftMachineState | null {
  try {
    return startDraft(config, context, { now: T0 }, seededRandom(seed));
  } catch (error) {
    if (!(error instanceof DraftError)) throw error;
    expect(error.message.length).toBeGreaterThan(0);
    return null;
  }
}

const move = fc.record({
  kind: fc.constantFrom(
    'legal',
    'legal',
    'legal',
    'legal',
    'legal',
    'wrongActor',
    'wrongLeader',
    'wrongType',
    'timeout',
    'callVote',
    'vote',
    'wait',
  ),
  who: fc.nat(),
  which: fc.nat(),
  yes: fc.boolean(),
  seconds: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 60 })),
});
type Move = typeof move extends fc.Arbitrary<infer T> ? T : never;

const isDuplicateFree = (leaders: readonly { nation: string; leader: string }[]) =>
  new Set(leaders.map((leader) => leader.nation)).size === leaders.length &&
  new Set(leaders.map((leader) => personaOf(leader.leader))).size === leaders.length;

const handsOf = (state: DraftMachineState) => (state.stage.mode === 'captains' ? [] : (state.stage.deal?.players ?? []));

function stageDeadlineOf(state: DraftMachineState): number | null {
  if (state.status !== 'running' || state.stage.mode === 'random') return null;
  return state.stage.deadline;
}

const sameList = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((item, index) => item === b[index]);

/** The rules every reachable state keeps; the broken ones, described (asserting each one alone is slow). */
function brokenRules(state: DraftMachineState): string[] {
  const broken: string[] = [];
  const rule = (holds: boolean, what: string) => {
    if (!holds) broken.push(what);
  };
  const { stage, context } = state;
  const duplicates = context.groupSettings.allowDuplicateCivs === true;
  const players = state.players.map((player) => player.userID);
  const playerOf = new Map(context.players.map((player) => [player.userID, player]));

  if (stage.mode === 'captains') {
    rule(stage.turns.length <= stage.steps.length, 'more turns than steps');
    stage.turns.forEach((turn, index) => {
      const step = stage.steps[index];
      rule(step?.kind === turn.kind && step.team === turn.team, `turn ${index} is not the planned step`);
      // Only the captain whose turn it was, or the deadline, made each turn.
      rule(turn.userID === null || turn.userID === stage.teams[turn.team]?.captainID, `turn ${index} was made by ${turn.userID}`);
    });
    const civIDs = stage.turns.map((turn) => turn.leader.civID);
    rule(new Set(civIDs).size === civIDs.length, 'a leader was banned or picked twice');
    const stored = new Set(stage.storedBans.map((leader) => leader.civID));
    rule(!civIDs.some((civID) => stored.has(civID)), 'a stored ban was banned or picked');
    const picks = stage.turns.filter((turn) => turn.kind === 'pick');
    rule(duplicates || isDuplicateFree(picks.map((turn) => turn.leader)), 'a civilization or persona was picked twice');
    for (const turn of picks) {
      const leader = BY_ID.get(turn.leader.civID) ?? { pack: '' };
      for (const userID of stage.teams[turn.team]?.memberIDs ?? []) {
        rule(ownsLeader(playerOf.get(userID) ?? {}, leader), `${userID} does not own ${turn.leader.civID}`);
      }
    }
    rule((state.status === 'complete') === (stage.turns.length === stage.steps.length), 'complete does not match the turns');
    rule((stage.deadline === null) === (state.status === 'complete'), 'deadline does not match the status');
  }

  if (stage.mode === 'blind') {
    for (const [userID, civID] of Object.entries(stage.picks)) {
      rule(players.includes(userID), `${userID} picked but is not a player`);
      const hand = stage.deal.players.find((player) => player.userID === userID)?.civChoices ?? [];
      rule(
        hand.some((leader) => leader.civID === civID),
        `${userID} picked outside the hand`,
      );
    }
    rule(stage.revealed === (state.status === 'complete'), 'revealed does not match the status');
    rule(!stage.revealed || players.every((userID) => stage.picks[userID] !== undefined), 'revealed with a pick missing');
  }

  if (stage.mode === 'majorityBans') {
    for (const proposed of Object.values(stage.proposals)) {
      rule(proposed.length <= state.config.majorityBansPerPlayer, 'too many proposals');
      rule(new Set(proposed).size === proposed.length, 'a leader proposed twice');
    }
    rule((stage.deal === null) === (state.status === 'running'), 'deal does not match the status');
    if (stage.deal) {
      const counts = new Map<string, number>();
      for (const proposed of Object.values(stage.proposals)) for (const civID of proposed) counts.set(civID, (counts.get(civID) ?? 0) + 1);
      const majority = [...counts].filter(([, count]) => count * 2 > players.length).map(([civID]) => civID);
      const decided = [...stage.banned, ...stage.kept].map((leader) => leader.civID);
      rule(sameList(decided.sort(), majority.sort()), 'bans are not the majority’s');
      const dealt = new Set(stage.deal.players.flatMap((player) => player.civChoices.map((leader) => leader.civID)));
      rule(!stage.banned.some((leader) => dealt.has(leader.civID)), 'a banned leader was dealt');
    }
  }

  if (stage.mode === 'random') rule(state.status === 'complete', 'a random draft is not complete');

  // Hands come from draft(): each leader once, owned by its player, and fair unless duplicates are allowed.
  const hands = handsOf(state);
  const dealt = hands.flatMap((player) => player.civChoices);
  rule(new Set(dealt.map((leader) => leader.civID)).size === dealt.length, 'a leader was dealt twice');
  rule(duplicates || isDuplicateFree(dealt), 'a civilization or persona was dealt twice');
  for (const hand of hands) {
    for (const leader of hand.civChoices) {
      rule(
        ownsLeader(playerOf.get(hand.userID) ?? {}, BY_ID.get(leader.civID) ?? { pack: '' }),
        `${hand.userID} was dealt ${leader.civID} unowned`,
      );
    }
  }

  if (state.vote) {
    const ballots = Object.values(state.vote.votes);
    const yes = ballots.filter(Boolean).length;
    rule(yes * 2 <= players.length, 'an open vote already has a majority');
    rule((yes + players.length - ballots.length) * 2 > players.length, 'an open vote can no longer pass');
    rule(state.vote.deadline - state.vote.openedAt === REDRAFT_VOTE_SECONDS * SECOND, 'a vote is not 90 s long');
  }
  return broken;
}

/** What each reader sees: secret picks and proposals are absent for everyone who may not see them yet. */
function leaks(state: DraftMachineState): string[] {
  const found: string[] = [];
  const { stage } = state;
  const anonymous = state.config.anonymousMode;
  for (const viewer of [...state.players, null]) {
    const view = viewDraft(state, viewer?.userID ?? null);
    const who = viewer?.userID ?? 'an outsider';
    state.players.forEach((player, index) => {
      const seen = view.players[index];
      if (!seen) return void found.push(`${player.userID} missing from the view`);
      const self = viewer?.userID === player.userID;
      const teamMate = viewer !== null && viewer.team !== null && viewer.team === player.team;
      if (anonymous && !self && !teamMate && seen.hand.length > 0) found.push(`${who} sees ${player.userID}'s hand`);
      if (stage.mode === 'blind') {
        const civID = stage.picks[player.userID];
        const shown = seen.pick?.civID;
        if (civID === undefined && shown !== undefined) found.push(`${who} sees a pick ${player.userID} did not make`);
        else if (civID !== undefined && self && shown !== civID) found.push(`${who} does not see their own pick`);
        else if (civID !== undefined && !self && !stage.revealed && shown !== undefined)
          found.push(`${who} sees ${player.userID}'s pick early`);
        else if (civID !== undefined && stage.revealed && !anonymous && shown !== civID)
          found.push(`${who} does not see ${player.userID}'s pick`);
      }
      if (stage.mode === 'majorityBans' && stage.deal === null && !self && seen.proposedBans.length > 0) {
        found.push(`${who} sees ${player.userID}'s proposals early`);
      }
    });
  }
  return found;
}

function checkInvariants(state: DraftMachineState): void {
  expect(brokenRules(state)).toEqual([]);
}

function checkViews(state: DraftMachineState): void {
  expect(leaks(state)).toEqual([]);
}

/** Builds the action a move stands for, and whether the machine must refuse it. */
function actionFor(state: DraftMachineState, step: Move): { action: DraftMachineAction; mustRefuse: boolean } | null {
  const { stage } = state;
  const players = state.players;
  const someone = players[step.who % players.length]?.userID ?? 'u0';
  if (step.kind === 'timeout') return { action: { type: 'timeout' }, mustRefuse: false };
  if (step.kind === 'callVote') return { action: { type: 'callVote', userID: someone }, mustRefuse: false };
  if (step.kind === 'vote') return { action: { type: 'vote', userID: someone, yes: step.yes }, mustRefuse: false };
  if (step.kind === 'wait' || state.status !== 'running') return null;

  if (stage.mode === 'captains') {
    const turn = stage.steps[stage.turns.length];
    const team = turn ? stage.teams[turn.team] : undefined;
    if (!turn || !team) return null;
    const options = captainOptions(state).map((leader) => leader.civID);
    const option = options[step.which % options.length] ?? '';
    if (step.kind === 'legal') return { action: { type: turn.kind, userID: team.captainID, civID: option }, mustRefuse: false };
    if (step.kind === 'wrongType') {
      return { action: { type: turn.kind === 'ban' ? 'pick' : 'ban', userID: team.captainID, civID: option }, mustRefuse: true };
    }
    if (step.kind === 'wrongActor') {
      const others = [...players.map((player) => player.userID), 'stranger'].filter((userID) => userID !== team.captainID);
      return { action: { type: turn.kind, userID: others[step.who % others.length] ?? 'stranger', civID: option }, mustRefuse: true };
    }
    const refused = [...CIV_IDS, 'NOT_A_LEADER'].filter((civID) => !options.includes(civID));
    return {
      action: { type: turn.kind, userID: team.captainID, civID: refused[step.which % refused.length] ?? 'NOT_A_LEADER' },
      mustRefuse: true,
    };
  }

  if (stage.mode === 'blind') {
    const hand = stage.deal.players.find((player) => player.userID === someone)?.civChoices.map((leader) => leader.civID) ?? [];
    const own = hand[step.which % hand.length] ?? '';
    if (step.kind === 'legal') return { action: { type: 'blindPick', userID: someone, civID: own }, mustRefuse: false };
    if (step.kind === 'wrongActor') return { action: { type: 'blindPick', userID: 'stranger', civID: own }, mustRefuse: true };
    if (step.kind === 'wrongType') return { action: { type: 'pick', userID: someone, civID: own }, mustRefuse: true };
    const others = CIV_IDS.filter((civID) => !hand.includes(civID));
    return {
      action: { type: 'blindPick', userID: someone, civID: others[step.which % others.length] ?? 'NOT_A_LEADER' },
      mustRefuse: true,
    };
  }

  if (stage.mode === 'majorityBans') {
    const count = step.which % (state.config.majorityBansPerPlayer + 1);
    const civIDs = Array.from({ length: count }, (_, index) => CIV_IDS[(step.which + index * 7) % CIV_IDS.length] ?? '');
    if (step.kind === 'legal') return { action: { type: 'proposeBans', userID: someone, civIDs: [...new Set(civIDs)] }, mustRefuse: false };
    if (step.kind === 'wrongActor') return { action: { type: 'proposeBans', userID: 'stranger', civIDs: [] }, mustRefuse: true };
    if (step.kind === 'wrongType') return { action: { type: 'blindPick', userID: someone, civID: CIV_IDS[0] ?? '' }, mustRefuse: true };
    const tooMany = CIV_IDS.slice(0, state.config.majorityBansPerPlayer + 1);
    return { action: { type: 'proposeBans', userID: someone, civIDs: step.yes ? tooMany : ['NOT_A_LEADER'] }, mustRefuse: true };
  }
  return null;
}

/** Freezes a state all through, so that an action changing the state it was given throws instead. */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) frozen(item);
  }
  return value;
}

/** Applies an action to a frozen state; a refusal must be a DraftError. */
function attempt(state: DraftMachineState, action: DraftMachineAction, now: number, seed: number): DraftMachineState | null {
  try {
    return frozen(applyDraftAction(frozen(state), action, { now, random: seededRandom(seed) }));
  } catch (error) {
    if (!(error instanceof DraftError)) throw error;
    return null;
  }
}

/** Times out whatever waits, checking that each timed-out turn or pick is a valid one, until nothing waits. */
function runOut(initial: DraftMachineState, seed: number): DraftMachineState {
  let state = initial;
  for (let guard = 0; guard < 500; guard += 1) {
    const due = nextDeadline(state);
    if (due === null) return state;
    const options = captainOptions(state).map((leader) => leader.civID);
    const turnsBefore = state.stage.mode === 'captains' ? state.stage.turns.length : 0;
    const round = state.round;
    state = frozen(applyDraftAction(frozen(state), { type: 'timeout' }, { now: due, random: seededRandom(seed + guard) }));
    checkInvariants(state);
    if (state.stage.mode === 'captains' && state.round === round && state.stage.turns.length > turnsBefore) {
      const turn = state.stage.turns[turnsBefore];
      expect(turn?.userID).toBeNull();
      expect(options).toContain(turn?.leader.civID);
    }
  }
  throw new Error('the draft never settled');
}

/** At the end every count is exact. */
function checkFinished(state: DraftMachineState): void {
  expect(state.status).toBe('complete');
  expect(state.vote).toBeNull();
  const { stage } = state;
  if (stage.mode === 'captains') {
    stage.teams.forEach((_, team) => {
      expect(stage.turns.filter((turn) => turn.team === team && turn.kind === 'pick')).toHaveLength(stage.picksPerTeam);
      expect(stage.turns.filter((turn) => turn.team === team && turn.kind === 'ban')).toHaveLength(state.config.bansPerTeam);
    });
  }
  if (stage.mode === 'blind') expect(Object.keys(stage.picks)).toHaveLength(state.players.length);
  if (stage.mode === 'majorityBans') {
    for (const player of stage.deal?.players ?? []) expect(player.civChoices).toHaveLength(stage.deal?.numCiv ?? -1);
  }
}

describe('the draft machine under random configurations and actions', () => {
  it(
    'keeps its rules through any sequence of legal and illegal actions, and ends with exact counts',
    () => {
      fc.assert(
        fc.property(setup(), fc.array(move, { maxLength: 20 }), (config, moves) => {
          const initial = tryStart(config);
          if (!initial) return;
          checkInvariants(initial);
          let state = initial;
          let now = T0;
          moves.forEach((step, index) => {
            now += step.seconds * SECOND;
            const planned = actionFor(state, step);
            if (!planned) return;
            const deadline = stageDeadlineOf(state);
            const next = attempt(state, planned.action, now, config.seed + index);
            if (planned.mustRefuse) expect(next).toBeNull();
            else if (step.kind === 'legal') expect(next === null).toBe(deadline !== null && now >= deadline);
            if (!next) return;
            state = next;
            checkInvariants(state);
            checkViews(state);
          });
          const done = runOut(state, config.seed);
          checkFinished(done);
          checkViews(done);
          const view = viewDraft(done, done.players[0]?.userID ?? null);
          expect(draftMachineView.safeParse(view).success).toBe(true);
          expect(draftMachineState.safeParse(done).success).toBe(true);
          expect(JSON.parse(JSON.stringify(done))).toStrictEqual(done);
        }),
        { numRuns: 1500 },
      );
    },
    SLOW,
  );

  it(
    'gives a valid random choice on every timeout, whoever’s turn it is',
    () => {
      fc.assert(
        fc.property(setup(['captains', 'blind']), (config) => {
          const initial = tryStart(config);
          if (!initial) return;
          const done = runOut(initial, config.seed);
          checkFinished(done);
          if (done.stage.mode === 'blind') {
            expect([...done.stage.autoPicked].sort()).toEqual(done.players.map((player) => player.userID).sort());
          }
        }),
        { numRuns: 2000 },
      );
    },
    SLOW,
  );

  it(
    'keeps a blind pick from every other reader until the reveal, and shows every pick to all after',
    () => {
      fc.assert(
        fc.property(setup(['blind']), fc.array(fc.record({ who: fc.nat(), which: fc.nat() }), { maxLength: 12 }), (config, picks) => {
          const initial = tryStart(config);
          if (!initial || initial.stage.mode !== 'blind') return;
          let state = initial;
          picks.forEach(({ who, which }, index) => {
            if (state.status !== 'running' || state.stage.mode !== 'blind') return;
            const player = state.players[who % state.players.length];
            const hand = state.stage.deal.players.find((dealt) => dealt.userID === player?.userID)?.civChoices ?? [];
            const civID = hand[which % hand.length]?.civID ?? '';
            state = applyDraftAction(
              state,
              { type: 'blindPick', userID: player?.userID ?? '', civID },
              { now: T0 + index * SECOND, random: seededRandom(index) },
            );
            checkViews(state);
          });
          state = runOut(state, config.seed);
          if (state.stage.mode !== 'blind') throw new Error('blind');
          const picked = state.stage.picks;
          if (!config.config.anonymousMode) {
            for (const viewer of [...state.players.map((player) => player.userID), null]) {
              expect(Object.fromEntries(viewDraft(state, viewer).players.map((player) => [player.userID, player.pick?.civID]))).toEqual(
                picked,
              );
            }
          }
          checkViews(state);
        }),
        { numRuns: 1000 },
      );
    },
    SLOW,
  );

  it(
    'passes a redraft vote exactly when yes votes exceed half of the players within 90 s',
    () => {
      fc.assert(
        fc.property(
          fc.integer({ min: 1, max: 12 }),
          fc.nat(),
          fc.array(fc.record({ who: fc.nat(), yes: fc.boolean(), seconds: fc.integer({ min: 0, max: 30 }) }), { maxLength: 16 }),
          (count, caller, ballots) => {
            const context: DraftMachineContext = {
              players: Array.from({ length: count }, (_, index) => ({ userID: `u${index}`, username: `Player ${index}`, leaderBans: [] })),
              leaders: LEADERS.filter((leader) => leader.pack === 'Base Game'),
              maps: civ6.maps,
              groupSettings: defaultGroupSettings(),
            };
            const config = draftModeConfig.parse({ mode: 'random', gameType: 'ffa', numCiv: 1 });
            const opened = applyDraftAction(
              startDraft(config, context, { now: T0 }, seededRandom(1)),
              { type: 'callVote', userID: `u${caller % count}` },
              {
                now: T0,
                random: seededRandom(2),
              },
            );

            // The rule, played out by hand: each player votes once, the caller's call is a yes, and the vote is settled
            // the moment yes is more than half or can no longer be.
            const votes = new Map<string, boolean>([[`u${caller % count}`, true]]);
            let expected: 'passed' | 'failed' | 'open' = 1 * 2 > count ? 'passed' : 'open';
            let state = opened;
            let now = T0;
            for (const ballot of ballots) {
              now += ballot.seconds * SECOND;
              const userID = `u${ballot.who % count}`;
              const result = attempt(state, { type: 'vote', userID, yes: ballot.yes }, now, ballot.who);
              const allowed = expected === 'open' && now < T0 + REDRAFT_VOTE_SECONDS * SECOND && !votes.has(userID);
              expect(result !== null).toBe(allowed);
              if (!result) continue;
              state = result;
              votes.set(userID, ballot.yes);
              const yes = [...votes.values()].filter(Boolean).length;
              if (yes * 2 > count) expected = 'passed';
              else if ((yes + count - votes.size) * 2 <= count) expected = 'failed';
            }
            // A vote still open when time runs out fails at the timeout.
            expect(state.round).toBe(expected === 'passed' ? 2 : 1);
            expect(state.vote === null).toBe(expected !== 'open');
            if (expected === 'failed') expect(state.lastVote?.outcome).toBe('failed');
            const closed = state.vote
              ? applyDraftAction(state, { type: 'timeout' }, { now: T0 + REDRAFT_VOTE_SECONDS * SECOND, random: seededRandom(3) })
              : state;
            expect(closed.vote).toBeNull();
            expect(closed.lastVote?.outcome).toBe(expected === 'passed' ? 'passed' : 'failed');
          },
        ),
        { numRuns: 4500 },
      );
    },
    SLOW,
  );
});
