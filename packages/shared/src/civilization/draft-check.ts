import type { CivLeader, CivMap } from './catalogue-types';
import {
  DRAFT_LIMITS,
  choicesFor,
  civsPerPlayer,
  mapCandidates,
  readWholeNumber,
  uniqueLeaders,
  type DraftResult,
  type DraftedLeader,
} from './draft';

/** What the server knows for certain about a game a client drafted. */
export interface DraftCheckContext {
  /** the users who may play: a player outside this list is refused */
  memberIDs: readonly string[];
  leaders: readonly CivLeader[];
  maps: readonly CivMap[];
  /** union of the players' bans within the group's max (civIDs) */
  bans: readonly string[];
  /** civs per player asked for (or already clamped: the pool clamp gives the same answer) */
  numCiv: number;
  freeBans?: number;
  bansRemovePicks?: boolean;
  /** each player's own ban count (the one bansRemovePicks takes away); a missing player counts 0 */
  playerBans?: Record<string, number>;
  gameType: 'ffa' | 'team';
}

type SubmittedDraft = Pick<DraftResult, 'map' | 'players' | 'bannedLeaders'>;
type Report = (field: string, message: string) => void;

const leaderText = (leader: DraftedLeader): string => `${leader.leader} (${leader.nation})`;
const nameOf = (player: { userID: string; username: string }): string => player.username || player.userID;

function checkPlayers({ players }: SubmittedDraft, context: DraftCheckContext, report: Report): void {
  if (players.length === 0) report('players', 'A game needs at least 1 player');
  if (players.length > DRAFT_LIMITS.maxPlayers) report('players', `A game has at most ${DRAFT_LIMITS.maxPlayers} players`);
  const members = new Set(context.memberIDs);
  const seen = new Set<string>();
  for (const player of players) {
    if (!members.has(player.userID)) report('players', `${nameOf(player)} is not a member of this group`);
    if (seen.has(player.userID)) report('players', `${nameOf(player)} appears more than once`);
    seen.add(player.userID);
  }
}

function checkBannedLeaders(draft: SubmittedDraft, leadersByID: Map<string, CivLeader>, bans: Set<string>, report: Report): void {
  const submitted = new Set<string>();
  for (const banned of draft.bannedLeaders) {
    const known = leadersByID.get(banned.civID);
    if (!bans.has(banned.civID) || !known || known.leader !== banned.leader || known.nation !== banned.nation) {
      report('bannedLeaders', `${leaderText(banned)} was not banned by the players`);
    }
    submitted.add(banned.civID);
  }
  for (const civID of bans) {
    const known = leadersByID.get(civID);
    if (known && !submitted.has(civID)) report('bannedLeaders', `${leaderText(known)} is banned but missing from the banned leaders`);
  }
}

function checkCivChoices(
  draft: SubmittedDraft,
  context: DraftCheckContext,
  leadersByID: Map<string, CivLeader>,
  bans: Set<string>,
  report: Report,
): void {
  const given = new Set<string>();
  for (const player of draft.players) {
    for (const choice of player.civChoices) {
      const known = leadersByID.get(choice.civID);
      if (!known) report('civChoices', `${choice.civID} is not a leader of this game`);
      else if (known.leader !== choice.leader || known.nation !== choice.nation) {
        report('civChoices', `${choice.civID} is ${leaderText(known)}, not ${leaderText(choice)}`);
      }
      if (bans.has(choice.civID)) report('civChoices', `${leaderText(choice)} is banned`);
      if (given.has(choice.civID)) report('civChoices', `${leaderText(choice)} is given more than once`);
      given.add(choice.civID);
    }
  }

  const { numCivMin, numCivMax, freeBansMin, freeBansMax } = DRAFT_LIMITS;
  const requested = readWholeNumber(context.numCiv, numCivMin, numCivMax);
  if (requested === null) return report('numCiv', `Civs per player must be a whole number from ${numCivMin} to ${numCivMax}`);
  const freeBans = readWholeNumber(context.freeBans ?? DRAFT_LIMITS.freeBansDefault, freeBansMin, freeBansMax);
  if (freeBans === null) return report('freeBans', `Free bans must be a whole number from ${freeBansMin} to ${freeBansMax}`);
  const poolSize = [...leadersByID.keys()].filter((civID) => !bans.has(civID)).length;
  const numCiv = civsPerPlayer(requested, poolSize, Math.max(1, draft.players.length));
  for (const player of draft.players) {
    const banCount = context.playerBans?.[player.userID] ?? 0;
    const allowed = choicesFor(numCiv, banCount, freeBans, context.bansRemovePicks === true);
    if (player.civChoices.length < 1) report('civChoices', `${nameOf(player)} has no civ choices`);
    else if (player.civChoices.length > allowed) {
      report('civChoices', `${nameOf(player)} has ${player.civChoices.length} civ choices but may have at most ${allowed}`);
    }
  }
}

function checkMap({ map, players }: SubmittedDraft, maps: readonly CivMap[], report: Report): void {
  if (map === null) {
    if (mapCandidates(maps, players.length).length > 0) report('map', 'A map must be chosen');
    return;
  }
  const known = maps.find((candidate) => candidate.name === map.name);
  if (!known) report('map', `${map.name} is not a map of this game`);
  else if (known.minPlayers !== map.minPlayers)
    report('map', `${map.name} needs at least ${known.minPlayers} players, not ${map.minPlayers}`);
  else if (known.minPlayers > players.length) report('map', `${map.name} needs at least ${known.minPlayers} players`);
}

function checkTeams({ players }: SubmittedDraft, gameType: DraftCheckContext['gameType'], report: Report): void {
  if (gameType === 'ffa') {
    for (const player of players) if (player.team != null) report('team', `${nameOf(player)} cannot have a team in a free-for-all game`);
    return;
  }
  const { teamMin, teamMax } = DRAFT_LIMITS;
  for (const player of players) {
    const { team } = player;
    if (typeof team !== 'number' || !Number.isInteger(team) || team < teamMin || team > teamMax) {
      report('team', `${nameOf(player)}'s team must be from ${teamMin} to ${teamMax}`);
    }
  }
  if (new Set(players.map((player) => player.team)).size < 2) report('team', 'A team game needs players on at least 2 teams');
}

/**
 * Every problem of a submitted draft, as field -> message (several problems of a field joined by '; '); an empty
 * object when it is a draft `draft` could have made. The server uses it to refuse forged drafts.
 */
export function checkDraft(draft: SubmittedDraft, context: DraftCheckContext): Record<string, string> {
  const problems = new Map<string, string[]>();
  const report: Report = (field, message) => {
    const messages = problems.get(field) ?? [];
    if (!messages.includes(message)) problems.set(field, [...messages, message]);
  };
  const leadersByID = new Map(uniqueLeaders(context.leaders).map((leader) => [leader.civID, leader]));
  // Bans of leaders this game does not have are ignored, as the draft ignores them.
  const bans = new Set(context.bans.filter((civID) => leadersByID.has(civID)));

  checkPlayers(draft, context, report);
  checkBannedLeaders(draft, leadersByID, bans, report);
  checkCivChoices(draft, context, leadersByID, bans, report);
  checkMap(draft, context.maps, report);
  checkTeams(draft, context.gameType, report);
  return Object.fromEntries([...problems].map(([field, messages]) => [field, messages.join('; ')]));
}
