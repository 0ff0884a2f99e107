import { MAX_LEADER_BANS_DEFAULT, MAX_LEADER_BANS_MAX, MAX_LEADER_BANS_MIN, type GroupSettings } from '../groups/settings';
import { FAILURE_TO_RETRIEVE_CIVS_MESSAGE } from './catalogue';
import { SETTING_TYPES, type CivLeader, type CivMap, type SettingType, type SettingValue } from './catalogue-types';
import { civChoiceLabel } from './labels';

// The draft runs in the browser to preview a game and again on the server to re-check what was submitted
// (draft-check.ts), so it is pure: everything it needs comes in, and its only source of chance is `random`.

/** Spec 5 and 9: the limits of the New-game form and of the draft. */
export const DRAFT_LIMITS = {
  maxPlayers: 12,
  numCivMin: 1,
  numCivMax: 5,
  numCivDraftDefault: 5,
  numCivFormDefault: 3,
  freeBansMin: 1,
  freeBansMax: 5,
  freeBansDefault: 1,
  teamCountDefault: 2,
  teamMin: 1,
  teamMax: 12,
} as const;

/** A source of numbers in [0, 1), such as Math.random or seededRandom(seed). */
export type Random = () => number;

export type SettingPreference = { title: string; value: SettingValue };

export interface DraftPlayer {
  userID: string;
  username: string;
  /** manual team 1-12, used when gameType is 'team' and randomTeams is false */
  team?: number | null;
  /** this member's bans, already cut to the group's max (first made first) */
  leaderBans: readonly string[];
  /** maps this member would like */
  maps?: readonly string[];
  /** this member's setting preferences */
  settings?: Partial<Record<SettingType, readonly SettingPreference[]>>;
  /**
   * The packs (CivLeader.pack names) this member owns; 'Base Game' is always owned. Absent or null:
   * the member has not said, and is dealt from every pack.
   */
  ownedPacks?: readonly string[] | null;
}

/** Numbers come from form inputs, so numeric text is accepted too and truncated like a number. */
type WholeNumberInput = number | string;

export interface DraftInput {
  /** 1 to 12, ordered as chosen in the form */
  players: readonly DraftPlayer[];
  /** the game's civ list; empty -> 'Failure to retrieve civilizations' */
  leaders: readonly CivLeader[];
  maps: readonly CivMap[];
  groupSettings: GroupSettings;
  /** civs per player, 1 to 5, default 5 */
  numCiv?: WholeNumberInput | null;
  /** 1 to 5, default 1 */
  freeBans?: WholeNumberInput | null;
  bansRemovePicks?: boolean;
  gameType: 'ffa' | 'team';
  randomTeams?: boolean;
  /** default 2; 2 to the number of players */
  teamCount?: WholeNumberInput | null;
  /**
   * A group game setting. False (the default): no civilization (nation) and no persona of one leader
   * (the same leader name before any parenthesis) is dealt twice in one draft.
   */
  allowDuplicateCivs?: boolean;
}

export interface DraftedLeader {
  civID: string;
  leader: string;
  nation: string;
}

export interface DraftedPlayer {
  userID: string;
  username: string;
  team: number | null;
  civChoices: DraftedLeader[];
}

export interface DraftResult {
  map: CivMap | null;
  players: DraftedPlayer[];
  bannedLeaders: DraftedLeader[];
  settings: Record<SettingType, SettingPreference[]>;
  /** civs per player actually used, after the pool clamp */
  numCiv: number;
}

/** A draft that cannot be made; the message is meant for the person who asked for it. */
export class DraftError extends Error {
  override readonly name = 'DraftError';
}

// ---- Rules shared with draft-check.ts ------------------------------------------------------------

/** Spec 5: a number or numeric text, truncated, within [min, max]; null for anything else. */
export function readWholeNumber(value: unknown, min: number, max: number): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(number)) return null;
  const whole = Math.trunc(number);
  return whole >= min && whole <= max ? whole : null;
}

/** Spec 9: civs per player once the pool clamp applies; 0 when the pool cannot give each player one leader. */
export const civsPerPlayer = (numCiv: number, poolSize: number, playerCount: number): number =>
  playerCount * numCiv > poolSize ? Math.floor(poolSize / playerCount) : numCiv;

/** Spec 9: with bansRemovePicks a player gets numCiv - own bans + free bans, clamped between 1 and numCiv. */
export const choicesFor = (numCiv: number, banCount: number, freeBans: number, bansRemovePicks: boolean): number =>
  bansRemovePicks ? Math.min(numCiv, Math.max(1, numCiv - banCount + freeBans)) : numCiv;

/** The maps a game of this many players can be played on. */
export const mapCandidates = (maps: readonly CivMap[], playerCount: number): CivMap[] =>
  maps.filter((map) => map.minPlayers <= playerCount);

/** The leader list with each civID once (the first wins), so a doubled catalogue row cannot be drafted twice. */
export function uniqueLeaders(leaders: readonly CivLeader[]): CivLeader[] {
  const byID = new Map<string, CivLeader>();
  for (const leader of leaders) if (!byID.has(leader.civID)) byID.set(leader.civID, leader);
  return [...byID.values()];
}

export const asDraftedLeader = ({ civID, leader, nation }: DraftedLeader): DraftedLeader => ({ civID, leader, nation });

/**
 * The game's bans: every player's bans within the group's max that name a known leader, in first-seen order,
 * and how many of them each player made (the count bansRemovePicks takes away).
 */
export function draftBans(
  players: readonly Pick<DraftPlayer, 'userID' | 'leaderBans'>[],
  leaders: readonly CivLeader[],
  maxNumberOfLeaderBans: number,
): { bannedLeaders: CivLeader[]; banCounts: Record<string, number> } {
  const byID = new Map(uniqueLeaders(leaders).map((leader) => [leader.civID, leader]));
  const max = readWholeNumber(maxNumberOfLeaderBans, MAX_LEADER_BANS_MIN, MAX_LEADER_BANS_MAX) ?? MAX_LEADER_BANS_DEFAULT;
  const banned = new Map<string, CivLeader>();
  const banCounts: Record<string, number> = {};
  for (const player of players) {
    const own = new Set(player.leaderBans.slice(0, max).filter((civID) => byID.has(civID)));
    banCounts[player.userID] = own.size;
    for (const civID of own) if (!banned.has(civID)) banned.set(civID, byID.get(civID) as CivLeader);
  }
  return { bannedLeaders: [...banned.values()], banCounts };
}

// ---- The draft -------------------------------------------------------------------------------------

/** An index in [0, length); a source that strays outside [0, 1) is held to the ends rather than trusted. */
function pick(random: Random, length: number): number {
  const index = Math.floor(random() * length);
  return Number.isNaN(index) ? 0 : Math.min(length - 1, Math.max(0, index));
}

/** `count` items drawn uniformly without replacement (a partial Fisher-Yates shuffle). */
function drawWithoutReplacement<T>(items: readonly T[], count: number, random: Random): T[] {
  const pool = [...items];
  for (let i = 0; i < count; i += 1) {
    const j = i + pick(random, pool.length - i);
    [pool[i], pool[j]] = [pool[j] as T, pool[i] as T];
  }
  return pool.slice(0, count);
}

function wholeNumberOr(value: WholeNumberInput | null | undefined, fallback: number, label: string, min: number, max: number): number {
  if (value === undefined || value === null) return fallback;
  const whole = readWholeNumber(value, min, max);
  if (whole === null) throw new DraftError(`${label} must be a whole number from ${min} to ${max}`);
  return whole;
}

function checkPlayers(players: readonly DraftPlayer[]): void {
  if (players.length === 0) throw new DraftError('Select at least 1 player to draft');
  if (players.length > DRAFT_LIMITS.maxPlayers) throw new DraftError(`At most ${DRAFT_LIMITS.maxPlayers} players can be drafted`);
  const seen = new Set<string>();
  for (const player of players) {
    if (seen.has(player.userID)) throw new DraftError(`${player.username} is selected more than once`);
    seen.add(player.userID);
  }
}

/** Each player's team, in input order: null for ffa, random round-robin, or the manual choice. */
function draftTeams(input: DraftInput, random: Random): (number | null)[] {
  const { players } = input;
  if (input.gameType === 'ffa') return players.map(() => null);
  if (players.length < 2) throw new DraftError('A team game needs at least 2 players');
  if (input.randomTeams) {
    const teamCount = wholeNumberOr(input.teamCount, DRAFT_LIMITS.teamCountDefault, 'Teams', 2, players.length);
    const shuffled = drawWithoutReplacement(players, players.length, random);
    const teamOf = new Map(shuffled.map((player, index) => [player.userID, (index % teamCount) + 1]));
    return players.map((player) => teamOf.get(player.userID) ?? null);
  }
  const teams = players.map((player) => {
    const team = readWholeNumber(player.team, DRAFT_LIMITS.teamMin, DRAFT_LIMITS.teamMax);
    if (team === null) throw new DraftError(`${player.username}'s team must be from ${DRAFT_LIMITS.teamMin} to ${DRAFT_LIMITS.teamMax}`);
    return team;
  });
  if (new Set(teams).size < 2) throw new DraftError('A team game needs players on at least 2 teams');
  return teams;
}

/** A map drawn from the players' candidate choices (one ticket per choice), else from every candidate. */
function draftMap(players: readonly DraftPlayer[], maps: readonly CivMap[], random: Random): CivMap | null {
  const candidates = mapCandidates(maps, players.length);
  const byName = new Map(candidates.map((map) => [map.name, map]));
  const tickets = players.flatMap((player) => [...new Set(player.maps ?? [])].flatMap((name) => byName.get(name) ?? []));
  const from = tickets.length > 0 ? tickets : candidates;
  const chosen = from[pick(random, from.length)];
  return chosen ? { name: chosen.name, minPlayers: chosen.minPlayers } : null;
}

const isSettingValue = (value: unknown): value is SettingValue => typeof value === 'string' || typeof value === 'number';

/** The value most players chose (a tie drawn at random), or undefined when nobody chose. */
function mostChosen(values: readonly SettingValue[], random: Random): SettingValue | undefined {
  const counts = new Map<SettingValue, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());
  const tied = [...counts].filter(([, count]) => count === top).map(([value]) => value);
  return tied.length > 1 ? tied[pick(random, tied.length)] : tied[0];
}

/** Locked entries take lockedValue; enabled ones the players' most chosen value, else the group's value. */
function draftSettings(players: readonly DraftPlayer[], groupSettings: GroupSettings, random: Random): DraftResult['settings'] {
  const settingsOf = (type: SettingType): SettingPreference[] =>
    groupSettings[type].flatMap((entry) => {
      const chosen = entry.isEnabled
        ? mostChosen(
            players.flatMap((player) => player.settings?.[type]?.find((pref) => pref.title === entry.title)?.value ?? []),
            random,
          )
        : undefined;
      const fallback = entry.isEnabled ? [entry.value, entry.lockedValue] : [entry.lockedValue];
      const value = chosen ?? fallback.find(isSettingValue);
      return value === undefined ? [] : [{ title: entry.title, value }];
    });
  return Object.fromEntries(SETTING_TYPES.map((type) => [type, settingsOf(type)])) as DraftResult['settings'];
}

/** Drafts a game: bans, civ choices, teams, map and settings (spec 9); throws DraftError when it cannot. */
export function draft(input: DraftInput, random: Random = Math.random): DraftResult {
  const leaders = uniqueLeaders(input.leaders);
  if (leaders.length === 0) throw new DraftError(FAILURE_TO_RETRIEVE_CIVS_MESSAGE);
  const { players } = input;
  checkPlayers(players);
  const { numCivMin, numCivMax, freeBansMin, freeBansMax } = DRAFT_LIMITS;
  const requestedNumCiv = wholeNumberOr(input.numCiv, DRAFT_LIMITS.numCivDraftDefault, 'Civs per player', numCivMin, numCivMax);
  const freeBans = wholeNumberOr(input.freeBans, DRAFT_LIMITS.freeBansDefault, 'Free bans', freeBansMin, freeBansMax);

  const { bannedLeaders, banCounts } = draftBans(players, leaders, input.groupSettings.maxNumberOfLeaderBans);
  const banned = new Set(bannedLeaders.map((leader) => leader.civID));
  const pool = leaders.filter((leader) => !banned.has(leader.civID));
  const numCiv = civsPerPlayer(requestedNumCiv, pool.length, players.length);
  if (numCiv < 1) {
    throw new DraftError(
      `Not enough leaders left to draft: ${pool.length} of ${leaders.length} remain after ${banned.size} bans, for ${players.length} players`,
    );
  }

  const teams = draftTeams(input, random);
  const counts = players.map((player) => choicesFor(numCiv, banCounts[player.userID] ?? 0, freeBans, input.bansRemovePicks === true));
  const drawn = drawWithoutReplacement(
    pool,
    counts.reduce((sum, count) => sum + count, 0),
    random,
  );
  let next = 0;
  const draftedPlayers = players.map((player, index): DraftedPlayer => {
    const count = counts[index] ?? 0;
    const civChoices = drawn.slice(next, next + count).map(asDraftedLeader);
    next += count;
    return { userID: player.userID, username: player.username, team: teams[index] ?? null, civChoices };
  });

  return {
    map: draftMap(players, input.maps, random),
    players: draftedPlayers,
    bannedLeaders: bannedLeaders.map(asDraftedLeader),
    settings: draftSettings(players, input.groupSettings, random),
    numCiv,
  };
}

// ---- Sharing and reproducing -----------------------------------------------------------------------

const SETTING_TYPE_LABELS: Record<SettingType, string> = {
  gameSettings: 'Game Settings',
  gameModes: 'Game Modes',
  victoryTypes: 'Victory Types',
  tradingAndDiplomacy: 'Trading and Diplomacy',
};

const leaderText = (leader: DraftedLeader): string => civChoiceLabel(leader);

/** The draft as plain text to paste into Discord. */
export function draftAsText(result: DraftResult, gameName?: string): string {
  const lines: string[] = [];
  if (gameName?.trim()) lines.push(`Game: ${gameName.trim()}`);
  lines.push(`Map: ${result.map?.name ?? 'None'}`, '', 'Players:');
  for (const player of result.players) {
    const team = player.team === null ? '' : ` (Team ${player.team})`;
    const choices = player.civChoices.length > 0 ? player.civChoices.map(leaderText).join(', ') : 'no choices';
    lines.push(`- ${player.username}${team}: ${choices}`);
  }
  lines.push('', `Banned leaders: ${result.bannedLeaders.length > 0 ? result.bannedLeaders.map(leaderText).join(', ') : 'None'}`);
  for (const type of SETTING_TYPES) {
    const settings = result.settings[type];
    if (settings.length === 0) continue;
    lines.push('', `${SETTING_TYPE_LABELS[type]}:`, ...settings.map((setting) => `- ${setting.title}: ${setting.value}`));
  }
  return lines.join('\n');
}

/** A seeded source of numbers in [0, 1) (mulberry32), for tests and reproducible drafts. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
