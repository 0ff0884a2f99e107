import { MAX_LEADER_BANS_DEFAULT, MAX_LEADER_BANS_MAX, MAX_LEADER_BANS_MIN, type GroupSettings } from '../groups/settings';
import { FAILURE_TO_RETRIEVE_CIVS_MESSAGE } from './catalogue';
import { SETTING_TYPES, type CivLeader, type CivMap, type SettingType, type SettingValue } from './catalogue-types';
import { civChoiceLabel, personaOf } from './labels';

// The server deals drafts with its own random source, and the browser may preview with the same function, so it is
// pure: everything it needs comes in, and its only source of chance is `random`.

/** Spec 5 and 9: the limits of the New-game form and of the draft. */
/** How a team game's teams are made: as chosen, round-robin at random, or balanced by rating. */
export const TEAM_SPLITS = ['manual', 'random', 'balanced'] as const;

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
   * (the same leader name before any parenthesis) is dealt twice in one draft. Absent: groupSettings.allowDuplicateCivs.
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

/** The base game comes with every copy, so it is owned whatever a member ticked. */
export const BASE_GAME_PACK = 'Base Game';

/** Whether a player may be dealt this leader: from their own packs or the base game, or any pack when they have not said. */
export const ownsLeader = (player: Pick<DraftPlayer, 'ownedPacks'>, leader: Pick<CivLeader, 'pack'>): boolean =>
  player.ownedPacks == null || leader.pack === BASE_GAME_PACK || player.ownedPacks.includes(leader.pack);

/**
 * The leaders in groups of which one draft deals at most one. Without duplicates, leaders who share a nation or a
 * persona are joined, and transitively so (Kublai Khan ties China to Mongolia): picking one leader per group is then
 * enough for no nation and no persona to be dealt twice, and the number of groups is exactly how many can be dealt.
 * With duplicates, each leader is a group of its own.
 */
export function conflictGroups(leaders: readonly CivLeader[], allowDuplicateCivs: boolean): CivLeader[][] {
  if (allowDuplicateCivs) return leaders.map((leader) => [leader]);
  const parent = leaders.map((_, index) => index);
  const root = (index: number): number => {
    let at = index;
    while (parent[at] !== at) at = parent[at] ?? at;
    return at;
  };
  const firstWith = new Map<string, number>();
  leaders.forEach((leader, index) => {
    const nation = leader.nation.trim();
    const persona = personaOf(leader.leader);
    const keys = [nation && `nation:${nation}`, persona && `persona:${persona}`];
    for (const key of keys) {
      if (!key) continue;
      const first = firstWith.get(key);
      if (first === undefined) firstWith.set(key, index);
      else parent[root(index)] = root(first);
    }
  });
  const groups = new Map<number, CivLeader[]>();
  leaders.forEach((leader, index) => {
    const key = root(index);
    groups.set(key, [...(groups.get(key) ?? []), leader]);
  });
  return [...groups.values()];
}

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

/** Spec 9's pool clamp cannot give every player one leader. */
function poolTooSmall(input: DraftInput, duplicates: boolean, poolSize: number, leaderCount: number, banCount: number): DraftError {
  const what = duplicates ? 'leaders' : 'leaders of different civilizations';
  return new DraftError(
    `Not enough leaders left to draft: ${input.players.length} players need at least 1 each, but only ${poolSize} ${what} of ${leaderCount} remain after ${banCount} bans`,
  );
}

/**
 * Refuses, before anything is drawn, a draft some player's packs cannot cover whatever the others are dealt: every
 * other player might take leaders this one owns, so each must own leaders in at least as many groups as are dealt.
 */
function checkOwnedLeaders(players: readonly DraftPlayer[], ownedGroupCounts: readonly number[], total: number): void {
  const short = players
    .map((player, index) => ({ player, owns: ownedGroupCounts[index] ?? 0 }))
    .filter(({ player, owns }) => player.ownedPacks != null && owns < total)
    .sort((a, b) => a.owns - b.owns);
  if (short.length === 0) return;
  const needed = `${total} ${total === 1 ? 'is' : 'are'} needed`;
  throw new DraftError(
    short.map(({ player, owns }) => `${player.username} owns ${owns} ${owns === 1 ? 'leader' : 'leaders'}; ${needed}`).join('. '),
  );
}

/**
 * Each player's hand, in input order. Every draw is uniform among the leaders the player owns whose group nobody holds
 * yet. It never runs dry, in any order: each player owns leaders in at least `total` groups (checkOwnedLeaders) and
 * fewer than `total` are taken before any draw. The most constrained players are still dealt first, so the players
 * with the fewest packs draw from all they own rather than from what the others left.
 */
function dealHands(
  players: readonly DraftPlayer[],
  groups: readonly (readonly CivLeader[])[],
  counts: readonly number[],
  random: Random,
): DraftedLeader[][] {
  const groupOf = new Map(groups.flatMap((group, index) => group.map((leader) => [leader.civID, index] as const)));
  const owned = players.map((player) => groups.flat().filter((leader) => ownsLeader(player, leader)));
  const ownedGroupCounts = owned.map((leaders) => new Set(leaders.map((leader) => groupOf.get(leader.civID))).size);
  checkOwnedLeaders(
    players,
    ownedGroupCounts,
    counts.reduce((sum, count) => sum + count, 0),
  );

  const order = players.map((_, index) => index).sort((a, b) => (ownedGroupCounts[a] ?? 0) - (ownedGroupCounts[b] ?? 0));
  const taken = new Set<number | undefined>();
  const hands: DraftedLeader[][] = players.map(() => []);
  for (const index of order) {
    for (let drawn = 0; drawn < (counts[index] ?? 0); drawn += 1) {
      const free = (owned[index] ?? []).filter((leader) => !taken.has(groupOf.get(leader.civID)));
      const leader = free[pick(random, free.length)];
      if (!leader) throw new DraftError(`${players[index]?.username ?? 'A player'} has no leader left to be dealt`);
      taken.add(groupOf.get(leader.civID));
      hands[index]?.push(asDraftedLeader(leader));
    }
  }
  return hands;
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
  // The pool the clamp counts is what can really be dealt: one leader per group.
  const duplicates = input.allowDuplicateCivs ?? input.groupSettings.allowDuplicateCivs ?? false;
  const groups = conflictGroups(
    leaders.filter((leader) => !banned.has(leader.civID)),
    duplicates,
  );
  const numCiv = civsPerPlayer(requestedNumCiv, groups.length, players.length);
  if (numCiv < 1) throw poolTooSmall(input, duplicates, groups.length, leaders.length, banned.size);
  const counts = players.map((player) => choicesFor(numCiv, banCounts[player.userID] ?? 0, freeBans, input.bansRemovePicks === true));
  const hands = dealHands(players, groups, counts, random);
  const teams = draftTeams(input, random);

  return {
    map: draftMap(players, input.maps, random),
    players: players.map((player, index) => ({
      userID: player.userID,
      username: player.username,
      team: teams[index] ?? null,
      civChoices: hands[index] ?? [],
    })),
    bannedLeaders: bannedLeaders.map(asDraftedLeader),
    settings: draftSettings(players, input.groupSettings, random),
    numCiv,
  };
}

// ---- Sharing and reproducing -----------------------------------------------------------------------

export interface DraftTextOptions {
  gameName?: string;
  /** Anonymous mode: only the reader's own hand and their team-mates' are shown. */
  anonymous?: boolean;
  /** The reader's userID; in anonymous mode without one, every hand is hidden. */
  viewerID?: string | null;
  /** Which deal for these players this is: from 2 on, the first line says so ("(deal 3)"). */
  dealNumber?: number;
}

/**
 * Copy for Discord: a short summary, one line per player ("Alice — Gorgo (Greece), Trajan (Rome)"). A bare string is
 * the game's name, as earlier callers pass it.
 */
export function draftAsText(result: DraftResult, options: DraftTextOptions | string = {}): string {
  const { gameName, anonymous = false, viewerID = null, dealNumber = 1 } = typeof options === 'string' ? { gameName: options } : options;
  const viewerTeam = result.players.find((player) => player.userID === viewerID)?.team ?? null;
  const shown = (player: DraftedPlayer): boolean =>
    !anonymous || (viewerID !== null && player.userID === viewerID) || (viewerTeam !== null && player.team === viewerTeam);
  const listOf = (leaders: readonly DraftedLeader[]): string => (leaders.length > 0 ? leaders.map(civChoiceLabel).join(', ') : 'none');

  const lines: string[] = [];
  if (gameName?.trim()) lines.push(`Game: ${gameName.trim()}`);
  lines.push(`Map: ${result.map?.name ?? 'none'}`);
  for (const player of result.players) {
    const team = player.team === null ? '' : ` (Team ${player.team})`;
    lines.push(`${player.username}${team} — ${shown(player) ? listOf(player.civChoices) : 'hidden until the game ends'}`);
  }
  lines.push(`Bans: ${listOf(result.bannedLeaders)}`);
  if (dealNumber > 1) lines[0] += ` (deal ${dealNumber})`;
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
