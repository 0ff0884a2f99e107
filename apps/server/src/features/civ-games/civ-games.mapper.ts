import type { CivGameCatalogue, SettingType } from '@smm/shared/civilization/catalogue-types';
import { SETTING_TYPES } from '@smm/shared/civilization/catalogue-types';
import type { CivChoiceDto, GameDto, GameType, VictoryType } from '@smm/shared/civilization/games-schemas';
import { VICTORY_TYPES } from '@smm/shared/civilization/games-schemas';
import type { SettingPreferenceDto } from '@smm/shared/civilization/schemas';
import { skillOrdinal } from '@smm/shared/civilization/ladder';
import { gamePermissions } from '@smm/shared/civilization/game-policy';
import type { Viewer } from '@smm/shared/groups/policy';
import { toIso } from '../../lib/iso-time';
import type { GameMemberRow, GameRow } from './civ-games.repo';
import type { CivRatingChangesTable } from './civ-games.tables';

export function parseJson<T>(text: string, fallback: T): T {
  try {
    return (JSON.parse(text) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

export type GameSettings = Record<SettingType, SettingPreferenceDto[]>;
export const emptyGameSettings = (): GameSettings => Object.fromEntries(SETTING_TYPES.map((type) => [type, []])) as unknown as GameSettings;

const leaderMaps = new WeakMap<CivGameCatalogue, Map<string, CivGameCatalogue['leaders'][number]>>();

const leaderLookup = (catalogue: CivGameCatalogue | undefined) => {
  let byId = catalogue && leaderMaps.get(catalogue);
  if (!byId) {
    byId = new Map(catalogue?.leaders.map((l) => [l.civID, l]) ?? []);
    if (catalogue) leaderMaps.set(catalogue, byId);
  }
  const leaders = byId;
  return (civIds: readonly string[]): CivChoiceDto[] =>
    civIds.flatMap((id) => {
      const leader = leaders.get(id);
      return leader ? [{ civID: leader.civID, nation: leader.nation, leader: leader.leader }] : [];
    });
};

/**
 * Whether the viewer may see a member's civ choices. Anonymous mode hides them from everyone but the
 * member and their teammates at the game's creation, until a manager finishes the game; once
 * revealed they stay revealed. Later edits (a team switch, a type switch) change nothing here.
 */
export function choicesVisible(
  game: Pick<GameRow, 'anonymous_mode' | 'revealed_at'>,
  member: Pick<GameMemberRow, 'user_id' | 'initial_team'>,
  viewer: Pick<GameMemberRow, 'user_id' | 'initial_team'> | undefined,
): boolean {
  if (game.anonymous_mode !== 1 || game.revealed_at !== null) return true;
  if (!viewer) return false;
  if (viewer.user_id === member.user_id) return true;
  return viewer.initial_team !== null && viewer.initial_team === member.initial_team;
}

/** What the caller reads beside the game rows: rating changes, pending proposals, their role in the group. */
export interface GameExtras {
  ratingChanges: readonly CivRatingChangesTable[];
  pendingProposals: ReadonlyMap<string, number>;
  viewer: Viewer;
}

const oneDecimal = (n: number) => Math.round(n * 100) / 100;

function ratingChangeOf(change: CivRatingChangesTable | undefined) {
  if (!change) return null;
  const before = skillOrdinal({ mu: Number(change.mu_before), sigma: Number(change.sigma_before) });
  const after = skillOrdinal({ mu: Number(change.mu_after), sigma: Number(change.sigma_after) });
  return { before: oneDecimal(before), after: oneDecimal(after), delta: oneDecimal(after - before) };
}

/** 1 for the first eliminated, and so on; players eliminated together share a number. */
function eliminationOrder(members: readonly GameMemberRow[]): Map<string, number> {
  const steps = [...new Set(members.flatMap((m) => (m.is_active === 0 && m.eliminated_step !== null ? [m.eliminated_step] : [])))].sort(
    (a, b) => a - b,
  );
  return new Map(
    members.flatMap((m) => (m.is_active === 0 && m.eliminated_step !== null ? [[m.user_id, steps.indexOf(m.eliminated_step) + 1]] : [])),
  );
}

/** The spec's Game JSON, with civ choices withheld where anonymous mode says so. */
export function toGameDto(
  game: GameRow,
  members: readonly GameMemberRow[],
  catalogue: CivGameCatalogue | undefined,
  viewerId: string,
  extras: GameExtras,
): GameDto {
  const leaders = leaderLookup(catalogue);
  const own = members.filter((m) => m.game_id === game.id);
  const viewer = own.find((m) => m.user_id === viewerId);
  const eliminated = eliminationOrder(own);
  const changes = new Map(extras.ratingChanges.filter((c) => c.game_id === game.id).map((c) => [c.user_id, c]));
  const gameType = game.game_type as GameType;
  return {
    _id: game.id,
    groupID: game.group_id,
    gameName: game.game_name,
    // Who hosts and who records are shown to every member, in anonymous mode too: it hides leaders, not players.
    host: game.host,
    chosenHost: game.chosen_host,
    lobbyLink: game.lobby_link,
    gameType,
    winner: game.winner === null ? null : gameType === 'team' ? Number(game.winner) : game.winner,
    victoryType: (VICTORY_TYPES as readonly string[]).includes(game.victory_type ?? '') ? (game.victory_type as VictoryType) : null,
    map: game.map,
    bannedLeaders: leaders(parseJson<string[]>(game.banned_leaders, [])),
    dateCreated: toIso(game.created_at),
    dateFinished: game.finished_at === null ? null : toIso(game.finished_at),
    isFinished: game.finished_at !== null,
    anonymousMode: game.anonymous_mode === 1,
    draftMode: game.draft_mode === 1,
    numCiv: game.num_civ,
    settings: { ...emptyGameSettings(), ...parseJson<Partial<GameSettings>>(game.settings, {}) },
    eventID: game.event_id,
    createdBy: game.created_by,
    members: own.map((m) => {
      const visible = choicesVisible(game, m, viewer);
      return {
        userID: m.user_id,
        username: m.username,
        isActive: m.is_active === 1,
        team: m.team,
        civChoices: visible ? leaders(parseJson<string[]>(m.civ_choices, [])) : [],
        civChoicesHidden: !visible,
        civPlayed: visible && m.civ_played ? (leaders([m.civ_played])[0] ?? null) : null,
        placement: game.finished_at === null ? null : m.placement,
        eliminationStep: eliminated.get(m.user_id) ?? null,
        ratingChange: game.finished_at === null ? null : ratingChangeOf(changes.get(m.user_id)),
      };
    }),
    dateDeleted: game.deleted_at === null ? null : toIso(game.deleted_at),
    pendingProposals: extras.pendingProposals.get(game.id) ?? 0,
    resultVersion: game.result_version,
    permissions: gamePermissions(extras.viewer, viewerId, {
      host: game.chosen_host,
      createdBy: game.created_by,
      playerIDs: own.map((m) => m.user_id),
    }),
  };
}
